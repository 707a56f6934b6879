import type { PaymentMethod } from '../../contract/catalog.ts';

const TYPES = new Set(['bank_transfer', 'cod', 'virtual_account', 'qris', 'ewallet', 'card', 'invoice']);

/**
 * The page author's payment methods: the JSON of `/public/payment-methods` (`[{ code, type, name, channels }]`), or
 * the short form `"virtual_account:bca,bni qris cod"` (codes that are also types, channels after a colon).
 */
export function parseMethods(value: string | null | undefined, name: (code: string) => string): PaymentMethod[] {
  const text = value?.trim();
  if (!text) return [];
  if (text.startsWith('[')) return JSON.parse(text) as PaymentMethod[];
  return text.split(/\s+/).map((entry) => {
    const [code, channels = ''] = entry.split(':');
    return {
      code,
      type: (TYPES.has(code) ? code : 'bank_transfer') as PaymentMethod['type'],
      name: name(code),
      channels: channels.split(',').filter(Boolean).map((c) => ({ code: c, name: c.toUpperCase() })),
    };
  });
}
