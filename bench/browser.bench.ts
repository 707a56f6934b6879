/**
 * Browser figures on the built bundles (`npm run build` first): first catalog paint beside a static page holding the
 * same 24 cards, API requests a catalog + cart badge page makes on load, and the heap after 1,000 cart add/remove
 * operations against its baseline (after a warm-up). `node --import tsx bench/browser.bench.ts` (ROUNDS=5 by default).
 */
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright';
import { startReferenceServer } from './support.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic', '--enable-precise-memory-info'];
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json' };

const site = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const page = pages.get(path);
  if (page) return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
  const file = normalize(join(process.cwd(), path));
  if (!file.startsWith(join(process.cwd(), 'dist')) && !file.startsWith(join(process.cwd(), 'demo', 'img'))) return void res.writeHead(404).end();
  try {
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteOrigin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
const reference = await startReferenceServer([`--allow-origin`, siteOrigin]);

const snippet = (extra = '') => `<script type="module" src="/dist/svc-elements.js" data-store-id="demo-store" data-store-key="sfk_demo"
  data-base-url="${reference.url}"></script>${extra}`;
const items = (await (await fetch(`${reference.url}/v3/stores/demo-store/public/items?page_size=24`, {
  headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' },
})).json()) as { results: { name: string; price_min: string; image_url: string | null }[] };
const pages = new Map<string, string>([
  ['/catalog.html', `<!doctype html><meta charset="utf-8"><body><svc-cart-button></svc-cart-button><svc-catalog page-size="24"></svc-catalog>${snippet()}`],
  ['/catalog-loader.html', `<!doctype html><meta charset="utf-8"><body><svc-cart-button></svc-cart-button><svc-catalog page-size="24"></svc-catalog>
    <script src="/dist/svc-elements.iife.js" data-store-id="demo-store" data-store-key="sfk_demo" data-base-url="${reference.url}"></script>`],
  ['/catalog-whole.html', `<!doctype html><meta charset="utf-8"><body><svc-cart-button></svc-cart-button><svc-catalog page-size="48"></svc-catalog>${snippet()}`],
  ['/catalog-lean.html', `<!doctype html><meta charset="utf-8"><body><svc-cart-button></svc-cart-button><svc-catalog page-size="24" hide-count hide-filter></svc-catalog>${snippet()}`],
  ['/static.html', `<!doctype html><meta charset="utf-8"><style>.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem}
    .card img{width:100%;aspect-ratio:1}</style><body><div class="grid">${items.results.map((i) =>
    `<div class="card"><img src="${i.image_url}" alt=""><p>${i.name}</p><p>Rp ${Number(i.price_min).toLocaleString('id-ID')}</p></div>`).join('')}</div>`],
  ['/cart.html', `<!doctype html><meta charset="utf-8"><body><svc-cart></svc-cart>${snippet()}`],
]);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ARGS });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Milliseconds from navigation start until 24 cards are in the DOM and laid out (polled every frame). */
async function timeToCards(path: string, countCards: string): Promise<number> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(`(() => { const tick = () => { const n = (${countCards})();
    if (n >= 24) { window.__cardsAt = performance.now(); return; } requestAnimationFrame(tick); }; requestAnimationFrame(tick); })()`);
  await page.goto(`${siteOrigin}${path}`);
  const at = await page.waitForFunction(() => (window as unknown as { __cardsAt?: number }).__cardsAt, undefined, { timeout: 20_000 });
  const ms = (await at.jsonValue()) as number;
  await context.close();
  return ms;
}
const ourCards = `() => document.querySelector('svc-catalog')?.shadowRoot?.querySelectorAll('[part~="card"]').length ?? 0`;
const staticCards = `() => document.querySelectorAll('.card').length`;

const paints = { static: [] as number[], elements: [] as number[], loader: [] as number[] };
for (let i = 0; i < ROUNDS; i++) {
  paints.static.push(await timeToCards('/static.html', staticCards));
  paints.elements.push(await timeToCards('/catalog.html', ourCards));
  paints.loader.push(await timeToCards('/catalog-loader.html', ourCards));
}

/** A guest cart with one line, as a returning shopper's browser holds it (its token in localStorage). */
async function guestCartToken(): Promise<string> {
  const res = await fetch(`${reference.url}/v3/stores/demo-store/public/cart/items`, {
    method: 'POST', headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo', 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'variant', variant_id: 101, quantity: 1 }),
  });
  return res.headers.get('X-Service-Guest-Token')!;
}

async function apiRequestsOnLoad(path: string, guestToken?: string): Promise<string[]> {
  const context = await browser.newContext();
  if (guestToken) await context.addInitScript(`localStorage.setItem('svc:demo-store:guest-token', ${JSON.stringify(guestToken)})`);
  const page = await context.newPage();
  const seen: string[] = [];
  page.on('request', (r) => { if (r.url().startsWith(reference.url) && r.method() !== 'OPTIONS') seen.push(new URL(r.url()).pathname); });
  await page.goto(`${siteOrigin}${path}`);
  await page.waitForFunction(`(${ourCards})() >= 24`, undefined, { timeout: 20_000 });
  await page.waitForTimeout(1000);
  await context.close();
  return seen;
}
const requests = await apiRequestsOnLoad('/catalog.html');
const wholeRequests = await apiRequestsOnLoad('/catalog-whole.html');
const leanRequests = await apiRequestsOnLoad('/catalog-lean.html');
const token = await guestCartToken();
const returningRequests = await apiRequestsOnLoad('/catalog.html', token);
const returningLeanRequests = await apiRequestsOnLoad('/catalog-lean.html', token);

// Heap: 1,000 add/remove operations through the cart element's storefront, garbage collected before each reading.
const context = await browser.newContext();
const page = await context.newPage();
await page.goto(`${siteOrigin}/cart.html`);
await page.waitForFunction(() => customElements.get('svc-cart'));
const cdp = await context.newCDPSession(page);

type HeapReading = { used: number; objects: Map<string, number> };
/**
 * The JS heap in use, and from a heap snapshot the bytes of JavaScript objects by kind — leaving out compiled code
 * (V8 keeps optimising hot functions) and native objects (Blink's, among them DevTools' records of every request,
 * which exist only because the benchmark is attached through the DevTools protocol).
 */
async function readHeap(): Promise<HeapReading> {
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => void chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const { snapshot, nodes, strings } = JSON.parse(chunks.join('')) as
    { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
  const fields = snapshot.meta.node_fields;
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const objects = new Map<string, number>();
  for (let i = 0; i < nodes.length; i += fields.length) {
    const kind = snapshot.meta.node_types[0][nodes[i + type]!]!;
    if (kind === 'code' || kind === 'native') continue;
    const key = kind === 'object' || kind === 'closure' ? `${kind} ${strings[nodes[i + name]!]}` : kind;
    objects.set(key, (objects.get(key) ?? 0) + nodes[i + size]!);
  }
  return { used: (await cdp.send('Runtime.getHeapUsage')).usedSize, objects };
}
const total = (r: HeapReading) => [...r.objects.values()].reduce((a, b) => a + b, 0);
const cycle = (n: number) => page.evaluate(async (times) => {
  const storefront = (document.querySelector('svc-cart') as unknown as { storefront: { cart: {
    add(item: unknown): Promise<unknown>; remove(id: number): Promise<unknown> }; $cart: { get(): { cart?: { items: { id: number }[] } } } } }).storefront;
  for (let i = 0; i < times; i++) {
    await storefront.cart.add({ type: 'variant', variant_id: 101, quantity: 1 });
    const line = storefront.$cart.get().cart?.items[0];
    if (line) await storefront.cart.remove(line.id);
  }
}, n);
// Warm-up: V8 tiers the hot code up, and the browser's resource-timing buffer (250 entries, one per request) fills.
await cycle(200);
const baseline = await readHeap();
await cycle(500);
const after = await readHeap();
await context.close();
const grew = [...after.objects].map(([kind, bytes]) => [kind, bytes - (baseline.objects.get(kind) ?? 0)] as const)
  .filter(([, d]) => d > 0).sort((a, b) => b[1] - a[1]).slice(0, 3);

console.log(`First catalog paint (navigation → 24 cards laid out), ${ROUNDS} rounds, medians:\n`);
console.log('| Page | ms | ratio |\n|---|---:|---:|');
console.log(`| static HTML with the same 24 cards | ${median(paints.static).toFixed(0)} | 1.00 |`);
console.log(`| <svc-catalog> + <svc-cart-button> (dist/svc-elements.js) | ${median(paints.elements).toFixed(0)} | ${(median(paints.elements) / median(paints.static)).toFixed(2)} |`);
console.log(`| the same through the classic tag (dist/svc-elements.iife.js, preloading the entry's chunks) | ${median(paints.loader).toFixed(0)} | ${(median(paints.loader) / median(paints.static)).toFixed(2)} |`);
console.log(`\nAPI requests on load: catalog with count and filter + cart badge: ${requests.length} (${requests.join(', ')})`);
console.log(`API requests on load: the same with a first page holding the whole catalog (page-size 48): ${wholeRequests.length} (${wholeRequests.join(', ')})`);
console.log(`API requests on load: catalog with hide-count hide-filter + cart badge: ${leanRequests.length} (${leanRequests.join(', ')})`);
console.log(`API requests on load, a returning shopper with a cart: catalog with count and filter + cart badge: ${returningRequests.length} (${returningRequests.join(', ')})`);
console.log(`API requests on load, a returning shopper with a cart: catalog with hide-count hide-filter + cart badge: ${returningLeanRequests.length} (${returningLeanRequests.join(', ')})`);
const kB = (bytes: number) => `${(bytes / 1e3).toFixed(1)} kB`;
console.log(`\nHeap after 1,000 cart operations (500 add + 500 remove), after 400 operations of warm-up:`);
console.log(`- JS heap in use: ${kB(baseline.used)} → ${kB(after.used)} (${after.used >= baseline.used ? '+' : ''}${kB(after.used - baseline.used)})`);
console.log(`- JavaScript objects (heap snapshot, without compiled code and native objects): ${kB(total(baseline))} → ${kB(total(after))} (${total(after) >= total(baseline) ? '+' : ''}${kB(total(after) - total(baseline))})`);
console.log(`- grew most: ${grew.map(([kind, d]) => `${kind} +${d} B`).join(', ') || 'nothing'}`);

await browser.close();
reference.stop();
site.close();
