import { expect, html } from '@open-wc/testing';
import '../../../src/elements/account/account.ts';
import type { SvcAccount } from '../../../src/elements/account/account.ts';
import { updateProfile } from '../../../src/client/index.ts';
import { BUYER, clearStorage } from '../support/server.ts';
import { $, $$, mount, text, type, waitFor } from './helpers.ts';

const tab = async (el: SvcAccount, name: string) => {
  $$<HTMLButtonElement>(el, '[role=tab]').find((t) => t.textContent!.trim() === name)!.click();
  await el.updateComplete;
};

describe('<svc-account>', () => {
  beforeEach(() => clearStorage());

  it('signed out: offers the sign-in form', async () => {
    const { element: el } = await mount<SvcAccount>(html`<svc-account></svc-account>`);
    expect($(el, 'svc-sign-in')).to.not.equal(null);
    await expect(el).to.be.accessible();
  });

  it('profile, orders (paged, buyer-safe detail), subscriptions', async () => {
    const { storefront, element: el } = await mount<SvcAccount>(html`<svc-account></svc-account>`);
    await storefront.signIn(BUYER);
    await waitFor(() => text(el).includes(BUYER.email), 4000, 'the profile');
    await expect(el).to.be.accessible();

    $$<HTMLButtonElement>(el, 'button').find((b) => b.textContent!.includes('Edit profile'))!.click();
    await el.updateComplete;
    type($(el, '#phone'), 'x');
    $<HTMLFormElement>(el, 'form')!.requestSubmit();
    await el.updateComplete;
    expect(text($(el, '#phone-error'))).to.include('valid phone number');
    type($(el, '#phone'), '+6281234567890');
    type($(el, '#name'), 'Budi S.');
    $<HTMLFormElement>(el, 'form')!.requestSubmit();
    await waitFor(() => text(el).includes('Budi S.') && !$(el, 'form'), 4000, 'the saved profile');
    expect(storefront.$session.get().customer?.customer.name).to.equal('Budi S.');
    await updateProfile(storefront.client, { name: 'Budi Santoso' }); // other tests greet him by name

    await tab(el, 'Orders');
    await waitFor(() => $$(el, '[part~=order]').length > 0, 4000, 'orders');
    const first = $$(el, '[part~=order]')[0] as HTMLDetailsElement;
    first.querySelector('summary')!.click();
    await el.updateComplete;
    expect(text(first)).to.include('Total');
    await expect(el).to.be.accessible();

    await tab(el, 'Subscriptions');
    await waitFor(() => text(el).includes('Kopi Bulanan'), 4000, 'subscriptions');
  });

  it('courses: sections, a content, progress update', async () => {
    const { storefront, element: el } = await mount<SvcAccount>(html`<svc-account tab="courses"></svc-account>`);
    await storefront.signIn(BUYER);
    await waitFor(() => $$(el, '[part~=course-card]').length > 0, 4000, 'courses');
    await expect(el).to.be.accessible();
    $$<HTMLButtonElement>(el, '[part~=course-card] button')[0].click();
    await waitFor(() => $$(el, '[part~=course-lesson]').length > 0, 4000, 'lessons');
    const progress = () => text($(el, '.course .progress small'));
    const before = progress();
    const lesson = $$<HTMLButtonElement>(el, '[part~=course-lesson]').find((b) => !b.querySelector('.tick.on'))!;
    lesson.click();
    await waitFor(() => !!$(el, '[part~=course-done]'), 4000, 'the content');
    $<HTMLButtonElement>(el, '[part~=course-done]')!.click();
    await waitFor(() => progress() !== before, 4000, 'the progress');
    expect($(el, '[part~=course-done]')!.getAttribute('aria-pressed')).to.equal('true');
    await expect(el).to.be.accessible();
  });
});
