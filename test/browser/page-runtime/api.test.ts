import { expect } from '@open-wc/testing';
import { ApiError } from '../../../src/client/errors.ts';
import { newSvcPage } from './support.ts';

const BANDUNG = { province: 32, city: 3273, subdistrict: 327302 };
const SHIRTS = [{ type: 'variant' as const, variant_id: 106, quantity: 2 }];

describe('page runtime: svcPage routes', () => {
  const page = newSvcPage({ analytics: [] });

  it('looks up delivery locations through the five page location routes', async () => {
    const found = await page.searchLocations({ search: 'coblong', page_size: 5 });
    expect(found.results[0]!.id).to.equal(BANDUNG.subdistrict);
    expect((await page.listProvinces()).some((p) => p.id === BANDUNG.province)).to.equal(true);
    expect((await page.listCities({ province_id: BANDUNG.province })).some((c) => c.id === BANDUNG.city)).to.equal(true);
    expect((await page.listSubdistricts({ city_id: BANDUNG.city })).some((s) => s.id === BANDUNG.subdistrict)).to.equal(true);
    const codes = await page.listPostalCodes(BANDUNG.subdistrict);
    expect(codes[0]!.postal_code).to.match(/^\d{5}$/);
  });

  it('checks a discount code, lists shipping options, prices and places an order once per idempotency key', async () => {
    expect(await page.checkDiscountCode({ code: 'HEMAT10', items: SHIRTS })).to.include({ eligible: true, discount_amount: '17000' });
    expect(await page.checkDiscountCode({ code: 'NOPE' })).to.include({ eligible: false, reason: 'not_found' });
    const destination = { location_id: BANDUNG.subdistrict, address: 'Jl. Dago 1' };
    const [cheapest] = await page.getShippingOptions({ items: SHIRTS, destination, payment_method: 'bank_transfer' });
    const shipping_option = { courier: cheapest!.courier, courier_service: cheapest!.courier_service, warehouse_id: cheapest!.warehouse_id };
    const summary = await page.getSummary({ items: SHIRTS, destination, payment_method: 'bank_transfer', shipping_option, discount_code: 'HEMAT10' });
    expect(summary.shipping_cost).to.equal(cheapest!.cost);
    const body = { customer: { name: 'Budi', phone: '081234567890' }, items: SHIRTS, destination, shipping_option, payment_method: 'bank_transfer', discount_code: 'HEMAT10' };
    const key = `api-test-${Date.now()}`;
    const [first, again] = [await page.placeOrder(body, { idempotencyKey: key }), await page.placeOrder(body, { idempotencyKey: key })];
    expect(again.secret_slug).to.equal(first.secret_slug);
    expect(first.gross_revenue).to.equal(summary.gross_revenue);
  });

  it('rejects with the client\'s typed errors', async () => {
    const error = await page.getSummary({ items: SHIRTS, payment_method: 'bank_transfer' }).catch((e) => e);
    expect(error).to.be.instanceOf(ApiError);
    expect(error.status).to.equal(400);
    expect(error.fields).to.have.property('shipping_option.courier');

    const logged: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args[0]);
    try {
      const wrongKey = await newSvcPage({ pageKey: 'sfk_demo', analytics: [] }).listProvinces().catch((e) => e);
      expect(wrongKey).to.be.instanceOf(ApiError);
      expect(wrongKey.code).to.equal('page_not_found');
      expect(String(logged[0])).to.contain('check data-page-id, data-page-key');
    } finally {
      console.error = original;
    }

  });
});
