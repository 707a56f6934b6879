/**
 * Every write goes through a session action, so every view of the same data follows it: two views of one order, of
 * one profile, of one course, and a write through the first shows in the second without a request of its own.
 */
import { expect, html } from '@open-wc/testing';
import '../../../src/elements/account/account.ts';
import type { SvcAccount } from '../../../src/elements/account/account.ts';
import '../../../src/elements/order-status/order-status.ts';
import type { SvcOrderStatus } from '../../../src/elements/order-status/order-status.ts';
import { BUYER, clearStorage, requestCount, resetServerRequests } from '../support/server.ts';
import { findAll, mount, placeOrder, query, textOf, type, waitFor } from '../elements/helpers.ts';

const STORE_PATH = '/v3/stores/demo-store';

describe('writes through the session reach every view', () => {
  beforeEach(async () => {
    clearStorage();
    await resetServerRequests();
  });

  it('an order edited in one <svc-order-status> shows in the other one of the same order', async () => {
    const order = await placeOrder('bank_transfer');
    // polls an hour apart: only the session can bring the edit to the second view
    const { store } = await mount(html`<div>
      <svc-order-status secret-slug=${order.secret_slug} poll-interval="3600000"></svc-order-status>
      <svc-order-status secret-slug=${order.secret_slug} poll-interval="3600000"></svc-order-status></div>`);
    const [editor, viewer] = [...store.querySelectorAll<SvcOrderStatus>('svc-order-status')];
    await waitFor(() => !!query(editor, '[part~=edit]') && textOf(viewer).includes(order.customer.phone), 4000, 'both views');
    const reads = await requestCount('GET', `${STORE_PATH}/public/orders/${order.secret_slug}`);

    query<HTMLButtonElement>(editor, '[part~=edit]')!.click();
    await editor.updateComplete;
    type(query(editor, '#phone'), '0811 4444 5555');
    type(query(editor, '#notes'), 'Titip di pos satpam');
    query<HTMLFormElement>(editor, 'form')!.requestSubmit();

    await waitFor(() => textOf(viewer).includes('0811 4444 5555'), 4000, 'the edit in the other view');
    expect(textOf(viewer)).to.include('Titip di pos satpam');
    expect(await requestCount('PATCH', `${STORE_PATH}/public/orders/${order.secret_slug}`)).to.equal(1);
    expect(await requestCount('GET', `${STORE_PATH}/public/orders/${order.secret_slug}`)).to.equal(reads);
  });

  it('a profile saved in one <svc-account> shows in the other', async () => {
    const { store, storefront } = await mount(html`<div><svc-account></svc-account><svc-account></svc-account></div>`);
    const [editor, viewer] = [...store.querySelectorAll<SvcAccount>('svc-account')];
    await storefront.signIn(BUYER);
    await waitFor(() => textOf(viewer).includes(BUYER.email) && textOf(editor).includes(BUYER.email), 4000, 'both profiles');
    const before = storefront.$session.get().customer!.customer.name!;
    const profileReads = await requestCount('GET', `${STORE_PATH}/customers/me/profile`);
    try {
      findAll<HTMLButtonElement>(editor, 'button').find((b) => b.textContent!.includes('Edit profile'))!.click();
      await editor.updateComplete;
      type(query(editor, '#name'), 'Budi Dua Tampilan');
      query<HTMLFormElement>(editor, 'form')!.requestSubmit();
      await waitFor(() => textOf(viewer).includes('Budi Dua Tampilan'), 4000, 'the name in the other view');
      // the answer of the PATCH is the profile: no reload behind it
      expect(await requestCount('GET', `${STORE_PATH}/customers/me/profile`)).to.equal(profileReads);
    } finally {
      await storefront.account.updateProfile({ name: before }); // other tests greet him by name
    }
  });

  it('a content marked done in one <svc-account> moves the other one\'s course progress', async () => {
    const { store, storefront } = await mount(html`<div><svc-account tab="courses"></svc-account><svc-account tab="courses"></svc-account></div>`);
    const [editor, viewer] = [...store.querySelectorAll<SvcAccount>('svc-account')];
    await storefront.signIn(BUYER);
    await waitFor(() => findAll(editor, '[part~=course-card]').length > 0 && findAll(viewer, '[part~=course-card]').length > 0, 4000, 'courses');
    const bar = () => textOf(query(viewer, '[part~=course-card] .progress small'));
    const before = bar();
    findAll<HTMLButtonElement>(editor, '[part~=course-card] button')[0].click();
    await waitFor(() => findAll(editor, '[part~=course-lesson]').length > 0, 4000, 'lessons');
    const lesson = findAll<HTMLButtonElement>(editor, '[part~=course-lesson]').find((b) => !b.querySelector('.tick.on'))!;
    lesson.click();
    await waitFor(() => !!query(editor, '[part~=course-done]'), 4000, 'the content');
    query<HTMLButtonElement>(editor, '[part~=course-done]')!.click();
    await waitFor(() => bar() !== before, 4000, 'the progress in the other view');
    expect(bar()).to.equal(textOf(query(editor, '.course .progress small')));
    query<HTMLButtonElement>(editor, '[part~=course-done]')!.click(); // not done again: the other tests find it undone
    await waitFor(() => bar() === before, 4000, 'the progress back in the other view');
  });
});
