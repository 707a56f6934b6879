import Database from 'better-sqlite3';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { after, test } from 'node:test';
import { physicalCheckout, TOKEN, variant } from './order-fixtures.ts';

const children = new Set<ChildProcess>();
after(() => children.forEach((child) => child.kill('SIGKILL')));

async function start(db: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', '--port', '0', '--db', db], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.add(child);
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
  return { child, url: line.replace('listening on ', '') };
}

const headers = { 'X-Service-Storefront-Api-Key': 'sfk_demo', 'Content-Type': 'application/json' };
const VARIANTS = [101, 102, 103, 104, 105];

test('after SIGKILL during a checkout load, every answered order, stock and cart is still there', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'svc-durability-')), 'reference.sqlite');
  let server = await start(file);
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}/v3/stores/demo-store/public${path}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });

  const orderedOf = (db: Database.Database, id: number) =>
    db.prepare('SELECT coalesce(sum(quantity), 0) FROM order_lines WHERE variant_id = ?').pluck().get(id) as number;
  const initialStock = new Map<number, number>();
  const initiallyOrdered = new Map<number, number>();
  const before = new Database(file, { readonly: true });
  for (const id of VARIANTS) {
    initialStock.set(id, ((await (await api(`/variants/${id}/availability`)).json()) as { available_quantity: number }).available_quantity);
    initiallyOrdered.set(id, orderedOf(before, id)); // the seed has some past orders
  }
  before.close();

  // Guest carts that were answered before the crash.
  const carts: { token: string; variantId: number }[] = [];
  for (const variantId of VARIANTS) {
    const res = await api('/cart/items', { method: 'POST', body: JSON.stringify(variant(variantId, 2)) });
    assert.equal(res.status, 201);
    carts.push({ token: res.headers.get(TOKEN)!, variantId });
  }

  // A steady checkout load; the process is killed while requests are in flight.
  const answered: string[] = [];
  let killed = false;
  const worker = async (n: number) => {
    for (let i = 0; !killed; i++) {
      const items = [variant(VARIANTS[(n + i) % VARIANTS.length], 1)];
      try {
        const res = await api('/checkout', { method: 'POST', body: JSON.stringify(physicalCheckout(items)) });
        if (res.status === 201) answered.push(((await res.json()) as { secret_slug: string }).secret_slug);
      } catch {
        return; // connection reset by the kill
      }
    }
  };
  const load = Promise.all(Array.from({ length: 8 }, (_, n) => worker(n)));
  while (answered.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
  // Listen before killing: the exit can come while `load` settles, and a late listener would wait forever.
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  killed = true;
  await load;
  await exited;

  server = await start(file);
  for (const slug of answered) {
    const res = await api(`/orders/${slug}`);
    assert.equal(res.status, 200, `order ${slug} answered 201 before the crash`);
  }

  // Stock is consistent with the orders that exist: initial − ordered since = current, for every variant.
  const db = new Database(file, { readonly: true });
  for (const id of VARIANTS) {
    const ordered = orderedOf(db, id) - initiallyOrdered.get(id)!;
    const current = ((await (await api(`/variants/${id}/availability`)).json()) as { available_quantity: number }).available_quantity;
    assert.equal(current, initialStock.get(id)! - ordered, `stock of variant ${id}`);
  }
  db.close();

  for (const cart of carts) {
    const res = await api('/cart', { headers: { [TOKEN]: cart.token } });
    const body = (await res.json()) as { items: { variant_id: number; quantity: number }[] };
    assert.deepEqual(body.items.map((l) => [l.variant_id, l.quantity]), [[cart.variantId, 2]], 'the guest cart survived');
    assert.equal(res.headers.get(TOKEN), cart.token);
  }
  server.child.kill('SIGTERM');
});
