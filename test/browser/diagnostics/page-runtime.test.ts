/**
 * page-runtime.js opens the diagnostics panel on `data-debug` by importing `svc-debug.js` beside itself (here the
 * fixture beside the tag's src, which imports the panel's source): a page key that is not the page's, a page that
 * does not list this origin among its domains, missing pixels while conversions are forwarded, and the conversion
 * events with their ids. Nothing in this file imports the panel: only the runtime's loader does.
 */
import { expect } from '@open-wc/testing';
import { keepConsole } from '../support/console.ts';
import { WALLED } from '../support/walled-store.ts';
import { findingTexts, panel, panelShows, waitFor } from './helpers.ts';

const OTHER_ORIGIN = `http://127.0.0.1:${location.port}`;

/** A configuration tag that the browser does not run (the runtime's source is imported below). */
function configTag(attributes: Record<string, string>) {
  const script = document.createElement('script');
  script.type = 'text/plain';
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
  return script;
}

// what the runtime tells the developer on the console besides the panel: the page not found, each forwarded event refused
const kept = keepConsole([/^\[svc-page\] Page not found \(page "demo-page"\)/, /^\[svc-page\] (meta|tiktok|snackvideo): Page not found$/]);

before(async () => {
  // a storefront key where the page key belongs: the classic mistake
  configTag({ 'data-page-id': 'demo-page', 'data-page-key': 'sfk_demo', 'data-debug': '', src: '/test/browser/diagnostics/fixtures/page-runtime.js' });
  await import('../../../src/page-runtime/index.ts');
});

describe('diagnostics panel: page-runtime.js', () => {
  it('is loaded by the runtime beside its own file on data-debug', async () => {
    await waitFor(() => !!panel(), 5000, 'the runtime to load the panel');
    expect(customElements.get('svc-debug-panel')).to.be.a('function');
  });

  it('shows a page key mismatch as "Page not found", spotting a storefront key', async () => {
    const text = await panelShows('Page "demo-page": Page not found', 'That is a storefront key (sfk_…)', 'page key ****demo');
    expect(text).not.to.include('sfk_demo');
    await kept.printed(/^\[svc-page\] Page not found \(page "demo-page"\): check data-page-id, data-page-key and the page's domains\.$/);
  });

  it('warns about each pixel missing while data-analytics forwards to its platform, until it is there', async () => {
    await panelShows('Meta pixel missing', 'TikTok pixel missing', 'Kwai (SnackVideo) pixel missing', 'remove "meta" from data-analytics');
    (window as { fbq?: unknown }).fbq = () => {};
    try {
      await waitFor(() => !findingTexts().some((text) => text.includes('Meta pixel missing')), 4000, 'the Meta warning to go');
      expect(findingTexts().some((text) => text.includes('TikTok pixel missing'))).to.equal(true);
    } finally {
      delete (window as { fbq?: unknown }).fbq;
    }
  });

  it('shows a page whose domains leave out this origin', async () => {
    const tag = configTag({ 'data-page-id': WALLED.page, 'data-page-key': WALLED.pageKey, 'data-base-url': OTHER_ORIGIN });
    try {
      const text = await panelShows(`This origin is not a domain of page "${WALLED.page}"`, `svc-reference-server store add-origin <store> ${location.origin}`);
      expect(text).not.to.include(WALLED.pageKey);
    } finally {
      tag.remove();
    }
  });

  it('lists the conversion events with their ids', async () => {
    const printedBefore = kept.lines.length;
    const id = window.svcPage!.track('AddToCart', { value: 25000, content_ids: ['variant:101'] });
    await panelShows('AddToCart', `page-runtime · id ${id}`);
    // the page key is wrong, so each platform's forwarder refuses the event: the runtime says so on the console
    const refusals = () => kept.lines.slice(printedBefore).filter((line) => /^\[svc-page\] (meta|tiktok|snackvideo): Page not found$/.test(line));
    await waitFor(() => refusals().length === 3, 4000, 'the three refusals on the console');
  });
});
