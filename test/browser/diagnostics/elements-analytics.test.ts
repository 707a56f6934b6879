/**
 * The panel warns when the elements' `data-analytics` (script tag or `<svc-store>`) forwards to a platform whose pixel
 * (or, for GA4, gtag / a dataLayer) is not on the page, and stops once it is there.
 */
import { expect } from '@open-wc/testing';
import { findingTexts, mount, panel, panelShows, reset, waitFor } from './helpers.ts';

type Globals = { fbq?: unknown; gtag?: unknown; dataLayer?: unknown; ttq?: unknown; kwaiq?: unknown };
const w = window as Globals;

describe('diagnostics panel: the elements\' data-analytics', () => {
  before(async () => {
    history.replaceState(null, '', `${location.pathname}${location.search ? `${location.search}&` : '?'}svc-debug`);
    await import(new URL('../../../src/index.ts?debug', import.meta.url).href);
    await waitFor(() => !!panel(), 5000, 'the panel');
  });
  afterEach(() => {
    reset();
    for (const name of ['fbq', 'gtag', 'dataLayer', 'ttq', 'kwaiq'] as const) delete w[name];
  });

  it('warns about each pixel missing for the elements, until it is there', async () => {
    w.ttq = { track: () => {} }; // TikTok's snippet is on the page
    mount('<svc-store store-id="demo-store" store-key="sfk_demo" data-analytics="ga4 meta tiktok"></svc-store>');
    const text = await panelShows('Meta pixel missing for the elements', 'Google Analytics 4 pixel missing for the elements',
      'remove "meta" from data-analytics', 'the Google tag (gtag) or a GTM dataLayer');
    expect(text).not.to.include('TikTok pixel missing');
    w.dataLayer = []; // a GTM page
    await waitFor(() => !findingTexts().some((t) => t.includes('Google Analytics 4 pixel missing')), 6000, 'the GA4 warning to go');
    expect(findingTexts().some((t) => t.includes('Meta pixel missing for the elements'))).to.equal(true);
  });

  it('says nothing about pixels when the elements forward nowhere', async () => {
    mount('<svc-store store-id="demo-store" store-key="sfk_demo"></svc-store>');
    await panelShows('No set-up problem found so far.');
    expect(findingTexts().some((t) => t.includes('pixel missing'))).to.equal(false);
  });
});
