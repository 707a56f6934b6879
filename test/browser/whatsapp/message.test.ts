import { expect } from '@open-wc/testing';
import { salesNumber, whatsappMessage, whatsappUrl } from '../../../src/elements/shared/whatsapp.ts';

const order = {
  order_number: 'INV-20261123-0042',
  public_order_url: 'https://shop.example/orders/abc',
  gross_revenue: '159000',
  payment_method: 'virtual_account',
  sub_payment_method: 'bca',
  store: { name: 'Toko Demo' },
  variants: { 101: { id: 101, name: 'Hitam / M', product_name: 'Kaos Polos', product_slug: 'kaos-polos', item_type: 'physical' as const, image_url: null } },
  items: [
    { type: 'variant' as const, variant_id: 101, bundle_price_option_id: null, name: 'Kaos Polos', quantity: 2, unit_price: '70000', line_total: '140000' },
    { type: 'bundle_price_option' as const, variant_id: null, bundle_price_option_id: 5, name: 'Paket Hemat', quantity: 1, unit_price: '19000', line_total: '19000' },
  ],
};

describe('WhatsApp hand-off: message and sales rotation', () => {
  it('writes the order in Indonesian: number, items, total, payment (never the secret order link)', () => {
    expect(whatsappMessage(order, 'id').split('\n')).to.deep.equal([
      'Halo Toko Demo, saya ingin konfirmasi pesanan saya.',
      'No. pesanan: INV-20261123-0042',
      '- 2× Kaos Polos (Hitam / M): Rp\u00a0140.000',
      '- 1× Paket Hemat: Rp\u00a019.000',
      'Total: Rp\u00a0159.000',
      'Pembayaran: Virtual account BCA',
    ]);
    expect(whatsappUrl('62811000001', order, 'id')).not.to.include('orders%2Fabc');
  });

  it('in English when the UI is English; words for methods that need them', () => {
    const text = whatsappMessage({ ...order, payment_method: 'bank_transfer', sub_payment_method: null }, 'en');
    expect(text).to.include('Hello Toko Demo, I would like to confirm my order.');
    expect(text).to.include('Order number: INV-20261123-0042');
    expect(text).to.include('Payment: Bank transfer');
    expect(text).not.to.include('https://shop.example/orders/abc');
  });

  it('a wa.me link with the text encoded, the number in international digits', () => {
    const url = new URL(whatsappUrl('0811-2233-4455', order, 'id')!);
    expect(url.origin + url.pathname).to.equal('https://wa.me/6281122334455');
    expect(url.searchParams.get('text')).to.equal(whatsappMessage(order, 'id'));
    expect(whatsappUrl('', order, 'id')).to.equal(undefined);
    expect(whatsappUrl('abc', order, 'id')).to.equal(undefined);
  });

  it('several numbers: the same order always gets the same one, and orders are spread over all of them', () => {
    const numbers = '62811000001, 62811000002,+62 811 000003';
    const chosen = Array.from({ length: 60 }, (_, i) => salesNumber(numbers, `INV-${1000 + i}`));
    for (let i = 0; i < 60; i++) expect(salesNumber(numbers, `INV-${1000 + i}`)).to.equal(chosen[i]); // a reload
    const counts = new Map<string | undefined, number>();
    for (const number of chosen) counts.set(number, (counts.get(number) ?? 0) + 1);
    expect([...counts.keys()].sort()).to.deep.equal(['62811000001', '62811000002', '62811000003']);
    for (const count of counts.values()) expect(count).to.be.greaterThan(5);
  });
});
