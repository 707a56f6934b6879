import { html } from 'lit';
import type { TermOf } from '../shared/localize.ts';
import type { PaymentInstructionsTerms } from './payment-instructions.i18n.ts';

/**
 * Where a bank's apps and ATMs keep payment to a virtual account, by the menu names they commonly show (written as
 * the bank writes them, the same in every language). Generic enough to stay true across app versions; the steps say
 * that the names may differ a little. A bank not listed gets `OTHER_BANK`.
 */
type Menus = { app: string; web: string; atm: string; mobile: string; internet: string; machine: string };

const BANKS: Record<string, Menus> = {
  bca: { app: 'BCA mobile', web: 'KlikBCA', atm: 'ATM BCA', mobile: 'm-Transfer → BCA Virtual Account',
    internet: 'Transfer Dana → Transfer ke BCA Virtual Account', machine: 'Transaksi Lainnya → Transfer → ke Rekening BCA Virtual Account' },
  bni: { app: 'wondr by BNI / BNI Mobile Banking', web: 'BNI Internet Banking', atm: 'ATM BNI', mobile: 'Transfer → Virtual Account Billing',
    internet: 'Transfer → Virtual Account Billing', machine: 'Menu Lainnya → Transfer → Virtual Account Billing' },
  bri: { app: 'BRImo', web: 'Internet Banking BRI', atm: 'ATM BRI', mobile: 'Pembayaran → BRIVA',
    internet: 'Pembayaran → BRIVA', machine: 'Transaksi Lain → Pembayaran → Lainnya → BRIVA' },
  mandiri: { app: "Livin' by Mandiri", web: 'Internet banking Mandiri', atm: 'ATM Mandiri', mobile: 'Bayar → Multipayment / Virtual Account',
    internet: 'Bayar → Multipayment', machine: 'Bayar/Beli → Lainnya → Multipayment' },
  permata: { app: 'PermataMobile X', web: 'PermataNet', atm: 'ATM Permata', mobile: 'Bayar Tagihan → Virtual Account',
    internet: 'Pembayaran → Pembayaran Tagihan → Virtual Account', machine: 'Transaksi Lainnya → Pembayaran → Pembayaran Lainnya → Virtual Account' },
  cimb: { app: 'OCTO Mobile', web: 'OCTO Clicks', atm: 'ATM CIMB Niaga', mobile: 'Transfer → Virtual Account',
    internet: 'Bayar Tagihan → Virtual Account', machine: 'Transfer → Virtual Account' },
  bsi: { app: 'BSI Mobile', web: 'BSI Net Banking', atm: 'ATM BSI', mobile: 'Bayar → Virtual Account',
    internet: 'Bayar → Virtual Account', machine: 'Bayar/Beli → Virtual Account' },
};

const OTHER_BANK = (bank: string): Menus => ({
  app: `m-banking ${bank}`, web: `Internet banking ${bank}`, atm: `ATM ${bank}`,
  mobile: 'Transfer / Bayar → Virtual Account', internet: 'Transfer / Bayar → Virtual Account', machine: 'Transfer / Pembayaran → Virtual Account',
});

export type VaFacts = { bankCode: string; bankName: string; number: string; accountName: string; amount: string };

/**
 * How to pay a virtual account at its bank: m-banking, internet banking and ATM, each a `<details>` (the first
 * open), each an ordered list of steps naming the number, the account name and the amount to check.
 */
export function vaSteps(term: TermOf<PaymentInstructionsTerms>, va: VaFacts) {
  const m = BANKS[va.bankCode.toLowerCase()] ?? OTHER_BANK(va.bankName);
  const enter = term('stepNumber', va.number);
  const check = term('stepCheck', va.accountName, va.amount);
  const ways: Array<[string, string[]]> = [
    [term('viaMobile', m.app), [term('stepOpen', m.app), term('stepMenu', m.mobile), enter, `${check} ${term('withPin')}`]],
    [term('viaInternet', m.web), [term('stepSignIn', m.web), term('stepMenu', m.internet), enter, `${check} ${term('withToken')}`]],
    [m.atm, [term('stepCard', m.atm), term('stepMenu', m.machine), enter, `${check} ${term('withPin')}`, term('stepReceipt')]],
  ];
  return html`<section class="steps" part="steps">
    <h4>${term('howToPayAt', va.bankName)}</h4>
    ${ways.map(([title, steps], i) => html`<details part="steps-group" ?open=${i === 0}><summary>${title}</summary>
      <ol>${steps.map((step) => html`<li>${step}</li>`)}</ol></details>`)}
    <p class="hint">${term('menuNote')}</p>
  </section>`;
}
