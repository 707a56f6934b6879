/**
 * Browser figures on the built bundles (`npm run build` first): first catalog paint beside a static page holding the
 * same 24 cards (every load a first visit: a new browser context), the same catalog server-rendered (and its CLS
 * through hydration), with the store key as a query parameter (no CORS
 * preflight) and as the contract's header, also behind 50 ms of round-trip time; LCP and TBT of the pasted-snippet
 * page beside the static page; API requests on load and before the first paint; and the heap after 1,000 cart
 * add/remove operations against its baseline (after a warm-up). `node --import tsx bench/browser.bench.ts`
 * (ROUNDS=5 by default).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, request as forward } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright';
import { startReferenceServer } from './support.ts';
import { median, measureVitals, VIEWPORTS, type Vitals } from './vitals.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic', '--enable-precise-memory-info'];
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.svg': 'image/svg+xml', '.json': 'application/json', '.css': 'text/css' };

const site = createServer(async (req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  const page = pages.get(path);
  if (page) return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
  const file = normalize(join(process.cwd(), path));
  if (!file.startsWith(join(process.cwd(), 'dist')) && !file.startsWith(join(process.cwd(), 'demo', 'img'))) return void res.writeHead(404).end();
  try {
    const body = await readFile(file); // before the head: a missing file is a 404, not a second head
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteOrigin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
const upstream = await startReferenceServer([`--allow-origin`, siteOrigin]);

/** Every API request the pages make passes this counting proxy (preflights included, which the page cannot see). */
const apiLog: { method: string; path: string; at: number }[] = [];
const proxy = createServer((req, res) => {
  apiLog.push({ method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://x').pathname, at: Date.now() });
  const target = new URL(req.url ?? '/', upstream.url);
  req.pipe(forward(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  }));
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const reference = { url: `http://127.0.0.1:${(proxy.address() as { port: number }).port}` };

const snippet = (extra = '') => `<script type="module" src="/dist/svc-elements.js" data-store-id="demo-store" data-store-key="sfk_demo"
  data-base-url="${reference.url}"></script>${extra}`;
const items = (await (await fetch(`${reference.url}/v3/stores/demo-store/public/items?page_size=24`, {
  headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' },
})).json()) as { results: { name: string; price_min: string; image_url: string | null }[] };
/**
 * The same catalog server-rendered by svc-storefront/ssr (declarative shadow DOM, hydrated by dist/svc-hydrate.js),
 * rendered in a child process (the DOM shim it installs stays out of this one) that reads the service directly; the
 * browser's requests go through the counting proxy.
 */
const SSR_RENDER = `const ssr = await import('./src/ssr/index.ts'); const [service, browserBase] = process.argv.slice(1);
  const store = { storeId: 'demo-store', storeKey: 'sfk_demo', baseUrl: service };
  process.stdout.write((await ssr.renderCartButton()) + (await ssr.renderCatalog({ store, pageSize: 24, hrefTemplate: '/products/{slug}' }))
  + ssr.hydrationScripts({ store: { ...store, baseUrl: browserBase } }));`;
const { stdout: ssrBody } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SSR_RENDER, upstream.url, reference.url],
  { encoding: 'utf8', maxBuffer: 1 << 26 });
const pages = new Map<string, string>([
  ['/catalog-ssr.html', `<!doctype html><meta charset="utf-8"><body>${ssrBody}`],
  ['/catalog.html', `<!doctype html><meta charset="utf-8"><body><svc-cart-button></svc-cart-button><svc-catalog page-size="24"></svc-catalog>${snippet()}`],
  ['/catalog-loader.html', `<!doctype html><meta charset="utf-8"><body><svc-cart-button></svc-cart-button><svc-catalog page-size="24"></svc-catalog>
    <script src="/dist/svc-elements.iife.js" data-store-id="demo-store" data-store-key="sfk_demo" data-base-url="${reference.url}"></script>`],
  // the module tag with the opt-in recipe of docs/theming.md ("Reserved space"): the reserved-box sheet, the entry and
  // the chunk it imports preloaded, the service's connection opened early
  ['/catalog-recipe.html', `<!doctype html><meta charset="utf-8"><link rel="stylesheet" href="/dist/svc-reserved.css">
    <link rel="modulepreload" href="/dist/svc-elements.js"><link rel="modulepreload" href="/dist/svc-core.js">
    <link rel="preconnect" href="${reference.url}" crossorigin><body><svc-cart-button></svc-cart-button><svc-catalog page-size="24"></svc-catalog>${snippet()}`],
  ['/catalog-whole.html', `<!doctype html><meta charset="utf-8"><body><svc-cart-button></svc-cart-button><svc-catalog page-size="48"></svc-catalog>${snippet()}`],
  ['/catalog-lean.html', `<!doctype html><meta charset="utf-8"><body><svc-cart-button></svc-cart-button><svc-catalog page-size="24" hide-count hide-filter></svc-catalog>${snippet()}`],
  ['/static.html', `<!doctype html><meta charset="utf-8"><style>.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:1rem}
    .card img{width:100%;aspect-ratio:1}</style><body><div class="grid">${items.results.map((i) =>
    `<div class="card"><img src="${i.image_url}" alt=""><p>${i.name}</p><p>Rp ${Number(i.price_min).toLocaleString('id-ID')}</p></div>`).join('')}</div>`],
  ['/cart.html', `<!doctype html><meta charset="utf-8"><body><svc-cart></svc-cart>${snippet()}`],
  // the merchant's page of demo/snippet: its own markup and styles, our classic tag in <head>
  ['/snippet.html', (await readFile('demo/snippet/index.html', 'utf8'))
    .replace('http://localhost:8787/dist/', `${siteOrigin}/dist/`).replace('data-base-url="http://localhost:8787"', `data-base-url="${reference.url}"`)],
]);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ARGS });

/** The contract's way for comparison: the store key moved from the query back into the header (a custom header). */
const KEY_AS_HEADER = `(() => { const send = window.fetch; window.fetch = (input, init = {}) => {
  const url = new URL(typeof input === 'string' ? input : input.url, location.href); const key = url.searchParams.get('store_key');
  if (!key) return send(input, init); url.searchParams.delete('store_key'); const headers = new Headers(init.headers);
  headers.set('X-Service-Storefront-Api-Key', key); return send(url.href, { ...init, headers }); }; })()`;
type Load = { ms: number; before: string[]; preflights: number };
type LoadOptions = { keyAsHeader?: boolean; rttMs?: number };

/**
 * Milliseconds from navigation start until 24 cards are in the DOM and laid out (polled every frame), and the API
 * requests that reached the server before then (GETs by path; preflights counted apart). The page reports the time
 * through a binding: `waitForFunction` would compile Playwright's injected script on the page's main thread right
 * after the load event, which for our pages falls between the code's arrival and the cards (a trace showed it there).
 */
async function timeToCards(path: string, countCards: string, options: LoadOptions = {}): Promise<Load> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (options.keyAsHeader) await page.addInitScript(KEY_AS_HEADER);
  if (options.rttMs) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: options.rttMs, downloadThroughput: -1, uploadThroughput: -1 });
  }
  let reported!: (ms: number) => void;
  const cardsAt = new Promise<number>((resolve, reject) => {
    reported = resolve;
    setTimeout(() => reject(new Error(`no 24 cards on ${path} within 20 s`)), 20_000).unref();
  });
  await page.exposeFunction('__svcCardsAt', (ms: number) => reported(ms));
  await page.addInitScript(`(() => { const tick = () => { const n = (${countCards})();
    if (n >= 24) return void window.__svcCardsAt(performance.now()); requestAnimationFrame(tick); }; requestAnimationFrame(tick); })()`);
  const from = apiLog.length;
  await page.goto(`${siteOrigin}${path}`);
  const ms = await cardsAt;
  const paintedAt = (await page.evaluate(() => performance.timeOrigin)) + ms;
  await context.close();
  const before = apiLog.slice(from).filter((r) => r.at <= paintedAt);
  return { ms, before: before.filter((r) => r.method !== 'OPTIONS').map((r) => r.path), preflights: before.filter((r) => r.method === 'OPTIONS').length };
}
const ourCards = `() => document.querySelector('svc-catalog')?.shadowRoot?.querySelectorAll('[part~="card"]').length ?? 0`;
const staticCards = `() => document.querySelectorAll('.card').length`;

/** Interleaved rounds of every variant, so that the machine's drift spreads over all of them. */
const VARIANTS = {
  static: ['/static.html', staticCards, {}],
  elements: ['/catalog.html', ourCards, {}],
  elementsRecipe: ['/catalog-recipe.html', ourCards, {}],
  ssr: ['/catalog-ssr.html', ourCards, {}],
  loader: ['/catalog-loader.html', ourCards, {}],
  loaderKeyHeader: ['/catalog-loader.html', ourCards, { keyAsHeader: true }],
  staticRtt: ['/static.html', staticCards, { rttMs: 50 }],
  loaderRtt: ['/catalog-loader.html', ourCards, { rttMs: 50 }],
  loaderKeyHeaderRtt: ['/catalog-loader.html', ourCards, { keyAsHeader: true, rttMs: 50 }],
} as const satisfies Record<string, [string, string, LoadOptions]>;
const loads = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, [] as Load[]])) as Record<keyof typeof VARIANTS, Load[]>;
for (let i = 0; i < ROUNDS; i++) {
  for (const [name, [path, count, options]] of Object.entries(VARIANTS)) loads[name as keyof typeof VARIANTS].push(await timeToCards(path, count, options));
}
const paint = (name: keyof typeof VARIANTS) => median(loads[name].map((l) => l.ms));
const ratio = (name: keyof typeof VARIANTS, base: keyof typeof VARIANTS = 'static') => (paint(name) / paint(base)).toFixed(2);

// CLS of the server-rendered page from the first frame through hydration (load + 3 s), phone and desktop
const ssrCls = { phone: [] as number[], desktop: [] as number[] };
for (let i = 0; i < ROUNDS; i++) {
  for (const viewport of ['phone', 'desktop'] as const) ssrCls[viewport].push((await measureVitals(browser, `${siteOrigin}/catalog-ssr.html`, VIEWPORTS[viewport], 3000)).cls);
}

// LCP and TBT of the pasted-snippet page beside the static page, interleaved, load + 3 s each
const vitals = { static: [] as Vitals[], snippet: [] as Vitals[] };
for (let i = 0; i < ROUNDS; i++) {
  for (const name of ['static', 'snippet'] as const) vitals[name].push(await measureVitals(browser, `${siteOrigin}/${name}.html`, VIEWPORTS.desktop, 3000));
}
const lcp = (name: keyof typeof vitals) => median(vitals[name].map((v) => v.lcp));
const tbt = (name: keyof typeof vitals) => median(vitals[name].map((v) => v.tbt));
/** The element most often found largest, e.g. `img` or `svc-catalog img[part=card-image]`. */
const lcpElement = (name: keyof typeof vitals) => {
  const seen = vitals[name].map((v) => v.lcpElement);
  return [...new Set(seen)].sort((x, y) => seen.filter((e) => e === y).length - seen.filter((e) => e === x).length)[0];
};

/** A guest cart with one line, as a returning shopper's browser holds it (its token in localStorage). */
async function guestCartToken(): Promise<string> {
  const res = await fetch(`${reference.url}/v3/stores/demo-store/public/cart/items`, {
    method: 'POST', headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo', 'Content-Type': 'application/json' },
    body: JSON.stringify({ type: 'variant', variant_id: 101, quantity: 1 }),
  });
  return res.headers.get('X-Service-Guest-Token')!;
}

/** The API requests of a first visit (GETs by path), in all and before the cards were painted. */
async function apiRequestsOnLoad(path: string, guestToken?: string): Promise<{ all: string[]; beforePaint: string[]; preflights: number }> {
  const context = await browser.newContext();
  if (guestToken) await context.addInitScript(`localStorage.setItem('svc:demo-store:guest-token', ${JSON.stringify(guestToken)})`);
  const page = await context.newPage();
  await page.addInitScript(`(() => { const tick = () => { if ((${ourCards})() >= 24) { window.__cardsAt = performance.now(); return; }
    requestAnimationFrame(tick); }; requestAnimationFrame(tick); })()`);
  const from = apiLog.length;
  await page.goto(`${siteOrigin}${path}`);
  const at = await page.waitForFunction(() => (window as unknown as { __cardsAt?: number }).__cardsAt, undefined, { timeout: 20_000 });
  const paintedAt = (await page.evaluate(() => performance.timeOrigin)) + ((await at.jsonValue()) as number);
  await page.waitForTimeout(1000);
  await context.close();
  const gets = apiLog.slice(from).filter((r) => r.method !== 'OPTIONS');
  return { all: gets.map((r) => r.path), beforePaint: gets.filter((r) => r.at <= paintedAt).map((r) => r.path), preflights: apiLog.slice(from).length - gets.length };
}
const token = await guestCartToken();
const scenarios: [string, string, string?][] = [
  ['catalog (count and chips, 24 of 31 items on the first page) + cart badge, module tag', '/catalog.html'],
  ['the same through the classic tag', '/catalog-loader.html'],
  ['the same when the first page holds the whole catalog (`page-size="48"`)', '/catalog-whole.html'],
  ['catalog with `hide-count hide-filter` + cart badge', '/catalog-lean.html'],
  ['a returning shopper with a cart: catalog with count and chips + badge', '/catalog.html', token],
  ['a returning shopper with a cart: catalog with `hide-count hide-filter` + badge', '/catalog-lean.html', token],
];
const requestRows: string[] = [];
for (const [name, path, guest] of scenarios) {
  const { all, beforePaint, preflights } = await apiRequestsOnLoad(path, guest);
  const short = (paths: string[]) => paths.map((p) => p.replace('/v3/stores/demo-store/public/', '')).join(', ');
  requestRows.push(`| ${name} | ${beforePaint.length}: ${short(beforePaint)} | ${all.length}: ${short(all)} | ${preflights} |`);
}

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

const row = (name: string, variant: keyof typeof VARIANTS, base: keyof typeof VARIANTS = 'static') =>
  `| ${name} | ${paint(variant).toFixed(0)} | ${ratio(variant, base)} | ${median(loads[variant].map((l) => l.preflights))} |`;
console.log(`First catalog paint (navigation → 24 cards laid out), first visits, ${ROUNDS} interleaved rounds, medians:\n`);
console.log('| Page | ms | ratio to static | preflights before it |\n|---|---:|---:|---:|');
console.log(row('static HTML with the same 24 cards', 'static'));
console.log(row('<svc-catalog> + <svc-cart-button>, module tag (dist/svc-elements.js)', 'elements'));
console.log(row('the same, module tag with the recipe of docs/theming.md (reserved sheet, modulepreload, preconnect)', 'elementsRecipe'));
console.log(row('the same server-rendered (svc-storefront/ssr, declarative shadow DOM; svc-hydrate.js + module tag)', 'ssr'));
console.log(row('the same through the classic tag (dist/svc-elements.iife.js: reserved boxes, first page at t = 0)', 'loader'));
console.log(row('classic tag, the store key as the contract\'s header instead of `store_key`', 'loaderKeyHeader'));
console.log(row('static HTML, 50 ms round trips', 'staticRtt'));
console.log(row('classic tag, 50 ms round trips', 'loaderRtt', 'staticRtt'));
console.log(row('classic tag, key as header, 50 ms round trips', 'loaderKeyHeaderRtt', 'staticRtt'));
console.log(`\nCLS of the server-rendered catalog page through hydration (load + 3 s), ${ROUNDS} rounds: phone ${VIEWPORTS.phone.width}×${VIEWPORTS.phone.height} max ${Math.max(...ssrCls.phone).toFixed(3)}, desktop ${VIEWPORTS.desktop.width}×${VIEWPORTS.desktop.height} max ${Math.max(...ssrCls.desktop).toFixed(3)}`);
console.log(`\nThe pasted-snippet page (demo/snippet, classic tag) beside the static page, ${VIEWPORTS.desktop.width}×${VIEWPORTS.desktop.height}, load + 3 s, medians:\n`);
console.log('| Page | LCP ms | LCP element | TBT ms |\n|---|---:|---|---:|');
console.log(`| static HTML with 24 cards | ${lcp('static').toFixed(0)} | ${lcpElement('static')} | ${tbt('static').toFixed(0)} |`);
console.log(`| pasted-snippet page | ${lcp('snippet').toFixed(0)} (${(lcp('snippet') / lcp('static')).toFixed(2)}×) | ${lcpElement('snippet')} | ${tbt('snippet').toFixed(0)} |`);
console.log('\nAPI requests of a first visit (a new browser context), before the cards were painted and in all (load + 1 s):\n');
console.log('| Scenario | before first paint | in all | preflights |\n|---|---|---|---:|');
requestRows.forEach((r) => console.log(r));
const kB = (bytes: number) => `${(bytes / 1e3).toFixed(1)} kB`;
console.log(`\nHeap after 1,000 cart operations (500 add + 500 remove), after 400 operations of warm-up:`);
console.log(`- JS heap in use: ${kB(baseline.used)} → ${kB(after.used)} (${after.used >= baseline.used ? '+' : ''}${kB(after.used - baseline.used)})`);
console.log(`- JavaScript objects (heap snapshot, without compiled code and native objects): ${kB(total(baseline))} → ${kB(total(after))} (${total(after) >= total(baseline) ? '+' : ''}${kB(total(after) - total(baseline))})`);
console.log(`- grew most: ${grew.map(([kind, d]) => `${kind} +${d} B`).join(', ') || 'nothing'}`);

await browser.close();
upstream.stop();
proxy.close();
site.close();
