// The generated JSON Schemas (src/contract/json-schemas/) and the browser's validator (src/client/validate.ts)
// against the zod contract they come from: up to date, and accepting exactly what zod accepts.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import type * as z from 'zod/mini';
import { validate } from '../../src/client/validate.ts';
import * as contract from '../../src/contract/index.ts';
import * as schemas from '../../src/contract/json-schemas/index.ts';
import { accountServer } from './account-helpers.ts';
import { physicalCheckout, variant } from './order-fixtures.ts';

type Generator = { generate(): Map<string, string>; OUTPUT_DIR: string; RESPONSES: string[] };
const generator: Generator = await import(new URL('../../scripts/gen-contract-json.mjs', import.meta.url).href);

type Path = Array<string | number>;
type Sample = { name: string; body: unknown };
const zodOf = (name: string) => (contract as unknown as Record<string, z.ZodMiniType>)[name];
const jsonOf = (name: string) => (schemas as unknown as Record<string, schemas.JsonSchema>)[name];
const zodPath = (name: string, body: unknown): Path | undefined => {
  const result = zodOf(name).safeParse(body);
  return result.success ? undefined : (result.error.issues[0].path as Path);
};
const isPrefix = (prefix: Path, path: Path) => prefix.length <= path.length && prefix.every((key, i) => String(key) === String(path[i]));

/** Real answers of the reference server, one or more per response schema. */
async function collectSamples(): Promise<Sample[]> {
  const s = accountServer();
  const samples: Sample[] = [];
  const ok = async (name: string, answer: Promise<{ status: number; json: any; text: string }>) => {
    const { status, json, text } = await answer;
    assert.ok(status >= 200 && status < 300, `${name}: ${status} ${text}`);
    samples.push({ name, body: json });
    return json;
  };
  const store = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    s.storefront(method, path, { body, headers });

  await ok('ItemCardPage', store('GET', '/items?page_size=100'));
  await ok('ItemCount', store('GET', '/items/count'));
  await ok('ProductDetail', store('GET', '/products/kaos-polos'));
  await ok('BundlePriceOptionDetail', store('GET', '/bundle-price-options/paket-hemat'));
  await ok('CategoryList', store('GET', '/categories'));
  await ok('PaymentMethodList', store('GET', '/payment-methods'));
  await ok('VariantPricingList', store('GET', '/variants/pricing?variant_ids=101,102,104'));
  await ok('VariantAvailability', store('GET', '/variants/101/availability'));
  await ok('LocationPage', store('GET', '/locations?search=bandung'));
  await ok('ProvinceList', store('GET', '/locations/provinces'));
  await ok('CityList', store('GET', '/locations/cities?province_id=32'));
  await ok('SubdistrictList', store('GET', '/locations/subdistricts?city_id=3273'));
  await ok('PostalCodeList', store('GET', '/locations/327302/postal-codes'));
  await ok('LocationPage', s.page('GET', '/locations?search=coblong'));

  const cart = await s.storefront('POST', '/cart/items', { body: variant(101, 2) });
  samples.push({ name: 'Cart', body: cart.json });
  const guest = { 'X-Service-Guest-Token': cart.headers.get('X-Service-Guest-Token')! };
  await ok('Cart', store('POST', '/cart/items', { type: 'bundle_price_option', bundle_price_option_id: 1, quantity: 1 }, guest));
  const destination = { location_id: 317402, postal_code: '31790' };
  await ok('ShippingOptionList', store('POST', '/checkout/shipping-options', { items: [variant(101)], destination }));
  await ok('Summary', store('POST', '/checkout/summary', physicalCheckout([variant(101)], { discount_code: 'hemat10' })));
  await ok('DiscountCheckResult', store('POST', '/discount-codes/check', { code: 'hemat10', items: [variant(101)] }));
  await ok('DiscountCheckResult', store('POST', '/discount-codes/check', { code: 'NOPE', items: [variant(101)] }));
  for (const [payment_method, sub_payment_method] of [['bank_transfer'], ['virtual_account', 'mandiri'], ['qris'], ['ewallet', 'dana']]) {
    const order = await ok('PublicOrder', store('POST', '/checkout', physicalCheckout([variant(104)], { payment_method, sub_payment_method })));
    await ok('PublicOrder', store('POST', `/orders/${order.secret_slug}/payment`));
  }
  await ok('PublicOrder', s.page('POST', '/orders', {
    body: { items: [variant(109)], payment_method: 'qris', customer: { name: 'Sari', phone: '081211112222', email: 'sari@example.com' } },
  }));

  await ok('LoginResponse', s.auth('login', { email: 'buyer@example.com', password: 'correct horse battery' }));
  await ok('LoginResponse', s.auth('login', { email: 'buyer@example.com', password: 'x' }, { store: 'otp-store', key: 'sfk_otp' }));
  await ok('MessageResponse', s.auth('forget-password', { email: 'buyer@example.com' }));
  const tokens = await ok('TokenResponse', s.auth('login', { email: 'buyer@example.com', password: 'correct horse battery' }));
  const me = (path: string, method = 'GET', body?: unknown) => s.customer(method, path, tokens.access, { body });
  await ok('TokenResponse', s.auth('jwt/refresh', { refresh: tokens.refresh }));
  await ok('CustomerProfileResponse', me('/profile'));
  await ok('Cart', me('/cart'));
  await ok('PublicOrder', me('/checkout', 'POST', physicalCheckout([variant(101)])));
  const orders = await ok('CustomerOrderPage', me('/orders'));
  await ok('CustomerOrder', me(`/orders/${orders.results[0].id}`));
  await ok('SubscriptionPage', me('/subscriptions'));
  await ok('Subscription', me('/subscriptions/1'));
  await ok('CourseAccessPage', me('/courses'));
  await ok('CourseAccess', me('/courses/2'));
  await ok('CourseSectionList', me('/courses/1/sections'));
  await ok('CourseContent', me('/courses/1/contents/3'));
  await ok('ProgressUpdateResponse', me('/courses/1/contents/3/progress', 'PATCH', { completed: true, position_seconds: 60 }));
  return samples;
}

/** Whether the schema of the place at `path` is, or lies inside, a union (there zod names the union). */
function throughUnion(schema: schemas.JsonSchema | undefined, path: Path): boolean {
  for (const key of [...path, undefined]) {
    if (!schema) return false;
    if (schema.anyOf || schema.oneOf) return true;
    if (key === undefined) return false;
    const properties = schema.properties ?? {};
    const next = Object.hasOwn(properties, key) ? properties[key] : typeof key === 'number' ? schema.items : schema.additionalProperties;
    schema = typeof next === 'object' ? next : undefined;
  }
  return false;
}

/** Every place in a JSON value: its path and the value there. */
function places(value: unknown, path: Path = []): Array<{ path: Path; value: unknown }> {
  const here = [{ path, value }];
  if (Array.isArray(value)) return here.concat(value.flatMap((item, i) => places(item, [...path, i])));
  if (value && typeof value === 'object') return here.concat(Object.entries(value).flatMap(([key, item]) => places(item, [...path, key])));
  return here;
}

/** `body` with the value at `path` replaced (`undefined` deletes it). */
function mutated(body: unknown, path: Path, replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let parent: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (replacement === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    // an own property even for `__proto__`, as JSON.parse makes it
    Object.defineProperty(parent, last, { value: replacement, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

/** Values that are close to valid ones (the mistakes a server makes) as well as anything at all. */
const nearMisses = fc.oneof(
  fc.constantFrom(null, '', '0', '12.5', '-3', 'IDR', 'Bearer', 'qris', 'virtual_account', 0, 1, -1, 1.5, 2 ** 53, true, false, [], {},
    '2026-01-02T03:04:05Z', '2026-02-30T00:00:00Z', 'not a date', 'physical', 'digital', 'pending', 'unknown'),
  fc.jsonValue({ maxDepth: 2 }),
);

/** One mutation: replace a value, delete a key or element, or add a key to an object. */
const mutation = (samples: Sample[]) =>
  fc.constantFrom(...samples).chain((sample) => {
    const all = places(sample.body);
    return fc.record({
      sample: fc.constant(sample),
      place: fc.constantFrom(...all),
      kind: fc.constantFrom('replace', 'replace', 'delete', 'add'),
      value: nearMisses,
      key: fc.oneof(fc.constantFrom('extra', 'type', 'id', '__proto__', 'constructor'), fc.string({ maxLength: 6 })),
    });
  });

describe('contract JSON Schemas', () => {
  let samples: Sample[] = [];
  before(async () => {
    samples = await collectSamples();
  });

  it('are up to date with the zod contract (npm run gen:contract)', () => {
    const files = generator.generate();
    const onDisk = readdirSync(generator.OUTPUT_DIR).filter((file) => file.endsWith('.ts')).sort();
    assert.deepEqual(onDisk, [...files.keys()].sort(), 'the same files');
    for (const [file, text] of files) assert.equal(readFileSync(join(generator.OUTPUT_DIR, file), 'utf8'), text, `${file} is stale`);
  });

  it('cover every response schema a sample comes from, and real answers pass both zod and the validator', () => {
    assert.deepEqual([...new Set(samples.map((s) => s.name))].sort(), [...generator.RESPONSES].sort(), 'a real answer for every schema');
    for (const { name, body } of samples) {
      assert.equal(zodPath(name, body), undefined, `zod accepts ${name}`);
      assert.equal(validate(jsonOf(name), body), undefined, `the validator accepts ${name}`);
    }
  });

  it('accept and reject exactly what zod does, and name the failing place', () => {
    fc.assert(
      fc.property(mutation(samples), ({ sample, place, kind, value, key }) => {
        const isObject = place.value !== null && typeof place.value === 'object' && !Array.isArray(place.value);
        let body: unknown;
        let at: Path;
        if (kind === 'add' && isObject) {
          at = [...place.path, key];
          body = mutated(sample.body, at, value);
        } else if (kind === 'delete' && place.path.length) {
          at = place.path;
          body = mutated(sample.body, at, undefined);
        } else {
          at = place.path;
          body = mutated(sample.body, at, value);
        }
        const byZod = zodPath(sample.name, body);
        const byValidator = validate(jsonOf(sample.name), body)?.path;
        assert.equal(byValidator === undefined, byZod === undefined, `${sample.name} at ${at.join('.')}: zod ${byZod?.join('.') ?? 'accepts'}, validator ${byValidator?.join('.') ?? 'accepts'}`);
        if (byValidator && byZod) {
          // both name the same place, or one of them the union holding the other's; where zod points into the
          // change (no union on the way), the validator does too
          const where = `${sample.name} changed at ${at.join('.')}: zod ${byZod.join('.')}, validator ${byValidator.join('.')}`;
          assert.ok(isPrefix(byZod, byValidator) || isPrefix(byValidator, byZod), where);
          if (isPrefix(at, byZod) && !throughUnion(jsonOf(sample.name), at)) assert.ok(isPrefix(at, byValidator), where);
        }
      }),
      { numRuns: 2000, includeErrorInReport: true },
    );
  });

  it('reports the first failing path, as ContractError shows it', () => {
    const page = structuredClone(samples.find((s) => s.name === 'ItemCardPage')!.body) as { results: Array<Record<string, unknown>> };
    assert.ok(page.results.length > 3);
    page.results[3].price_min = 85000;
    assert.deepEqual(validate(schemas.ItemCardPage, page), { path: ['results', 3, 'price_min'], message: 'Expected string, got number' });
    delete page.results[1].slug;
    assert.deepEqual(validate(schemas.ItemCardPage, page)?.path, ['results', 1, 'slug']);
    const order = structuredClone(samples.find((s) => s.name === 'PublicOrder' && (s.body as any).pg_payment_info.type === 'qris')!.body) as any;
    order.pg_payment_info.amount = 'lots';
    assert.deepEqual(validate(schemas.PublicOrder, order)?.path, ['pg_payment_info', 'amount'], 'the union branch the value is meant for');
    order.pg_payment_info = { type: 'virtual_account' }; // missing keys: no branch fits better than another
    assert.deepEqual(validate(schemas.PublicOrder, order), { path: ['pg_payment_info'], message: 'Matches none of the schemas' });
    const discount = { eligible: false, code: 'X', message: 'No' }; // `reason` missing: the branch of `eligible: false`
    assert.deepEqual(validate(schemas.DiscountCheckResult, discount)?.path, ['reason']);
  });
});

describe('browser code', () => {
  const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []));

  it('imports zod and the zod schemas of the contract only as types', () => {
    const offenders: string[] = [];
    for (const file of ['src/client', 'src/session', 'src/elements', 'src/page-runtime'].flatMap(files)) {
      const text = readFileSync(file, 'utf8');
      for (const [statement, from] of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)) {
        const zod = from.startsWith('zod');
        // the zod-free modules of the contract: its header names, its field patterns, the generated JSON Schemas
        const schemaModule = /contract\/(?!constants\.ts|patterns\.ts|json-schemas\/)/.test(from);
        // `import { type A, type B }` is erased too
        const names = statement.match(/\{([^}]*)\}/)?.[1].split(',').map((name) => name.trim()).filter(Boolean) ?? [];
        const typesOnly = names.length > 0 && names.every((name) => name.startsWith('type '));
        if ((zod || schemaModule) && !typesOnly) offenders.push(`${file}: ${statement.split('\n')[0]}`);
      }
      if (/import\(\s*'[^']*(zod|contract\/(?!json-schemas\/|constants\.ts|patterns\.ts))/.test(text)) offenders.push(`${file}: dynamic import`);
    }
    assert.deepEqual(offenders, []);
  });
});
