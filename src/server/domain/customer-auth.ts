import { randomInt } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { RateLimitOptions } from './rate-limiter.ts';
import { revokeCustomerFamilies } from './customer-tokens.ts';
import { setPassword, type CustomerRow } from './customers.ts';
import { sendMail } from './mailbox.ts';
import { randomToken, sha256 } from './passwords.ts';
import type { StoreRow } from './stores.ts';
import { sql } from '../db/statements.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const iso = () => new Date().toISOString();
/** Wrong guesses one code survives; after that only a new sign-in sends a new code. */
const MAX_CODE_ATTEMPTS = 5;

/** Same answer whether or not the e-mail exists (and whether the password was right): no account enumeration. */
export const OTP_SENT_MESSAGE = 'If an account exists for this e-mail, we have sent it a one-time sign-in code.';
export const RESET_SENT_MESSAGE = 'If an account exists for this e-mail, we have sent it a link to reset the password.';

/** Sends a fresh 6-digit code; earlier unused codes of the customer stop working. */
export function sendOneTimeCode(db: Db, customer: CustomerRow, store: StoreRow, lifetimeSeconds: number): void {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  db.transaction(() => {
    sql(db, 'UPDATE one_time_codes SET used_at = ? WHERE customer_id = ? AND used_at IS NULL').run(iso(), customer.id);
    sql(db, 'INSERT INTO one_time_codes (customer_id, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?)')
      .run(customer.id, sha256(`${customer.id}:${code}`), nowSeconds() + lifetimeSeconds, iso());
  })();
  sendMail(db, {
    to: customer.email, storeId: store.id, kind: 'otp',
    subject: `${code} is your sign-in code for ${store.name}`,
    text: `Your one-time sign-in code is ${code}. It expires in ${Math.round(lifetimeSeconds / 60)} minutes and works once.`,
    data: { code, expires_in: lifetimeSeconds },
  });
}

/** True once per code: the code is spent by the successful check. Wrong guesses count against the code. */
export function redeemOneTimeCode(db: Db, customerId: number, code: string): boolean {
  return db.transaction(() => {
    const row = sql(db, 
      'SELECT id, code_hash, attempts FROM one_time_codes WHERE customer_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1',
    ).get(customerId, nowSeconds()) as { id: number; code_hash: string; attempts: number } | undefined;
    if (!row) return false;
    if (row.code_hash !== sha256(`${customerId}:${code}`)) {
      const spent = row.attempts + 1 >= MAX_CODE_ATTEMPTS;
      sql(db, 'UPDATE one_time_codes SET attempts = attempts + 1, used_at = ? WHERE id = ?').run(spent ? iso() : null, row.id);
      return false;
    }
    return sql(db, 'UPDATE one_time_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').run(iso(), row.id).changes === 1;
  })();
}

/**
 * Where the reset link points: the browser's Origin when it is a registered allowed origin of the store, else the
 * store's hosted custom domain. The path is always /reset-password.
 */
export function resetLinkBase(store: StoreRow, origin: string | undefined): string {
  if (origin && store.origins.has(origin)) return origin;
  return /^https?:\/\//.test(store.custom_domain) ? store.custom_domain.replace(/\/+$/, '') : `https://${store.custom_domain}`;
}

export type ResetMailOptions = { origin: string | undefined; lifetimeSeconds: number; limit: RateLimitOptions };

/**
 * Sends a reset link unless the customer (one store, one address) already got `limit.limit` of them within the
 * window: the caller answers the same either way, so the limit tells nothing about whether the address exists.
 */
export function sendPasswordReset(db: Db, customer: CustomerRow, store: StoreRow, { origin, lifetimeSeconds, limit }: ResetMailOptions): boolean {
  const since = new Date(Date.now() - limit.windowSeconds * 1000).toISOString();
  const recent = sql(db, 'SELECT COUNT(*) FROM password_resets WHERE customer_id = ? AND created_at > ?').pluck().get(customer.id, since) as number;
  if (recent >= limit.limit) return false;
  const token = randomToken();
  sql(db, 'INSERT INTO password_resets (token_hash, customer_id, expires_at, created_at) VALUES (?, ?, ?, ?)')
    .run(sha256(token), customer.id, nowSeconds() + lifetimeSeconds, iso());
  const link = `${resetLinkBase(store, origin)}/reset-password?token=${encodeURIComponent(token)}`;
  sendMail(db, {
    to: customer.email, storeId: store.id, kind: 'password_reset',
    subject: `Reset your password for ${store.name}`,
    text: `Open this link to choose a new password (valid ${Math.round(lifetimeSeconds / 60)} minutes, once):\n${link}`,
    data: { link, token, expires_in: lifetimeSeconds },
  });
  return true;
}

/** Spends a reset token of this store: the customer id, or undefined when unknown, used, expired or of another store. */
export function redeemResetToken(db: Db, token: string, storeId: number): number | undefined {
  return db.transaction(() => {
    const row = sql(db, 
      `SELECT r.customer_id FROM password_resets r JOIN customers c ON c.id = r.customer_id
       WHERE r.token_hash = ? AND r.used_at IS NULL AND r.expires_at > ? AND c.store_id = ?`,
    ).get(sha256(token), nowSeconds(), storeId) as { customer_id: number } | undefined;
    if (!row) return undefined;
    sql(db, 'UPDATE password_resets SET used_at = ? WHERE token_hash = ?').run(iso(), sha256(token));
    return row.customer_id;
  })();
}

/**
 * Sets a new password and takes back what the old one gave: every outstanding reset link and one-time code of the
 * customer stops working, and every sign-in (token family) but `keepFamily` is revoked. One transaction.
 */
export function changePassword(db: Db, customerId: number, passwordHash: string, reason: string, keepFamily?: string): void {
  db.transaction(() => {
    setPassword(db, customerId, passwordHash);
    sql(db, 'UPDATE password_resets SET used_at = ? WHERE customer_id = ? AND used_at IS NULL').run(iso(), customerId);
    sql(db, 'UPDATE one_time_codes SET used_at = ? WHERE customer_id = ? AND used_at IS NULL').run(iso(), customerId);
    revokeCustomerFamilies(db, customerId, reason, keepFamily);
  })();
}
