import { expect, html, oneEvent } from '@open-wc/testing';
import '../../../src/elements/sign-in/sign-in.ts';
import type { SvcSignIn } from '../../../src/elements/sign-in/sign-in.ts';
import { BUYER, clearStorage, latestMail, rawPost } from '../support/server.ts';
import { mount, query, textOf, type, waitFor } from './helpers.ts';

const submit = (el: SvcSignIn) => query<HTMLFormElement>(el, 'form')!.requestSubmit();

/** Sets the buyer's password through the reset e-mail, outside any element. */
async function setPasswordByMail(password: string) {
  await rawPost('/auth/forget-password', { email: BUYER.email });
  const mail = await latestMail(BUYER.email, 'password_reset');
  const { status } = await rawPost('/auth/save-password', { token: mail.data.token, password });
  expect(status).to.equal(200);
}

describe('<svc-sign-in>', () => {
  beforeEach(() => clearStorage());

  it('signs in with e-mail and password, merges the guest cart, signs out', async () => {
    const { storefront, element: el } = await mount<SvcSignIn>(html`<svc-sign-in></svc-sign-in>`);
    await storefront.cart.add({ type: 'variant', variant_id: 104, quantity: 1 }); // a guest cart
    await expect(el).to.be.accessible();
    type(query(el, '#email'), BUYER.email);
    type(query(el, '#password'), 'wrong password');
    submit(el);
    await waitFor(() => textOf(query(el, '[part~=message]')) === 'Wrong e-mail or password.', 4000);
    type(query(el, '#password'), BUYER.password);
    const signedIn = oneEvent(el, 'svc-sign-in');
    submit(el);
    expect((await signedIn).detail).to.deep.equal({ email: BUYER.email, storeId: 'demo-store' });
    await waitFor(() => storefront.$cart.get().source === 'customer', 4000, 'the customer cart');
    expect(storefront.$cart.get().cart!.items.some((l) => l.variant_id === 104)).to.equal(true);
    await waitFor(() => textOf(el).includes(`Signed in as ${BUYER.email}`), 4000);
    await expect(el).to.be.accessible();
    const signedOut = oneEvent(el, 'svc-sign-out');
    query<HTMLButtonElement>(el, '[part~=sign-out]')!.click();
    await signedOut;
    await waitFor(() => !!query(el, '#password'));
  });

  it('asks for the one-time code when the store requires one (code from the dev mailbox)', async () => {
    const { element: el } = await mount<SvcSignIn>(html`<svc-sign-in></svc-sign-in>`, { store: { id: 'otp-store', key: 'sfk_otp' } });
    type(query(el, '#email'), BUYER.email);
    type(query(el, '#password'), BUYER.password);
    submit(el);
    await waitFor(() => !!query(el, '#otp'), 4000, 'the code step');
    expect(textOf(query(el, '[part~=message]'))).to.include('6-digit code');
    await expect(el).to.be.accessible();
    type(query(el, '#otp'), '12');
    submit(el);
    await el.updateComplete;
    expect(textOf(query(el, '#otp-error'))).to.equal('The code has 6 digits.');
    const mail = await latestMail(BUYER.email, 'otp');
    type(query(el, '#otp'), String(mail.data.code));
    const signedIn = oneEvent(el, 'svc-sign-in');
    submit(el);
    expect((await signedIn).detail.storeId).to.equal('otp-store');
    await waitFor(() => textOf(el).includes('Hello'), 4000);
  });

  it('forgot password → reset link from the dev mailbox → new password works', async () => {
    const { element: el } = await mount<SvcSignIn>(html`<svc-sign-in></svc-sign-in>`);
    [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part~=link]')].find((b) => b.textContent!.includes('Forgot'))!.click();
    await el.updateComplete;
    type(query(el, '#email'), BUYER.email);
    submit(el);
    await waitFor(() => textOf(query(el, '[part~=message]')).includes('we sent it a reset link'), 4000);
    const mail = await latestMail(BUYER.email, 'password_reset');
    expect(mail.data.link).to.equal(`${location.origin}/reset-password?token=${encodeURIComponent(mail.data.token)}`);

    const next = 'a brand new password';
    try {
      const { element: reset, storefront } = await mount<SvcSignIn>(html`<svc-sign-in reset-token=${mail.data.token}></svc-sign-in>`);
      type(query(reset, '#newPassword'), next);
      type(query(reset, '#confirm'), 'something else');
      submit(reset);
      await reset.updateComplete;
      expect(textOf(query(reset, '#confirm-error'))).to.equal('The passwords differ.');
      type(query(reset, '#confirm'), next);
      submit(reset);
      await waitFor(() => textOf(query(reset, '[part~=message]')).includes('new password is saved'), 4000);
      type(query(reset, '#email'), BUYER.email);
      type(query(reset, '#password'), next);
      const signedIn = oneEvent(reset, 'svc-sign-in');
      submit(reset);
      await signedIn;
      await storefront.signOut();
      // the link is spent
      const { element: again } = await mount<SvcSignIn>(html`<svc-sign-in reset-token=${mail.data.token}></svc-sign-in>`);
      type(query(again, '#newPassword'), next);
      type(query(again, '#confirm'), next);
      submit(again);
      await waitFor(() => textOf(query(again, '[part~=message]')).includes('no longer works'), 4000);
    } finally {
      await setPasswordByMail(BUYER.password);
    }
  });
});
