import { expect, html } from '@open-wc/testing';
import '../../../src/elements/order-status/order-status.ts';
import type { SvcOrderStatus } from '../../../src/elements/order-status/order-status.ts';
import { clearStorage } from '../support/server.ts';
import { $, $$, mount, placeOrder, text, waitFor } from './helpers.ts';

/**
 * Replaces `navigator.clipboard.writeText` (headless Chromium has no clipboard permission) with a recorder; the
 * element's own code runs unchanged. Returns what was written and a restore function.
 */
export function recordClipboard() {
  const written: string[] = [];
  const original = Object.getOwnPropertyDescriptor(navigator.clipboard, 'writeText');
  Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async (text: string) => void written.push(text) });
  const restore = () => (original ? Object.defineProperty(navigator.clipboard, 'writeText', original) : delete (navigator.clipboard as { writeText?: unknown }).writeText);
  return { written, restore };
}

/** The order number block of `el`: the number, its copy button and the live region announcing a copy. */
export async function expectCopyableNumber(el: Element, number: string, lang: 'id' | 'en') {
  const words = lang === 'id' ? { copy: 'Salin', copied: 'Disalin', name: 'Salin nomor pesanan', said: `Nomor pesanan ${number} disalin.` }
    : { copy: 'Copy', copied: 'Copied', name: 'Copy order number', said: `Order number ${number} copied.` };
  expect(text($(el, '[part~=order-number-value]'))).to.equal(number);
  const button = $<HTMLButtonElement>(el, '[part~=order-number-copy]')!;
  expect(text(button)).to.equal(`${words.copy} ${lang === 'id' ? 'nomor pesanan' : 'order number'}`); // visible word + sr-only words: its name
  const box = button.getBoundingClientRect();
  expect(box.width).to.be.at.least(44);
  expect(box.height).to.be.at.least(44);
  const live = $(el, '[part~=order-number] [aria-live=polite]')!;
  expect(text(live)).to.equal('');

  const clipboard = recordClipboard();
  try {
    button.click();
    await waitFor(() => clipboard.written.length > 0, 2000, 'the clipboard write');
    expect(clipboard.written).to.deep.equal([number]);
    await waitFor(() => text(button).startsWith(words.copied), 2000, 'the visible confirmation');
    expect(text(live)).to.equal(words.said);
    await waitFor(() => text(button).startsWith(`${words.copy} `), 4000, 'the button offering to copy again');
    expect(text(live)).to.equal('');
  } finally {
    clipboard.restore();
  }
}

describe('order number', () => {
  beforeEach(() => clearStorage());

  it('<svc-order-status> shows the order number with a copy button (en)', async () => {
    const order = await placeOrder('bank_transfer');
    expect(order.order_number).to.match(/^\d{6}-[0-9A-Z]{6}$/);
    const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug=${order.secret_slug}></svc-order-status>`);
    await waitFor(() => !!$(el, '[part~=order-number]'), 4000, 'the order');
    await expectCopyableNumber(el, order.order_number, 'en');
    await expect(el).to.be.accessible();
  });

  it('<svc-order-status> in Indonesian: "Salin", then "Disalin"', async () => {
    const order = await placeOrder('bank_transfer');
    const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug=${order.secret_slug}></svc-order-status>`, { lang: 'id' });
    await waitFor(() => !!$(el, '[part~=order-number]'), 4000, 'the order');
    await expectCopyableNumber(el, order.order_number, 'id');
    await expect(el).to.be.accessible();
  });
});

describe('payment method names follow the UI language', () => {
  beforeEach(() => clearStorage());

  const methodLine = async (method: string, channel: string | undefined, lang: 'id' | 'en') => {
    const order = await placeOrder(method, channel);
    const { element: el } = await mount<SvcOrderStatus>(html`<svc-order-status secret-slug=${order.secret_slug}></svc-order-status>`, { lang });
    await waitFor(() => text(el).includes(lang === 'id' ? 'Metode pembayaran' : 'Payment method'), 4000, 'the order');
    const label = `${lang === 'id' ? 'Metode pembayaran' : 'Payment method'}: `;
    return $$(el, 'span').map(text).find((s) => s.startsWith(label))!.slice(label.length);
  };

  it('<svc-order-status>: ours for the known codes and channels, in id and en', async () => {
    expect(await methodLine('cod', undefined, 'en')).to.equal('Cash on delivery (COD)');
    expect(await methodLine('cod', undefined, 'id')).to.equal('Bayar di tempat (COD)');
    expect(await methodLine('virtual_account', 'bca', 'en')).to.equal('Virtual account · BCA');
    expect(await methodLine('ewallet', 'shopeepay', 'id')).to.equal('E-wallet · ShopeePay');
    expect(await methodLine('bank_transfer', undefined, 'id')).to.equal('Transfer bank');
  });
});
