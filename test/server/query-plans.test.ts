/**
 * Look-ups by parent id use an index: SQLite's plan for each statement names an index and scans no table. The
 * statements are the server's own (copied from the domain modules), with the tables they read.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { demoDatabase } from './helpers.ts';

const LOOKUPS: [statement: string, table: string][] = [
  ['SELECT COUNT(*) FROM password_resets WHERE customer_id = ? AND created_at > ?', 'password_resets'],
  ['UPDATE password_resets SET used_at = ? WHERE customer_id = ? AND used_at IS NULL', 'password_resets'],
  ['SELECT * FROM cart_items WHERE cart_id = ? ORDER BY id', 'cart_items'],
  ['SELECT * FROM order_status_history WHERE order_id = ? ORDER BY at, id', 'order_status_history'],
  ['SELECT * FROM one_time_codes WHERE customer_id = ?', 'one_time_codes'],
  ['SELECT * FROM stock_adjustments WHERE variant_id = ? AND id > ? ORDER BY id', 'stock_adjustments'],
];

describe('query plans', () => {
  const db = demoDatabase();
  for (const [statement, table] of LOOKUPS) {
    it(`${statement.slice(0, 60)}… reads ${table} through an index`, () => {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${statement}`).all(...statement.split('?').slice(1).map(() => 1)) as { detail: string }[])
        .map((row) => row.detail).join('\n');
      assert.doesNotMatch(plan, new RegExp(`SCAN ${table}\\b`), plan);
      assert.match(plan, /USING (COVERING )?INDEX/, plan);
    });
  }
});
