import type { Terms } from '../shared/localize.ts';

const id = {
  /** A value whose variants are all sold out, read after its name. */
  valueSoldOut: 'habis',
};

export const VARIANT_SELECTOR_TERMS: Terms<typeof id> = { id, en: { valueSoldOut: 'sold out' } };
