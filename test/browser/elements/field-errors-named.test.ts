// Sign-in and the account's profile: an empty required field's message names what is missing, in both languages.
import { expect, html } from '@open-wc/testing';
import '../../../src/elements/account/account.ts';
import type { SvcAccount } from '../../../src/elements/account/account.ts';
import '../../../src/elements/sign-in/sign-in.ts';
import type { SvcSignIn } from '../../../src/elements/sign-in/sign-in.ts';
import { BUYER, clearStorage } from '../support/server.ts';
import { findAll, mount, query, textOf, type, waitFor } from './helpers.ts';

describe('required fields named in their message', () => {
  beforeEach(() => clearStorage());

  for (const [lang, email, password] of [['id', 'Masukkan alamat e-mail Anda.', 'Masukkan kata sandi Anda.'], ['en', 'Enter your e-mail address.', 'Enter your password.']]) {
    it(`<svc-sign-in lang="${lang}"> submitted empty`, async () => {
      const { element: el } = await mount<SvcSignIn>(html`<svc-sign-in></svc-sign-in>`, { lang });
      query<HTMLFormElement>(el, 'form')!.requestSubmit();
      await el.updateComplete;
      expect(textOf(query(el, '#email-error'))).to.equal(email);
      expect(textOf(query(el, '#password-error'))).to.equal(password);
      expect(el.shadowRoot!.activeElement?.id).to.equal('email');
    });
  }

  it('<svc-account>: the profile saved without a name', async () => {
    const { storefront, element: el } = await mount<SvcAccount>(html`<svc-account lang="id"></svc-account>`);
    await storefront.signIn(BUYER);
    await waitFor(() => textOf(el).includes(BUYER.email), 4000, 'the profile');
    findAll<HTMLButtonElement>(el, 'button').find((b) => b.textContent!.includes('Ubah profil'))!.click();
    await el.updateComplete;
    type(query(el, '#name'), '  ');
    query<HTMLFormElement>(el, 'form')!.requestSubmit();
    await el.updateComplete;
    expect(textOf(query(el, '#name-error'))).to.equal('Masukkan nama Anda.');
  });
});
