/**
 * Below the browser policy (docs/browsers.md) the classic loader starts nothing: no reserved boxes (they would hide
 * what the server wrote inside the elements), no early request, no entry. The page stays readable, links included.
 */
import { expect } from '@open-wc/testing';

describe('the classic loader in a browser older than the policy', () => {
  it('leaves the server-rendered links inside the elements visible and loads nothing', async () => {
    const frame = document.createElement('iframe');
    frame.style.width = '600px';
    frame.src = new URL('./below-policy.html', import.meta.url).href;
    const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
    document.body.append(frame);
    try {
      await loaded;
      const page = frame.contentWindow as Window & typeof globalThis & { __svcEarlyRequests?: Map<string, unknown> };
      const doc = frame.contentDocument!;
      // the loader, a module here, ran before the page's load event
      expect(page.__svcEarlyRequests?.size ?? 0, 'early requests').to.equal(0);
      expect(doc.adoptedStyleSheets.length + doc.querySelectorAll('style').length, 'reserved-box sheets').to.equal(0);
      expect(page.customElements.get('svc-catalog')).to.equal(undefined);
      for (const link of doc.querySelectorAll('a')) expect(link.getBoundingClientRect().height, link.textContent!).to.be.greaterThan(0);
      const fetched = page.performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname);
      expect(fetched.filter((path) => /svc-elements|\/v3\//.test(path))).to.deep.equal([]);
    } finally {
      frame.remove();
    }
  });
});
