import type { DiscountCheckResult } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { fieldError } from '../errors.ts';
import { sql } from '../db/statements.ts';

type DiscountRow = {
  code: string; discount_type: 'percentage' | 'fixed'; value: number; min_purchase: number; active: number; expires_at: string | null;
};

const rupiah = (n: number) => `Rp${n.toLocaleString('id-ID')}`;

/** The discount a code gives on a product price: a percentage rounded down, or a fixed amount capped at the price. */
export function discountAmount(row: Pick<DiscountRow, 'discount_type' | 'value'>, productPrice: number): number {
  const amount = row.discount_type === 'percentage' ? Math.floor((productPrice * row.value) / 100) : row.value;
  return Math.max(0, Math.min(amount, productPrice));
}

/**
 * Checks a code (case-insensitively) against the product price of the checkout. An unknown code is a typed
 * ineligible answer, never an error.
 */
export function checkDiscountCode(db: Db, storeId: number, code: string, productPrice: number, now = new Date()): DiscountCheckResult {
  const row = sql(db, 'SELECT * FROM discount_codes WHERE store_id = ? AND code = ? COLLATE NOCASE').get(storeId, code.trim()) as
    DiscountRow | undefined;
  const ineligible = (reason: Extract<DiscountCheckResult, { eligible: false }>['reason'], message: string): DiscountCheckResult =>
    ({ eligible: false, code: row?.code ?? code, reason, message });
  if (!row) return ineligible('not_found', `Discount code ${code} does not exist`);
  if (!row.active) return ineligible('inactive', `Discount code ${row.code} is not active`);
  if (row.expires_at !== null && Date.parse(row.expires_at) <= now.getTime()) {
    return ineligible('expired', `Discount code ${row.code} has expired`);
  }
  if (productPrice < row.min_purchase) {
    return ineligible('min_purchase_not_met', `Discount code ${row.code} needs a purchase of at least ${rupiah(row.min_purchase)}`);
  }
  const amount = discountAmount(row, productPrice);
  return {
    eligible: true,
    code: row.code,
    discount_type: row.discount_type,
    value: String(row.value),
    discount_amount: String(amount),
    message: `Discount ${rupiah(amount)} applied`,
  };
}

export type AppliedDiscount = { code: string | null; amount: number };

/** For summary and checkout: no code is no discount; an ineligible code is a 400 on the code field. */
export function applyDiscountCode(
  db: Db, storeId: number, code: string | undefined, productPrice: number, field = 'discount_code', now = new Date(),
): AppliedDiscount {
  if (code === undefined) return { code: null, amount: 0 };
  const result = checkDiscountCode(db, storeId, code, productPrice, now);
  if (!result.eligible) throw fieldError(field, result.message);
  return { code: result.code, amount: Number(result.discount_amount) };
}
