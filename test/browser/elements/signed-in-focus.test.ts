import { expect, html } from '@open-wc/testing';
import '../../../src/elements/account/account.ts';
import type { SvcAccount } from '../../../src/elements/account/account.ts';
import '../../../src/elements/sign-in/sign-in.ts';
import type { SvcSignIn } from '../../../src/elements/sign-in/sign-in.ts';
import { BUYER, clearStorage } from '../support/server.ts';
import { mount, query, type, waitFor } from './helpers.ts';

/** Signs in through the form of `signIn`, as a buyer would: typing, then pressing the submit button. */
function signInWithForm(signIn: SvcSignIn) {
  type(query(signIn, '#email'), BUYER.email);
  type(query(signIn, '#password'), BUYER.password);
  query<HTMLButtonElement>(signIn, '[part~=submit]')!.focus();
  query<HTMLButtonElement>(signIn, '[part~=submit]')!.click();
}

/** The element that has focus, looking through shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

describe('focus after sign-in', () => {
  beforeEach(() => clearStorage());

  it('<svc-sign-in>: the signed-in greeting takes focus, not <body>; after sign-out, the form heading', async () => {
    const { element: el } = await mount<SvcSignIn>(html`<svc-sign-in></svc-sign-in>`);
    signInWithForm(el);
    await waitFor(() => !!query(el, '[part~=sign-out]'), 4000, 'the signed-in view');
    await waitFor(() => deepActive() === query(el, '[part~=heading]'), 2000, 'focus on the greeting');
    expect(deepActive()!.textContent).to.match(/^Hello/);
    await expect(el).to.be.accessible();

    query<HTMLButtonElement>(el, '[part~=sign-out]')!.click();
    await waitFor(() => !!query(el, '#password'), 4000, 'the sign-in form');
    await waitFor(() => deepActive() === query(el, '[part~=heading]'), 2000, 'focus on the form heading');
    expect(deepActive()!.textContent!.trim()).to.equal('Sign in');
  });

  it('<svc-account>: signing in with its form focuses the account heading once the account is shown', async () => {
    const { element: el } = await mount<SvcAccount>(html`<svc-account></svc-account>`, { lang: 'id' });
    const signIn = query<SvcSignIn>(el, 'svc-sign-in')!;
    await signIn.updateComplete;
    signInWithForm(signIn);
    await waitFor(() => !!query(el, '[role=tablist]'), 4000, 'the account');
    await waitFor(() => deepActive() === query(el, 'header > [part~=heading]'), 2000, 'focus on the account heading');
    expect(deepActive()!.textContent!.trim()).to.equal('Akun saya');
    await expect(el).to.be.accessible();
  });

  it('<svc-account>: a sign-in that did not come from its form moves no focus', async () => {
    const { store, storefront, element: el } = await mount<SvcAccount>(html`<svc-account></svc-account>`);
    const elsewhere = store.appendChild(Object.assign(document.createElement('button'), { textContent: 'Elsewhere' }));
    try {
      const signIn = query<SvcSignIn>(el, 'svc-sign-in')!;
      await signIn.updateComplete;
      query(signIn, '#email')!.focus(); // visited the form, then left it for the page
      elsewhere.focus();
      await storefront.signIn(BUYER);
      await waitFor(() => !!query(el, '[role=tablist]'), 4000, 'the account');
      await el.updateComplete;
      expect(document.activeElement).to.equal(elsewhere);
    } finally {
      elsewhere.remove();
    }
  });
});
