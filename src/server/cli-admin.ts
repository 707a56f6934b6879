import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { normaliseOrigin, OrderStatusUrl } from '../contract/index.ts';
import { sqlValue } from './db/statements.ts';
import { CSV_COLUMNS, CsvImportError, importCatalogCsv } from './domain/catalog-import.ts';
import { allowOrigin } from './domain/merchant-origins.ts';
import { createStore, PLANS, StoreExists, type Plan } from './domain/store-create.ts';
import {
  addStorefrontKey, originsOf, removeStoreOrigin, revokeStorefrontKey, rotateStorefrontKey, setOrderStatusUrl, storeSetup,
} from './domain/storefront-setup.ts';
import { findStoreByPathId } from './domain/stores.ts';
import { HttpError } from './errors.ts';
import { createReferenceServer } from './index.ts';

/**
 * Merchant set-up without HTTP, on the server's database file (a running server sees the change within a second:
 * db/version-counter.ts re-reads the counters written by other processes):
 *   store create STORE --name NAME [--plan PLAN] | store set-order-status-url STORE URL|default
 *   store show STORE | store add-origin STORE ORIGIN | store remove-origin STORE ORIGIN
 *   store add-key STORE | store rotate-key STORE [KEY] | store revoke-key STORE KEY
 *   catalog import FILE.csv [--store STORE]
 */
export const ADMIN_COMMANDS = new Set(['store', 'catalog']);

export const ADMIN_USAGE = `Merchant set-up (on the database file; a running server picks changes up within a second):
  svc-reference-server store create STORE --name NAME [--plan PLAN]
      a store of your own (STORE: its id, lowercase letters, digits and dashes; PLAN: ${PLANS.join(', ')}; default pro)
      with a storefront key and a business API key (printed once) and the first store's payment and shipping set-up
  svc-reference-server store show STORE                  plan state, storefront keys, allowed origins, order status page
  svc-reference-server store add-origin STORE ORIGIN     allow a site (https://shop.example) on the store and its pages
  svc-reference-server store remove-origin STORE ORIGIN
  svc-reference-server store add-key STORE               print a new storefront key
  svc-reference-server store rotate-key STORE [KEY]      replace KEY (or the store's only key) by a new one
  svc-reference-server store revoke-key STORE KEY
  svc-reference-server store set-order-status-url STORE URL|default
      where the buyer's order link (public_order_url) leads: your page with <svc-order-status> (?order= is added),
      or the service's own page
  svc-reference-server catalog import FILE.csv [--store STORE]
      one row per variant; columns ${CSV_COLUMNS.required.join(', ')} (required), ${CSV_COLUMNS.optional.join(', ')}
  Common options: --db PATH (the server's database), --seed FILE (loaded when the database is empty),
  --public-url URL (where the server will be: the seed's images point there; default http://127.0.0.1:$PORT or 8787)`;

class UsageError extends Error {}

/** Runs one admin command; returns the exit code (0 done, 1 refused, 2 bad usage). Output goes to stdout/stderr. */
export function runAdminCommand(argv: string[], defaultDb: string): number {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: {
      db: { type: 'string', default: defaultDb }, seed: { type: 'string' }, store: { type: 'string' }, help: { type: 'boolean', default: false },
      'public-url': { type: 'string' }, name: { type: 'string' }, plan: { type: 'string' },
    } });
  } catch (err) {
    console.error(`${(err as Error).message}\n${ADMIN_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(ADMIN_USAGE);
    return 0;
  }
  // Opening through createReferenceServer migrates and seeds an empty database exactly as the server would.
  // an empty database gets the seed's images at the address the server will have (the default port, or --public-url)
  const imageBase = values['public-url'] ?? `http://127.0.0.1:${process.env.PORT || 8787}`;
  const reference = createReferenceServer({ db: values.db, seed: values.seed, seedImageBase: imageBase, config: { webhooks: { deliver: false } } });
  try {
    run(reference.db, positionals, values);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n${ADMIN_USAGE}`);
      return 2;
    }
    if (err instanceof CsvImportError || err instanceof HttpError || err instanceof StoreExists) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    reference.close();
  }
}

type Options = { store?: string; name?: string; plan?: string };

function run(db: Parameters<typeof storeSetup>[0], [area, action, ...args]: string[], options: Options): void {
  const storeOf = (id: string | undefined) => {
    if (!id) throw new UsageError('Name the store (its unique_id, e.g. demo-store)');
    const store = findStoreByPathId(db, id);
    if (!store) throw new HttpError(404, 'not_found', `No store "${id}"`);
    return store;
  };
  const originArg = (value: string | undefined) => {
    const origin = value && normaliseOrigin(value);
    if (!origin) throw new UsageError(`Not an origin: ${value ?? '(missing)'} (expected scheme://host[:port] without a path or wildcard)`);
    return origin;
  };
  const show = (id: string) => {
    const setup = storeSetup(db, storeOf(id));
    const plan = setup.plan_state;
    console.log(`${setup.unique_id} (${setup.name}): plan ${plan.plan}, storefront ${plan.storefront_active ? 'active' : 'inactive (answers Store not found)'}`);
    console.log(`  storefront keys: ${setup.storefront_keys.join(', ') || '(none)'}`);
    console.log(`  allowed origins: ${setup.allowed_origins.join(', ') || '(none)'}`);
    console.log(`  order status page: ${setup.order_status_url ?? "(the service's own: set-order-status-url STORE URL for yours)"}`);
  };

  const [storeArg, value] = args;
  switch (`${area} ${action}`) {
    case 'store create': {
      if (!storeArg || !/^[a-z0-9][a-z0-9-]*$/.test(storeArg)) throw new UsageError(`Name the new store's id: lowercase letters, digits and dashes (${storeArg ?? 'missing'})`);
      if (!options.name?.trim()) throw new UsageError('Name the store: --name "Toko Kopi"');
      const plan = (options.plan ?? 'pro') as Plan;
      if (!PLANS.includes(plan)) throw new UsageError(`Unknown plan ${plan}: ${PLANS.join(', ')}`);
      const created = createStore(db, { uniqueId: storeArg, name: options.name.trim(), plan });
      show(created.store.unique_id);
      console.log(`  business API key: ${created.businessKey}  (secret, shown this once: the business API as ${created.ownerEmail}, owner)`);
      return console.log(`Next: store add-origin ${storeArg} https://your-site.example, then catalog import products.csv --store ${storeArg}`);
    }
    case 'store set-order-status-url': {
      const store = storeOf(storeArg);
      if (!value) throw new UsageError('Give the page address (https://your-site.example/order) or default');
      const parsed = OrderStatusUrl.safeParse(value);
      if (value !== 'default' && !parsed.success) throw new UsageError(`Not a page address: ${value} (an absolute http(s) URL without a fragment)`);
      setOrderStatusUrl(db, store.id, value === 'default' ? null : value);
      return show(store.unique_id);
    }
    case 'store show':
      return show(storeOf(storeArg).unique_id);
    case 'store add-origin': {
      const store = storeOf(storeArg);
      const origin = originArg(value);
      allowOrigin(db, { origin, store: store.unique_id }); // the store and its pages, as --allow-origin does
      console.log(`${origin} may now call ${store.unique_id} and its landing pages`);
      return show(store.unique_id);
    }
    case 'store remove-origin': {
      const store = storeOf(storeArg);
      const origin = originArg(value);
      if (!removeStoreOrigin(db, store.id, origin)) throw new HttpError(404, 'not_found', `${origin} is not an allowed origin of ${store.unique_id}`);
      return console.log(`removed ${origin}; allowed origins: ${originsOf(db, store.id).join(', ') || '(none)'}`);
    }
    case 'store add-key': {
      const added = addStorefrontKey(db, storeOf(storeArg).id);
      return console.log(added.ok ? added.key : 'key taken');
    }
    case 'store rotate-key': {
      const store = storeOf(storeArg);
      const keys = sqlValue(db, 'SELECT key FROM store_keys WHERE store_id = ?').all(store.id) as string[];
      const old = value ?? (keys.length === 1 ? keys[0] : undefined);
      if (!old) throw new UsageError(`${store.unique_id} has ${keys.length} keys (${keys.join(', ')}): name the one to rotate`);
      const fresh = rotateStorefrontKey(db, store.id, old);
      if (!fresh) throw new HttpError(404, 'not_found', `${old} is not a storefront key of ${store.unique_id}`);
      console.error(`replaced ${old}: put the new key in your page's tag`);
      return console.log(fresh);
    }
    case 'store revoke-key': {
      const store = storeOf(storeArg);
      if (!value) throw new UsageError('Name the key to revoke');
      if (!revokeStorefrontKey(db, store.id, value)) throw new HttpError(404, 'not_found', `${value} is not a storefront key of ${store.unique_id}`);
      return console.log(`revoked ${value}`);
    }
    case 'catalog import': {
      const file = storeArg;
      if (!file) throw new UsageError('Name the CSV file');
      const stores = sqlValue(db, 'SELECT unique_id FROM stores ORDER BY id').all() as string[];
      const storeId = options.store ?? (stores.length === 1 ? stores[0] : undefined);
      if (!storeId) throw new UsageError(`Choose the store with --store (${stores.join(', ')})`);
      const store = storeOf(storeId);
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        throw new CsvImportError(`Cannot read ${file}`);
      }
      const summary = importCatalogCsv(db, store.id, text);
      console.log(`${store.unique_id}: ${summary.products_created} products created, ${summary.products_updated} updated; `
        + `${summary.variants_created} variants created, ${summary.variants_updated} updated; ${summary.categories_created} categories created`);
      // products are matched by slug: say which existing ones the file changed, what they were, what stays of them
      for (const p of summary.updated) {
        const renamed = p.name_before === p.name ? `"${p.name}"` : `"${p.name_before}", now "${p.name}"`;
        const kept = p.variants_kept ? `; ${p.variants_kept} variants not in the file stay` : '';
        console.log(`  updated the existing product ${p.slug} (${renamed})${kept}`);
      }
      if (summary.updated.some((p) => p.name_before !== p.name)) {
        console.log('  A product_slug already in the store updates that product; give yours a slug of its own to add a new one.');
      }
      return;
    }
    default:
      throw new UsageError(`Unknown command: ${[area, action].filter(Boolean).join(' ')}`);
  }
}
