import { expect, html } from '@open-wc/testing';
import type { SvcCatalog } from '../../../src/elements/catalog/catalog.ts';
import { findAll, inStore, textOf, waitFor } from '../elements/helpers.ts';

/**
 * A merchant edits the catalog through the business API while the storefront runs: the elements show the change on
 * their next catalog read, with no restart (the server's cached feed and ETags follow). The OTP store of the demo
 * seed, whose admin key is bk_owner_otp, so the demo store's catalog that other tests count stays as it was.
 * (The business key is secret: it appears here only because this test plays the merchant's server.)
 */
const OTP_STORE = { id: 'otp-store', key: 'sfk_otp' };
const business = (method: string, path: string, body?: unknown) =>
  fetch(`/v3/stores/otp-store${path}`, {
    method,
    headers: { 'X-Service-Api-Key': 'bk_owner_otp', ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  }).then(async (res) => ({ status: res.status, json: await res.json() }));

const cardNames = (catalog: SvcCatalog) => findAll(catalog, '[part=card-name]').map((n) => n.textContent!.trim());
const showCatalog = async () => {
  const catalog = await inStore<SvcCatalog>(html`<svc-catalog page-size="40" hide-filter></svc-catalog>`, 'svc-catalog', OTP_STORE);
  await waitFor(() => findAll(catalog, '[part=card]').length > 0, 8000, 'cards');
  return catalog;
};

describe('catalog edits through the business API reach <svc-catalog> without a restart', () => {
  let productId: number | undefined;
  after(async () => {
    if (productId) await business('PATCH', `/products/${productId}`, { listed: false }); // leave the store's feed as it was
  });

  it('a new product, then its new price, then hiding it', async () => {
    const before = await showCatalog();
    expect(cardNames(before)).not.to.include('Kopi Tubruk Merchant');

    const created = await business('POST', '/products', {
      slug: 'kopi-tubruk-merchant', name: 'Kopi Tubruk Merchant', images: ['/demo/img/kopi-gayo.webp'],
      variants: [{ name: '200 g', price: 42000, stock: 9 }],
    });
    expect(created.status).to.equal(201);
    productId = created.json.id;
    const added = await showCatalog();
    await waitFor(() => cardNames(added).includes('Kopi Tubruk Merchant'), 4000, 'the new product');
    expect(textOf(added)).to.contain('Rp 42.000');

    expect((await business('PATCH', `/variants/${created.json.variants[0].id}`, { price: 39000 })).status).to.equal(200);
    const repriced = await showCatalog();
    await waitFor(() => textOf(repriced).includes('Rp 39.000'), 4000, 'the new price');
    expect(textOf(repriced)).not.to.contain('Rp 42.000');

    expect((await business('PATCH', `/products/${productId}`, { listed: false })).status).to.equal(200);
    const hidden = await showCatalog();
    await waitFor(() => !cardNames(hidden).includes('Kopi Tubruk Merchant'), 4000, 'hidden again');
    productId = undefined;
  });
});
