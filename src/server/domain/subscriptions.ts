import type { Subscription } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { keysetPage } from '../db/paging.ts';
import { sql } from '../db/statements.ts';

type Row = Omit<Subscription, 'price'> & { price: number; customer_id: number };

const toSubscription = ({ customer_id: _, price, ...row }: Row): Subscription => ({ ...row, price: String(price) });

/** The customer's subscriptions, newest first; `status` filters. */
export function listSubscriptions(
  db: Db, customerId: number, q: { page_size?: number; next_cursor?: string; previous_cursor?: string; status?: string },
) {
  const page = keysetPage<Row & { sort_key: number }>(db, {
    sql: `SELECT -id AS sort_key, * FROM subscriptions WHERE customer_id = ? ${q.status ? 'AND status = ?' : ''}`,
    params: [customerId, ...(q.status ? [q.status] : [])],
    keyColumns: ['sort_key'],
  }, q);
  return { ...page, results: page.results.map(({ sort_key: _, ...row }) => toSubscription(row)) };
}

export function findSubscription(db: Db, customerId: number, id: number): Subscription | undefined {
  const row = sql(db, 'SELECT * FROM subscriptions WHERE id = ? AND customer_id = ?').get(id, customerId) as Row | undefined;
  return row && toSubscription(row);
}
