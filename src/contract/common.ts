import * as z from 'zod/mini';

/** Money on the wire: a decimal string of whole rupiah (the seed shows `shipping_cost` as the string `"0"`). */
export const Money = z.string().check(z.regex(/^-?\d+$/, 'Expected a whole number of rupiah as a string'));
export type Money = z.infer<typeof Money>;

/** A positive integer id given in a path, query or body: numbers and numeric strings are both accepted. */
export const IdInput = z.pipe(
  z.union([z.int(), z.string().check(z.regex(/^\d+$/, 'Expected a numeric id'))]),
  z.transform((value) => Number(value)),
).check(z.refine((n) => Number.isSafeInteger(n) && n > 0, 'Expected a positive integer id'));

export const Timestamp = z.iso.datetime({ offset: true });

export const ItemType = z.enum(['physical', 'digital']);
export type ItemType = z.infer<typeof ItemType>;

export { HEADERS } from './constants.ts';
