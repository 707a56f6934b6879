/** The order number block of the checkout confirmation and the order status page, checked the same way in both. */
import { expect } from '@open-wc/testing';
import { query, textOf, waitFor } from './helpers.ts';

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
  expect(textOf(query(el, '[part~=order-number-value]'))).to.equal(number);
  const button = query<HTMLButtonElement>(el, '[part~=order-number-copy]')!;
  expect(textOf(button)).to.equal(words.name); // the visible word, then sr-only words: its accessible name
  const box = button.getBoundingClientRect();
  expect(box.width).to.be.at.least(44);
  expect(box.height).to.be.at.least(44);
  const live = query(el, '[part~=order-number] [aria-live=polite]')!;
  expect(textOf(live)).to.equal('');

  const clipboard = recordClipboard();
  try {
    button.click();
    await waitFor(() => clipboard.written.length > 0, 2000, 'the clipboard write');
    expect(clipboard.written).to.deep.equal([number]);
    await waitFor(() => textOf(button).startsWith(words.copied), 2000, 'the visible confirmation');
    expect(textOf(live)).to.equal(words.said);
    await waitFor(() => textOf(button).startsWith(`${words.copy} `), 4000, 'the button offering to copy again');
    expect(textOf(live)).to.equal('');
  } finally {
    clipboard.restore();
  }
}
