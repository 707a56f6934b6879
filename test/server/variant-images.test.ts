import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Cart, ProductDetail, PublicOrder, Summary } from '../../src/contract/index.ts';
import { testServer } from './helpers.ts';
import { bundle, physicalCheckout, TOKEN, variant } from './order-fixtures.ts';

const BLACK = '/demo/img/kaos-polos.webp';
const WHITE = '/demo/img/kaos-polos-putih.webp';

describe('a variant\'s own photo and former price', () => {
  const { storefront } = testServer();

  it('the demo\'s white T-shirts have their own photo in the product detail', async () => {
    const product = ProductDetail.parse((await storefront('GET', '/products/kaos-polos')).json);
    const photos = new Map(product.variants.map((v) => [v.name, v.image_url]));
    assert.equal(photos.get('Hitam / M'), BLACK);
    assert.equal(photos.get('Putih / M'), WHITE);
    assert.deepEqual(product.images, [BLACK]); // the card shows the product's own photo
  });

  it('follows the variant into the cart line, with its compare-at price', async () => {
    const res = await storefront('POST', '/cart/items', { body: variant(106, 2) }); // Putih / M
    const [line] = Cart.parse(res.json).items;
    assert.deepEqual([line!.image_url, line!.unit_price, line!.compare_at_price, line!.line_total], [WHITE, '85000', '110000', '170000']);
    const token = res.headers.get(TOKEN)!;
    const withBundle = Cart.parse((await storefront('POST', '/cart/items', { body: bundle(1), headers: { [TOKEN]: token } })).json);
    assert.equal(withBundle.items.find((l) => l.type === 'bundle_price_option')!.compare_at_price, '255000');
    const plain = Cart.parse((await storefront('POST', '/cart/items', { body: variant(109), headers: { [TOKEN]: token } })).json);
    assert.equal(plain.items.find((l) => l.variant_id === 109)!.compare_at_price, null); // no sale: no former price
  });

  it('follows the variant into the summary lines and the order', async () => {
    const items = [variant(106, 1), variant(101, 1)];
    const { customer: _customer, ...priceOnly } = physicalCheckout(items);
    const summary = Summary.parse((await storefront('POST', '/checkout/summary', { body: priceOnly })).json);
    assert.deepEqual(summary.items!.map((l) => [l.variant_id, l.image_url]), [[106, WHITE], [101, BLACK]]);
    const placed = await storefront('POST', '/checkout', { body: physicalCheckout(items) });
    assert.equal(placed.status, 201, placed.text);
    const order = PublicOrder.parse(placed.json);
    assert.equal(order.variants['106']?.image_url, WHITE);
    assert.equal(order.variants['101']?.image_url, BLACK);
  });
});
