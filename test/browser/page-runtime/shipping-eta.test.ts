import { expect } from '@open-wc/testing';
import type { ShippingOption } from '../../../src/contract/checkout.ts';
import { renderShippingOptions } from '../../../src/page-runtime/form/render.ts';

const option = (service: string, min: number, max: number): ShippingOption => ({
  courier: 'jne', courier_name: 'JNE', courier_service: service, service_name: service, warehouse_id: 1, cost: '20000',
  etd_days_min: min, etd_days_max: max, cod_available: false,
});

describe('page runtime: delivery estimates of the shipping options', () => {
  afterEach(() => (document.documentElement.lang = ''));

  const etas = () => {
    const box = document.createElement('div');
    renderShippingOptions(box, [option('YES', 1, 1), option('REG', 2, 3)]);
    return [...box.querySelectorAll('[data-svc-part=etd]')].map((node) => node.textContent);
  };

  it('writes "1 hari" for a one-day service and "2–3 hari" for a range', () => {
    document.documentElement.lang = 'id';
    expect(etas()).to.deep.equal(['1 hari', '2–3 hari']);
  });

  it('writes "1 day" and "2–3 days" on an English page', () => {
    document.documentElement.lang = 'en';
    expect(etas()).to.deep.equal(['1 day', '2–3 days']);
  });
});
