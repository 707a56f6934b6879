// The reference server's static files for a merchant's site under development (routes/browser-files.ts): the browser
// folder at /dist/ with CORS for the origins the stores and pages allow, read at each request; the demo images at
// /demo/img/; nothing outside those folders. And the demo seed's images are absolute addresses of the server.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { allowOrigin } from '../../src/server/domain/merchant-origins.ts';
import { createReferenceServer, type ReferenceServer } from '../../src/server/index.ts';
import { DEMO } from './helpers.ts';

describe('the browser folder at /dist/', () => {
  let dir: string;
  let server: ReferenceServer;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => server.app.request(path, { method, headers });

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-browser-files-'));
    mkdirSync(join(dir, 'dist/chunks'), { recursive: true });
    mkdirSync(join(dir, 'img'));
    writeFileSync(join(dir, 'dist/svc-elements.js'), 'export {};\n');
    writeFileSync(join(dir, 'dist/chunks/a.js'), 'export const a = 1;\n');
    writeFileSync(join(dir, 'dist/.hidden.js'), 'secret\n');
    writeFileSync(join(dir, 'secret.json'), '{"secret":true}\n');
    writeFileSync(join(dir, 'img/kaos.webp'), 'RIFF');
    server = createReferenceServer({ db: ':memory:', config: { browserFiles: join(dir, 'dist'), demoImages: join(dir, 'img'), webhooks: { deliver: false } } });
  });
  after(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves its files with their type; an origin a store allows gets CORS, another none', async () => {
    const allowed = await get('/dist/chunks/a.js', { Origin: DEMO.origin });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('content-type'), 'text/javascript; charset=utf-8');
    assert.equal(allowed.headers.get('access-control-allow-origin'), DEMO.origin);
    assert.equal(await allowed.text(), 'export const a = 1;\n');
    const other = await get('/dist/svc-elements.js', { Origin: 'http://localhost:7501' });
    assert.equal(other.status, 200);
    assert.equal(other.headers.get('access-control-allow-origin'), null);
    assert.equal(other.headers.get('vary'), 'Origin, Accept-Encoding'); // the files may be sent gzipped
    assert.equal((await get('/dist/svc-elements.js', { Origin: 'null' })).headers.get('access-control-allow-origin'), null);
  });

  it('an origin added to a store counts at the next request, as does a landing page\'s domain', async () => {
    allowOrigin(server.db, { origin: 'http://localhost:7501', store: 'demo-store' });
    assert.equal((await get('/dist/svc-elements.js', { Origin: 'http://localhost:7501' })).headers.get('access-control-allow-origin'), 'http://localhost:7501');
    server.db.prepare("UPDATE pages SET domains = json_insert(domains, '$[#]', 'https://landing.example') WHERE unique_id = 'demo-page'").run();
    assert.equal((await get('/dist/svc-elements.js', { Origin: 'https://landing.example' })).headers.get('access-control-allow-origin'), 'https://landing.example');
  });

  it('answers HEAD; nothing outside the folder, no dotfile, no unknown type', async () => {
    const head = await get('/dist/svc-elements.js', {}, 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-length'), '11');
    for (const path of ['/dist/.hidden.js', '/dist/%2e%2e/secret.json', '/dist/..%2fsecret.json', '/dist/chunks%2fa.js', '/dist/', '/dist/missing.js']) {
      const response = await get(path);
      assert.equal(response.status, 404, path);
      assert.doesNotMatch(await response.text(), /"secret":true|^secret/, path);
    }
    assert.equal((await get('/dist/svc-elements.js', {}, 'POST')).status, 404);
  });

  it('serves the demo images at /demo/img/', async () => {
    const image = await get('/demo/img/kaos.webp');
    assert.equal([image.status, image.headers.get('content-type')].join(' '), '200 image/webp');
  });

  it('serves nothing at /dist/ when no folder is configured', async () => {
    const bare = createReferenceServer({ db: ':memory:', config: { webhooks: { deliver: false } } });
    try {
      assert.equal((await bare.app.request('/dist/svc-elements.js')).status, 404);
    } finally {
      bare.close();
    }
  });
});

describe('the demo seed\'s images', () => {
  it('are addresses of the server (its public URL) when loaded into an empty database', async () => {
    const server = createReferenceServer({ db: ':memory:', publicUrl: 'http://localhost:9123', config: { webhooks: { deliver: false } } });
    try {
      const response = await server.app.request('/v3/stores/demo-store/public/products/kaos-polos', { headers: { 'X-Service-Storefront-Api-Key': DEMO.key } });
      const product = (await response.json()) as { images: string[]; variants: { image_url: string | null }[] };
      assert.ok(product.images.length > 0);
      for (const url of [...product.images, ...product.variants.map((v) => v.image_url).filter(Boolean)]) assert.match(url!, /^http:\/\/localhost:9123\/demo\/img\//);
    } finally {
      server.close();
    }
  });
});
