import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures, for the sender and for receivers (svc-storefront/webhooks; svc-reference-server re-exports them).
 * Header: `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The timestamp is
 * inside the signed text, so a captured delivery cannot be replayed with a fresh `t`; receivers refuse old ones.
 * Standalone on purpose (node:crypto only): a receiver can copy this file.
 */

export const DEFAULT_TOLERANCE_SECONDS = 300;

type Payload = string | Uint8Array;

const hmacHex = (secret: string, timestamp: number, payload: Payload) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest('hex');

/** The header value for one delivery attempt (each attempt is signed afresh with its own timestamp). */
export function signWebhookPayload(options: { payload: Payload; secret: string; timestamp?: number }): string {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return `t=${timestamp},v1=${hmacHex(options.secret, timestamp, options.payload)}`;
}

export type WebhookVerification =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'missing_header' | 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch' };

export type VerifyWebhookOptions = {
  /** The raw request body, exactly as received: re-serialised JSON will not match. */
  payload: Payload;
  /** The `X-Service-Signature` header value. */
  header: string | null | undefined;
  /** The endpoint's signing secret (`whsec_…`). */
  secret: string;
  /** Largest accepted distance between `t` and now, in seconds (default 300: the replay window). */
  toleranceSeconds?: number;
  /** The receiver's clock (default: now). */
  now?: Date;
};

/**
 * Checks a delivery's signature and its timestamp against the replay window. Several `v1=` entries are allowed
 * (any one matching is enough), so a sender can sign with an old and a new secret while they are rotated.
 */
export function verifyWebhookSignature(options: VerifyWebhookOptions): WebhookVerification {
  const { header, secret, payload } = options;
  if (!header) return { ok: false, reason: 'missing_header' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed_header' };
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'timestamp_outside_tolerance' };
  }
  const expected = Buffer.from(hmacHex(secret, timestamp, payload), 'hex');
  const matches = signatures.some((candidate) => timingSafeEqual(Buffer.from(candidate, 'hex'), expected));
  return matches ? { ok: true, timestamp } : { ok: false, reason: 'signature_mismatch' };
}
