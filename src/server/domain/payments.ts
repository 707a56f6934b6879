import { createHash } from 'node:crypto';
import type { PaymentMethodType, PgPaymentInfo } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { fieldError, HttpError } from '../errors.ts';
import { sql } from '../db/statements.ts';

export type PaymentChannel = { code: string; name: string };
export type ChosenPayment = { code: string; type: PaymentMethodType; name: string; channel: PaymentChannel | null };

/**
 * Methods paid on the provider's hosted page (`payment_url`). The reference server's page is the payment simulator,
 * a dev route: without dev routes nothing could take these payments, so they are neither offered nor accepted.
 */
const HOSTED_TYPES = new Set<string>(['ewallet', 'card', 'invoice']);
export const isHostedPayment = (type: string) => HOSTED_TYPES.has(type);
/** Whether this server can take hosted payments (see `HOSTED_TYPES`). */
export const hostedPaymentsAvailable = (config: { devRoutes: boolean }) => config.devRoutes;

/** Provider-backed methods whose channel (bank, wallet) must be known before payment instructions can exist. */
const CHANNEL_REQUIRED = new Set<string>(['virtual_account', 'ewallet']);

export type PaymentFields = { method: string; channel: string };
const DEFAULT_FIELDS: PaymentFields = { method: 'payment_method', channel: 'sub_payment_method' };

/**
 * An enabled buyer payment method of the store and its channel. `no_payment` is never accepted, nor a hosted method
 * with `hosted: false`. With `requireChannel` (order creation) a VA or e-wallet method needs `sub_payment_method`.
 */
export function choosePaymentMethod(
  db: Db, storeId: number, code: string, subCode: string | undefined, options: { requireChannel: boolean; hosted?: boolean },
  fields: PaymentFields = DEFAULT_FIELDS,
): ChosenPayment {
  const row = sql(db, 'SELECT code, type, name, enabled, channels FROM payment_methods WHERE store_id = ? AND code = ?')
    .get(storeId, code) as { code: string; type: string; name: string; enabled: number; channels: string } | undefined;
  if (!row || !row.enabled || row.type === 'no_payment' || row.code === 'no_payment' || (options.hosted === false && isHostedPayment(row.type))) {
    throw fieldError(fields.method, `Payment method ${code} is not available in this store`, 'payment_method_not_allowed');
  }
  const channels = JSON.parse(row.channels) as PaymentChannel[];
  let channel: PaymentChannel | null = null;
  if (subCode !== undefined) {
    channel = channels.find((c) => c.code === subCode) ?? null;
    if (!channel) {
      const known = channels.map((c) => c.code).join(', ');
      throw fieldError(fields.channel, known ? `Choose one of: ${known}` : `${row.name} has no channels to choose from`);
    }
  } else if (options.requireChannel && CHANNEL_REQUIRED.has(row.type) && channels.length > 0) {
    throw fieldError(fields.channel, `Choose a channel of ${row.name}: ${channels.map((c) => c.code).join(', ')}`);
  }
  return { code: row.code, type: row.type as PaymentMethodType, name: row.name, channel };
}

export type PaymentRequest = {
  orderId: string;
  secretSlug: string;
  amount: number;
  type: PaymentMethodType;
  channel: PaymentChannel | null;
  merchant: { id: number; name: string; city: string };
  baseUrl: string;
  expiresAt: string;
};
export type PaymentInstructions = { info: PgPaymentInfo; paymentUrl: string | null; expiresAt: string | null };

/** Simulated provider answers, deterministic per order so that a repeated request shows the same instructions. */
export function buildPaymentInstructions(request: PaymentRequest): PaymentInstructions {
  const { type, amount, expiresAt } = request;
  if (type === 'bank_transfer') return { info: {}, paymentUrl: null, expiresAt };
  if (type === 'cod') return { info: {}, paymentUrl: null, expiresAt: null };
  if (type === 'virtual_account') {
    if (!request.channel) throw new HttpError(400, 'invalid_state', 'This order has no virtual-account bank');
    return {
      info: {
        type: 'virtual_account', bank_code: request.channel.code, bank_name: request.channel.name,
        account_number: virtualAccountNumber(request.channel.code, request.orderId), account_name: request.merchant.name,
        amount: String(amount), expires_at: expiresAt,
      },
      paymentUrl: null,
      expiresAt,
    };
  }
  if (type === 'qris') {
    const qr = qrisPayload({ merchant: request.merchant, amount, billNumber: request.secretSlug.slice(0, 20) });
    return { info: { type: 'qris', qr_string: qr, amount: String(amount), expires_at: expiresAt }, paymentUrl: null, expiresAt };
  }
  const url = `${request.baseUrl}/__reference/pay/${request.secretSlug}`;
  return { info: { type: 'redirect', actions: [{ name: 'redirect', method: 'GET', url }], expires_at: expiresAt }, paymentUrl: url, expiresAt };
}

// Company prefixes as Indonesian banks issue them to payment providers; the rest of the number identifies the order.
const VA_PREFIX: Record<string, string> = { bca: '39358', bni: '8808', bri: '26215', mandiri: '88908', permata: '8528' };

/** A 16-digit virtual account number: the bank's prefix, then digits derived from the order id. */
export function virtualAccountNumber(bankCode: string, orderId: string): string {
  const prefix = VA_PREFIX[bankCode] ?? '9888';
  const digits = [...createHash('sha256').update(orderId).digest()].map((byte) => byte % 10).join('');
  return (prefix + digits).slice(0, 16);
}

const tlv = (tag: string, value: string) => `${tag}${String(value.length).padStart(2, '0')}${value}`;
/** EMVCo fields allow a restricted alphabet: plain ASCII letters, digits, spaces and a few marks. */
const emvText = (text: string, max: number) =>
  text.normalize('NFKD').replace(/[^A-Za-z0-9 .&'-]/g, '').trim().slice(0, max).toUpperCase() || 'MERCHANT';

/**
 * A dynamic QRIS payload (EMVCo merchant-presented mode): merchant account, MCC, IDR currency, amount, merchant
 * name and city, the bill number, and the CRC16-CCITT checksum (tag 63) over everything before it.
 */
export function qrisPayload(input: { merchant: { id: number; name: string; city: string }; amount: number; billNumber: string }): string {
  const merchantId = String(input.merchant.id).padStart(11, '0');
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv('26', tlv('00', 'ID.CO.REFERENCE.WWW') + tlv('01', `93600918${merchantId}`) + tlv('02', merchantId) + tlv('03', 'UMI')),
    tlv('51', tlv('00', 'ID.CO.QRIS.WWW') + tlv('02', `ID10${merchantId}`) + tlv('03', 'UMI')),
    tlv('52', '5999'),
    tlv('53', '360'),
    tlv('54', String(input.amount)),
    tlv('58', 'ID'),
    tlv('59', emvText(input.merchant.name, 25)),
    tlv('60', emvText(input.merchant.city, 15)),
    tlv('62', tlv('01', input.billNumber.replace(/[^A-Za-z0-9]/g, '').slice(0, 20)) + tlv('07', 'WEB')),
  ].join('');
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16Ccitt(withCrcTag);
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) as 4 upper-case hex digits, as QRIS requires. */
export function crc16Ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
