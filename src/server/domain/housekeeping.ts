import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { sql } from '../db/statements.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Deletes guest carts nobody will come back to: an empty one a day after its last change (every tokenless cart
 * request opens one), any other after `guestCartDays` without a change. Customer carts stay. A guest who returns
 * with a swept token simply gets a new cart and token, as for any unknown token. Returns how many carts went.
 */
export function sweepGuestCarts(db: Db, config: Pick<ServerConfig, 'guestCartDays'>, now = Date.now()): number {
  const idleBefore = new Date(now - config.guestCartDays * DAY_MS).toISOString();
  const emptyBefore = new Date(now - DAY_MS).toISOString();
  return sql(db, `DELETE FROM carts WHERE customer_id IS NULL
    AND (updated_at < ? OR (updated_at < ? AND NOT EXISTS (SELECT 1 FROM cart_items i WHERE i.cart_id = carts.id)))`)
    .run(idleBefore, emptyBefore).changes;
}

export type Housekeeping = { stop(): void };

/** Runs the sweeps at start and every hour, without keeping the process alive. */
export function startHousekeeping(db: Db, config: Pick<ServerConfig, 'guestCartDays'>): Housekeeping {
  const sweep = () => sweepGuestCarts(db, config);
  sweep();
  const timer = setInterval(sweep, HOUR_MS).unref();
  return { stop: () => clearInterval(timer) };
}
