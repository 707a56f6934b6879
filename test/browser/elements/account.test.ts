import { expect, html } from '@open-wc/testing';
import '../../../src/elements/account/account.ts';
import type { SvcAccount } from '../../../src/elements/account/account.ts';
import { updateProfile } from '../../../src/client/index.ts';
import { BUYER, clearStorage } from '../support/server.ts';
import { findAll, mount, query, textOf, type, waitFor } from './helpers.ts';

const tab = async (el: SvcAccount, name: string) => {
  findAll<HTMLButtonElement>(el, '[role=tab]').find((t) => t.textContent!.trim() === name)!.click();
  await el.updateComplete;
};

describe('<svc-account>', () => {
  beforeEach(() => clearStorage());

  it('signed out: offers the sign-in form', async () => {
    const { element: el } = await mount<SvcAccount>(html`<svc-account></svc-account>`);
    expect(query(el, 'svc-sign-in')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('profile, orders (paged, buyer-safe detail), subscriptions', async () => {
    const { storefront, element: el } = await mount<SvcAccount>(html`<svc-account></svc-account>`);
    await storefront.signIn(BUYER);
    await waitFor(() => textOf(el).includes(BUYER.email), 4000, 'the profile');
    await expect(el).to.be.accessible();

    findAll<HTMLButtonElement>(el, 'button').find((b) => b.textContent!.includes('Edit profile'))!.click();
    await el.updateComplete;
    type(query(el, '#phone'), 'x');
    query<HTMLFormElement>(el, 'form')!.requestSubmit();
    await el.updateComplete;
    expect(textOf(query(el, '#phone-error'))).to.include('valid phone number');
    type(query(el, '#phone'), '+6281234567890');
    type(query(el, '#name'), 'Budi S.');
    query<HTMLFormElement>(el, 'form')!.requestSubmit();
    await waitFor(() => textOf(el).includes('Budi S.') && !query(el, 'form'), 4000, 'the saved profile');
    expect(storefront.$session.get().customer?.customer.name).to.equal('Budi S.');
    await updateProfile(storefront.client, { name: 'Budi Santoso' }); // other tests greet him by name

    await tab(el, 'Orders');
    await waitFor(() => findAll(el, '[part~=order]').length > 0, 4000, 'orders');
    const first = findAll(el, '[part~=order]')[0] as HTMLDetailsElement;
    first.querySelector('summary')!.click();
    await el.updateComplete;
    expect(textOf(first)).to.include('Total');
    await expect(el).to.be.accessible();

    await tab(el, 'Subscriptions');
    await waitFor(() => textOf(el).includes('Kopi Bulanan'), 4000, 'subscriptions');
  });

  it('courses: sections, a content, progress update', async () => {
    const { storefront, element: el } = await mount<SvcAccount>(html`<svc-account tab="courses"></svc-account>`);
    await storefront.signIn(BUYER);
    await waitFor(() => findAll(el, '[part~=course-card]').length > 0, 4000, 'courses');
    await expect(el).to.be.accessible();
    findAll<HTMLButtonElement>(el, '[part~=course-card] button')[0].click();
    await waitFor(() => findAll(el, '[part~=course-lesson]').length > 0, 4000, 'lessons');
    const progress = () => textOf(query(el, '.course .progress small'));
    const before = progress();
    const lesson = findAll<HTMLButtonElement>(el, '[part~=course-lesson]').find((b) => !b.querySelector('.tick.on'))!;
    lesson.click();
    await waitFor(() => !!query(el, '[part~=course-done]'), 4000, 'the content');
    query<HTMLButtonElement>(el, '[part~=course-done]')!.click();
    await waitFor(() => progress() !== before, 4000, 'the progress');
    expect(query(el, '[part~=course-done]')!.getAttribute('aria-pressed')).to.equal('true');
    await expect(el).to.be.accessible();
  });
});
