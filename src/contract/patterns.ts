/**
 * The patterns of the buyer's fields, one copy for the schemas that check them on the server and for the browser
 * checks that say the same thing in the buyer's language first (the elements and page-runtime.js). Plain regular
 * expressions, no zod: a browser bundle that imports them carries only these few bytes.
 */

/** A phone number: an optional `+`, then 7 to 19 digits, spaces or dashes ("0812 3456 7890"; "0812" is not one). */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{6,18}$/;

/** An e-mail address as a buyer types it: something, `@`, a domain with a dot. The server's schema is stricter. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
