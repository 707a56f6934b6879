import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DiscountCheckResult, ShippingOptionList, Summary } from '../../src/contract/index.ts';
import { codFee, freightCost, zoneBetween } from '../../src/server/domain/shipping.ts';
import { getSubdistrict } from '../../src/server/domain/locations.ts';
import { testServer } from './helpers.ts';
import { assertFieldError, bundle, MALFORMED_BODIES, physicalCheckout, TOKEN, variant } from './order-fixtures.ts';

const { db, storefront } = testServer();
const post = (path: string, body: unknown, headers: Record<string, string> = {}) => storefront('POST', path, { body, headers });
const cartWith = async (...items: unknown[]) => {
  let token = '';
  for (const item of items) token = (await storefront('POST', '/cart/items', { body: item, headers: { [TOKEN]: token } })).headers.get(TOKEN)!;
  return token;
};
const destination = (location_id: number, postal_code?: string) => ({ location_id, ...(postal_code ? { postal_code } : {}) });
const costs = (options: { courier: string; courier_service: string; cost: string }[]) =>
  Object.fromEntries(options.map((o) => [`${o.courier}/${o.courier_service}`, Number(o.cost)]));

describe('shipping cost rules', () => {
  const area = (id: number) => getSubdistrict(db, id)!;
  it('derives the zone from warehouse and destination areas', () => {
    const tebet = area(317401);
    assert.equal(zoneBetween(tebet, area(317402)), 0); // same city
    assert.equal(zoneBetween(tebet, area(317101)), 1); // same province
    assert.equal(zoneBetween(tebet, area(327301)), 2); // Java
    assert.equal(zoneBetween(tebet, area(127101)), 3); // Sumatra
  });
  it('charges base + per kg × whole kilograms (min 1 kg), rounded up to 500, and a 1 % COD fee of at least 1,000', () => {
    const service = { base: [1234, 0, 0, 0], per_kg: [100, 0, 0, 0] };
    assert.equal(freightCost(service, 0, 0), 1500);
    assert.equal(freightCost(service, 0, 1000), 1500);
    assert.equal(freightCost(service, 0, 1001), 1500); // 1434
    assert.equal(freightCost(service, 0, 3500), 2000); // 1634
    assert.equal(codFee(50_000), 1000);
    assert.equal(codFee(250_050), 2501);
  });
});

describe('POST /checkout/shipping-options', () => {
  it('lists every warehouse × courier × service, cheapest first, priced by zone and weight', async () => {
    const near = await post('/checkout/shipping-options', { items: [variant(101)], destination: destination(317402) });
    assert.equal(near.status, 200);
    const options = ShippingOptionList.parse(near.json);
    assert.equal(options.length, 4);
    assert.ok(options.every((o) => o.warehouse_id === 11));
    assert.deepEqual(options.map((o) => Number(o.cost)), options.map((o) => Number(o.cost)).sort((a, b) => a - b));
    assert.deepEqual(costs(options), { 'pos/KILAT': 11000, 'sicepat/REG': 13000, 'jne/REG': 14000, 'jne/YES': 23000 });
    assert.equal(options.find((o) => o.courier === 'jne' && o.courier_service === 'REG')!.etd_days_min, 1);

    const far = ShippingOptionList.parse((await post('/checkout/shipping-options', {
      items: [variant(101, 6)], destination: destination(127101), // 1.2 kg → 2 kg, zone 3
    })).json);
    assert.equal(costs(far)['jne/REG'], 35000 + 2 * 28000);
    assert.equal(far.find((o) => o.courier === 'jne' && o.courier_service === 'REG')!.etd_days_min, 4);
  });

  it('offers only COD couriers for cod and adds the COD fee', async () => {
    const body = { items: [variant(114, 2)], destination: destination(317101), payment_method: 'cod' }; // 420,000
    const options = ShippingOptionList.parse((await post('/checkout/shipping-options', body)).json);
    assert.deepEqual(options.map((o) => o.courier).sort(), ['jne', 'jne', 'sicepat']);
    assert.ok(options.every((o) => o.cod_available));
    assert.equal(costs(options)['jne/REG'], 11000 + 6000 + 4200);
  });

  it('answers [] for digital-only items and takes the guest cart when items are omitted', async () => {
    assert.deepEqual((await post('/checkout/shipping-options', { items: [variant(109)], destination: destination(317402) })).json, []);
    const token = await cartWith(variant(101));
    const res = await post('/checkout/shipping-options', { destination: destination(317402) }, { [TOKEN]: token });
    assert.equal(ShippingOptionList.parse(res.json).length, 4);
    assertFieldError(await post('/checkout/shipping-options', { destination: destination(317402) }), 'items');
    const emptied = (await storefront('GET', '/cart')).headers.get(TOKEN)!;
    assertFieldError(await post('/checkout/shipping-options', { destination: destination(317402) }, { [TOKEN]: emptied }), 'items');
  });

  it('needs a subdistrict destination and a postal code of that subdistrict', async () => {
    const items = [variant(101)];
    assertFieldError(await post('/checkout/shipping-options', { items, destination: destination(3174) }), 'destination.location_id');
    assertFieldError(await post('/checkout/shipping-options', { items, destination: destination(317402, '12345') }), 'destination.postal_code');
    assert.equal((await post('/checkout/shipping-options', { items, destination: destination(317402, '31790') })).status, 200);
    assertFieldError(await post('/checkout/shipping-options', { items, destination: destination(317402), payment_method: 'no_payment' }),
      'payment_method', 'payment_method_not_allowed');
  });
});

describe('POST /checkout/summary', () => {
  const summary = (body: Record<string, unknown>, headers?: Record<string, string>) => post('/checkout/summary', body, headers);
  const physical = (extra: Record<string, unknown> = {}) => {
    const { customer: _customer, ...body } = physicalCheckout([variant(101, 2)], extra);
    return body;
  };

  it('adds product price, recomputed shipping and the store fee, minus the discount', async () => {
    const res = await summary(physical());
    const s = Summary.parse(res.json);
    assert.deepEqual(s, {
      items: [{
        type: 'variant', variant_id: 101, bundle_price_option_id: null, name: 'Kaos Polos Premium', variant_name: 'Hitam / S',
        image_url: '/demo/img/kaos-polos.webp', item_type: 'physical', quantity: 2, unit_price: '85000', line_total: '170000',
      }],
      product_price: '170000', shipping_cost: '14000', other_income: '2500', other_income_name: 'Biaya layanan',
      discount_amount: '0', gross_revenue: '186500',
    });
    const discounted = Summary.parse((await summary(physical({ discount_code: 'hemat10' }))).json);
    assert.equal(discounted.discount_amount, '17000');
    assert.equal(Number(discounted.gross_revenue),
      Number(discounted.product_price) + Number(discounted.shipping_cost) + Number(discounted.other_income) - Number(discounted.discount_amount));
  });

  it('ignores a client shipping_cost', async () => {
    const honest = (await summary(physical())).json;
    assert.deepEqual((await summary(physical({ shipping_cost: '1' }))).json, honest);
    assert.deepEqual((await summary(physical({ shipping_cost: 0 }))).json, honest);
  });

  it('prices without a payment method, then without its fee (contract-gaps: summary without payment_method)', async () => {
    const unpaid = Summary.parse((await summary(physical({ payment_method: undefined }))).json);
    assert.equal(unpaid.shipping_cost, '14000');
    assert.equal(unpaid.gross_revenue, '186500');
    const cod = Summary.parse((await summary(physical({ payment_method: 'cod' }))).json);
    assert.equal(Number(cod.gross_revenue) - Number(unpaid.gross_revenue), 1700);
  });

  it('partial: prices the items before destination and courier, shipping pending (contract-gaps)', async () => {
    const s = Summary.parse((await summary({ items: [variant(101, 2)], partial: true })).json);
    assert.equal(s.shipping_pending, true);
    assert.equal(s.shipping_cost, '0');
    assert.equal(s.product_price, '170000');
    assert.deepEqual(s.items?.map((l) => [l.variant_id, l.quantity, l.unit_price]), [[101, 2, '85000']]);
    assert.equal(Summary.parse((await summary({ items: [variant(109)], partial: true })).json).shipping_pending, undefined); // nothing ships
    assert.equal(Summary.parse((await summary(physical({ partial: true }))).json).shipping_cost, '14000'); // complete: priced
    assertFieldError(await summary({ items: [variant(101)] }), 'destination'); // without partial: as before
  });

  it('charges cod fee in the shipping cost and refuses a courier that is not offered', async () => {
    const cod = Summary.parse((await summary(physical({ payment_method: 'cod' }))).json);
    assert.equal(cod.shipping_cost, String(14000 + 1700));
    assert.equal(cod.cod_fee, '1700', 'the fee is named, inside the shipping cost');
    const pending = Summary.parse((await summary({ items: [variant(101, 2)], payment_method: 'cod', partial: true })).json);
    assert.deepEqual([pending.shipping_pending, pending.cod_fee], [true, '1700'], 'known as soon as COD is chosen');
    assert.equal(Summary.parse((await summary(physical())).json).cod_fee, undefined);
    const options = (await post('/checkout/shipping-options', { ...physical({ payment_method: 'cod' }) })).json as { cod_fee?: string }[];
    assert.ok(options.length > 0 && options.every((o) => o.cod_fee === '1700'));
    assertFieldError(await summary(physical({ payment_method: 'cod', courier: 'pos', courier_service: 'KILAT' })), 'courier_service');
    assertFieldError(await summary(physical({ courier_service: 'KILAT' })), 'courier_service');
    assertFieldError(await summary(physical({ courier: 'gojek' })), 'courier');
    assertFieldError(await summary(physical({ warehouse_id: 21 })), 'warehouse_id'); // free-store's warehouse
  });

  it('needs no courier for digital-only items and answers shipping_cost "0"', async () => {
    const s = Summary.parse((await summary({ items: [variant(109)], payment_method: 'qris' })).json);
    assert.equal(s.shipping_cost, '0');
    assert.equal(s.gross_revenue, String(49000 + 2500));
    assertFieldError(await summary({ items: [variant(109)], payment_method: 'cod' }), 'payment_method', 'payment_method_not_allowed');
  });

  it('names the missing destination and shipping fields for physical items', async () => {
    const res = await summary({ items: [variant(101)], payment_method: 'bank_transfer' });
    for (const field of ['destination', 'courier', 'courier_service', 'warehouse_id']) assertFieldError(res, field);
    assertFieldError(await summary(physical({ courier: undefined })), 'courier');
  });

  it('refuses unknown, disabled and no_payment methods and bad channels', async () => {
    for (const method of ['no_payment', 'invoice', 'bitcoin']) {
      assertFieldError(await summary(physical({ payment_method: method })), 'payment_method', 'payment_method_not_allowed');
    }
    assertFieldError(await summary(physical({ payment_method: 'virtual_account', sub_payment_method: 'xyz' })), 'sub_payment_method');
    assert.equal((await summary(physical({ payment_method: 'virtual_account', sub_payment_method: 'bca' }))).status, 200);
  });

  it('refuses an ineligible discount code, prices the guest cart, and checks stock', async () => {
    assertFieldError(await summary(physical({ discount_code: 'LAMA50' })), 'discount_code');
    assertFieldError(await summary(physical({ discount_code: 'NOPE' })), 'discount_code');
    assertFieldError(await summary(physical({ discount_code: 'BELANJA1JT' })), 'discount_code');
    const token = await cartWith(variant(101, 2));
    assert.deepEqual((await summary({ ...physical(), items: undefined }, { [TOKEN]: token })).json, (await summary(physical())).json);
    assertFieldError(await summary(physical({ items: [variant(101), variant(111, 4)] })), 'items.1.quantity', 'out_of_stock');
  });
});

describe('POST /discount-codes/check', () => {
  const check = async (body: unknown, headers?: Record<string, string>) => {
    const res = await post('/discount-codes/check', body, headers);
    assert.equal(res.status, 200, JSON.stringify(res.json));
    return DiscountCheckResult.parse(res.json);
  };

  it('answers typed results: not_found, expired, min_purchase_not_met, eligible (case-insensitive)', async () => {
    assert.deepEqual(await check({ code: 'NOPE', items: [variant(101)] }), {
      eligible: false, code: 'NOPE', reason: 'not_found', message: 'Discount code NOPE does not exist',
    });
    assert.equal((await check({ code: 'lama50', items: [variant(101)] }) as { reason: string }).reason, 'expired');
    assert.equal((await check({ code: 'BELANJA1JT', items: [variant(101)] }) as { reason: string }).reason, 'min_purchase_not_met');
    const big = await check({ code: 'belanja1jt', items: [variant(101, 12)] });
    assert.ok(big.eligible && big.discount_amount === '100000' && big.code === 'BELANJA1JT');
    const hemat = await check({ code: 'Hemat10', items: [variant(101, 2), bundle(1)] });
    assert.ok(hemat.eligible && hemat.discount_amount === String((170000 + 225000) / 10) && hemat.discount_type === 'percentage');
  });

  it('uses the guest cart when items are omitted', async () => {
    const token = await cartWith(variant(101, 12));
    assert.equal((await check({ code: 'BELANJA1JT' }, { [TOKEN]: token })).eligible, true);
    assert.equal((await check({ code: 'BELANJA1JT' })).eligible, false);
  });

  it('answers malformed bodies with 400', async () => {
    for (const body of [...MALFORMED_BODIES, { code: '' }, { code: 5 }, { code: 'x'.repeat(41) }]) {
      assertFieldError(await post('/discount-codes/check', body));
    }
  });
});

describe('malformed checkout-side bodies', () => {
  it('are 400 with a named field on shipping options, summary and checkout', async () => {
    for (const path of ['/checkout/shipping-options', '/checkout/summary', '/checkout']) {
      for (const body of MALFORMED_BODIES) assertFieldError(await post(path, body));
    }
  });
});
