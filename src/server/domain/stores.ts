import type { Db } from '../db/database.ts';
import { sql, sqlValue } from '../db/statements.ts';
import type { PaymentAccount } from '../../contract/index.ts';

export type StoreRow = {
  id: number;
  unique_id: string;
  business_id: number;
  name: string;
  logo: string | null;
  custom_domain: string;
  /** The merchant's order status page (public_order_url leads there); null: the service's own. */
  order_status_url: string | null;
  requires_otp: boolean;
  other_income: number;
  other_income_name: string | null;
  payment_accounts: PaymentAccount[];
  plan: string;
  business_status: string;
  paid: boolean;
  origins: Set<string>;
};

const RUNTIME_PLANS = new Set(['basic', 'pro', 'ultimate']);

type RawStore = Omit<StoreRow, 'requires_otp' | 'payment_accounts' | 'paid' | 'origins'> & {
  requires_otp: number;
  payment_accounts: string;
  paid: number;
};

const SELECT = `SELECT s.id, s.unique_id, s.business_id, s.name, s.logo, s.custom_domain, s.order_status_url, s.requires_otp, s.other_income,
  s.other_income_name, s.payment_accounts, b.plan, b.status AS business_status, b.paid
  FROM stores s JOIN businesses b ON b.id = s.business_id`;

function hydrate(db: Db, raw: RawStore | undefined): StoreRow | undefined {
  if (!raw) return undefined;
  const origins = sqlValue(db, 'SELECT origin FROM store_origins WHERE store_id = ?').all(raw.id) as string[];
  return {
    ...raw,
    requires_otp: raw.requires_otp === 1,
    paid: raw.paid === 1,
    payment_accounts: JSON.parse(raw.payment_accounts) as PaymentAccount[],
    origins: new Set(origins),
  };
}

/** `{store_id}` of a path: the numeric id or the public unique_id. */
export function findStoreByPathId(db: Db, pathId: string): StoreRow | undefined {
  const raw = /^\d+$/.test(pathId)
    ? sql(db, `${SELECT} WHERE s.id = ?`).get(Number(pathId))
    : sql(db, `${SELECT} WHERE s.unique_id = ?`).get(pathId);
  return hydrate(db, raw as RawStore | undefined);
}

export function findStoreById(db: Db, id: number): StoreRow | undefined {
  return hydrate(db, sql(db, `${SELECT} WHERE s.id = ?`).get(id) as RawStore | undefined);
}

/** Storefront runtime needs an active, paid Basic, Pro or Ultimate plan. */
export function storeRuntimeActive(store: StoreRow): boolean {
  return RUNTIME_PLANS.has(store.plan) && store.business_status === 'active' && store.paid;
}

