import { expect } from '@open-wc/testing';
import * as api from '../../../src/client/index.ts';
import { BUYER, clearStorage, demoClient } from '../support/server.ts';

const destination = { location_id: 317401, address: 'Jl. Mawar 1' };

/** Every typed route against the reference server: each answer must pass its contract schema. */
describe('typed routes against the reference server', () => {
  beforeEach(() => clearStorage());

  it('catalog and lookup', async () => {
    const client = demoClient();
    const page = await api.listItems(client, { page_size: 3 });
    expect(page.results).to.have.length(3);
    const next = await api.listItems(client, { page_size: 3, next_cursor: page.next_cursor! });
    expect(next.results[0].slug).to.not.equal(page.results[0].slug);
    expect((await api.countItems(client)).total).to.be.greaterThan(0);
    const product = await api.getProduct(client, 'produk-rahasia'); // hidden from the feed, still fetchable
    expect(product.listed).to.equal(false);
    expect((await api.getBundlePriceOption(client, 'paket-hemat')).components.length).to.be.greaterThan(0);
    expect((await api.listCategories(client)).length).to.be.greaterThan(0);
    expect((await api.listPaymentMethods(client)).map((m) => m.code)).to.not.include('no_payment');
    expect((await api.getVariantPricing(client, [101, 102])).map((p) => p.variant_id).sort()).to.deep.equal([101, 102]);
    expect((await api.getVariantAvailability(client, 101)).variant_id).to.equal(101);
    const provinces = await api.listProvinces(client, { search: 'jawa barat' });
    const cities = await api.listCities(client, { province_id: provinces[0].id });
    const subdistricts = await api.listSubdistricts(client, { city_id: cities[0].id });
    expect((await api.listPostalCodes(client, subdistricts[0].id)).length).to.be.greaterThan(0);
  });

  it('public order read, update and payment', async () => {
    const client = demoClient();
    await api.addGuestCartItem(client, { type: 'variant', variant_id: 105, quantity: 1 });
    const [option] = await api.getShippingOptions(client, { destination });
    const order = await api.placeGuestOrder(client, {
      customer: { name: 'Ayu', phone: '+6281200001111' }, destination, payment_method: 'virtual_account', sub_payment_method: 'bca',
      courier: option.courier, courier_service: option.courier_service, warehouse_id: option.warehouse_id,
    }, { idempotencyKey: crypto.randomUUID() });
    expect((await api.getGuestCart(client)).items).to.deep.equal([]); // the cart was the item source: emptied
    expect((await api.getPublicOrder(client, order.secret_slug)).secret_slug).to.equal(order.secret_slug);
    expect((await api.updatePublicOrder(client, order.secret_slug, { notes: 'tolong cepat' })).notes).to.equal('tolong cepat');
    const paid = await api.createOrderPayment(client, order.secret_slug);
    expect(paid.pg_payment_info).to.have.property('type', 'virtual_account');
    expect((await api.createOrderPayment(client, order.secret_slug)).pg_payment_info).to.deep.equal(paid.pg_payment_info);
  });

  it('customer account', async () => {
    const client = demoClient();
    await api.signIn(client, BUYER);
    const profile = await api.updateProfile(client, { name: 'Budi Santoso' });
    expect(profile.customer.name).to.equal('Budi Santoso');
    const orders = await api.listCustomerOrders(client, { page_size: 5 });
    expect(orders.results.length).to.be.greaterThan(0);
    expect((await api.getCustomerOrder(client, orders.results[0].id)).id).to.equal(orders.results[0].id);
    const subscriptions = await api.listSubscriptions(client);
    expect((await api.getSubscription(client, subscriptions.results[0].id)).id).to.equal(subscriptions.results[0].id);
    const courses = await api.listCourses(client);
    const course = await api.getCourse(client, courses.results[0].id);
    const sections = await api.listCourseSections(client, course.id);
    const contentId = sections[0].contents[0].id;
    expect((await api.getCourseContent(client, course.id, contentId)).id).to.equal(contentId);
    expect((await api.updateCourseProgress(client, course.id, contentId, { position_seconds: 30 })).position_seconds).to.equal(30);

    const cart = await api.addCustomerCartItem(client, { type: 'variant', variant_id: 106, quantity: 1 });
    const line = cart.items.find((l) => l.variant_id === 106)!;
    expect((await api.updateCustomerCartItem(client, line.id, { quantity: 2 })).items.find((l) => l.id === line.id)!.quantity).to.equal(2);
    expect((await api.removeCustomerCartItem(client, line.id)).items.find((l) => l.id === line.id)).to.equal(undefined);
    expect((await api.getCustomerCart(client)).currency).to.equal('IDR');
    await api.signOut(client);
    client.destroy();
  });
});
