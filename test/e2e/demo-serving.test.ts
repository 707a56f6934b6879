// What `npm start` (demo/serve.ts) serves: an allow-list (the demo pages, demo/ and dist/) and nothing else. The
// project's own files (the database with its signing keys, package.json, sources, .git, node_modules) answer 404,
// however the path is spelled. The pages load the built bundles merchants ship, never the sources. `npm run dev`
// (demo/dev.ts) adds only the browser sources Vite compiles and Vite's own modules.
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startDemo, type Demo } from './support/demo.ts';


/** GET with the path sent exactly as written (fetch and URL would resolve `..` and `%2e%2e` first). */
function rawGet(origin: string, path: string): Promise<{ status: number; type: string | undefined; body: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
    }).on('error', reject).end();
  });
}

const REFUSED = [
  '/.data/reference.sqlite', '/.data/reference.sqlite-wal', '/package.json', '/package-lock.json', '/src/index.ts',
  '/src/server/index.ts', '/.git/config', '/.git/HEAD', '/node_modules/lit/package.json', '/demo/../package.json',
  '/%2e%2e/package.json', '/demo/%2e%2e/package.json', '/demo/..%2fpackage.json', '/demo/%2E%2E%2Fpackage.json',
  '/dist/../package.json', '/dist/..%2f..%2fpackage.json', '/dist/%2e%2e/package.json', '/demo/.', '/demo/',
  '/demo/img/', '/dist/', '/tsconfig.json', '/vite.config.ts', '/README.md', '/demo/serve.ts', '/demo/static-routes.ts',
  '/@fs/etc/passwd', '/@vite/client', '/demo/index.html%00.js', '/demo//..//package.json', '/demo\\..\\package.json',
];

async function assertRefused(origin: string, path: string) {
  const { status, body } = await rawGet(origin, path);
  assert.equal(status, 404, `${path} answered ${status}`);
  assert.ok(!body.includes('"devDependencies"') && !body.includes('SQLite format'), `${path} leaked a file`);
}

describe('npm start', () => {
  let demo: Demo;
  before(async () => (demo = await startDemo()));
  after(() => demo?.close());

  for (const path of REFUSED) test(`${path} is not served`, () => assertRefused(demo.origin, path));

  test('the demo pages and the friendly paths are served as HTML', async () => {
    const pages = ['/', '/order-status.html', '/reset-password', '/demo/index.html', '/demo/checkout.html', '/demo/account.html',
      '/demo/otp-store.html', '/demo/landing.html', '/demo/theming.html', '/demo/order-status.html', '/demo/reset-password.html', '/demo/csp.html',
      '/demo/templates.html', '/ssr/templates.html'];
    for (const path of pages) {
      const { status, type } = await rawGet(demo.origin, path);
      assert.equal(status, 200, path);
      assert.equal(type, 'text/html; charset=utf-8', path);
    }
  });

  test('the pages load the built bundles from /dist/, never the sources', async () => {
    for (const path of ['/', '/demo/checkout.html', '/demo/account.html', '/demo/otp-store.html', '/demo/order-status.html',
      '/demo/reset-password.html', '/demo/theming.html', '/demo/landing.html', '/demo/templates.html', '/ssr/templates.html']) {
      const { body } = await rawGet(demo.origin, path);
      const sources = [...body.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
      assert.ok(sources.length > 0 && sources.every((src) => src.startsWith('/dist/')), `${path}: ${sources.join(', ')}`);
      assert.doesNotMatch(body, /["'(]\/src\//, `${path} refers to /src/`);
      for (const src of sources) assert.equal((await rawGet(demo.origin, src)).status, 200, `${path} → ${src}`);
    }
    assert.match((await rawGet(demo.origin, '/demo/landing.html')).body, /<script src="\/dist\/page-runtime\.js"/);
  });

  test('files of the allowed folders come with their exact MIME type', async () => {
    const expected: Record<string, string> = {
      '/dist/svc-elements.js': 'text/javascript; charset=utf-8',
      '/dist/svc-elements.js.map': 'application/json; charset=utf-8',
      '/demo/demo.css': 'text/css; charset=utf-8',
      '/demo/img/logo.svg': 'image/svg+xml',
      '/demo/index.html': 'text/html; charset=utf-8',
    };
    for (const [path, type] of Object.entries(expected)) {
      const response = await rawGet(demo.origin, path);
      assert.equal(response.status, 200, path);
      assert.equal(response.type, type, path);
    }
  });

  test('the API is still reachable on the same origin', async () => {
    const response = await fetch(`${demo.origin}/v3/stores/demo-store/public/items/count`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } });
    assert.equal(response.status, 200);
    assert.ok(((await response.json()) as { total: number }).total >= 30);
  });
});

describe('npm run dev', () => {
  let dev: Demo;
  before(async () => (dev = await startDemo('demo/dev.ts')));
  after(() => dev?.close());

  const COMPILED = ['/src/index.ts', '/@vite/client'];
  const DEV_REFUSED = [...REFUSED.filter((path) => !COMPILED.includes(path)), '/src/index.ts?raw', '/src/index.ts?url',
    '/src/server/db/database.ts', '/src/testing/index.ts', '/src/ssr/index.ts', '/src/%2e%2e/package.json', '/src/../package.json',
    '/node_modules/.vite/deps/_metadata.json', '/node_modules/vite/package.json', '/@fs/work/main/package.json'];

  test('refuses what npm start refuses, the server code and raw file reads', async () => {
    for (const path of DEV_REFUSED) await assertRefused(dev.origin, path);
  });

  test('the pages load the sources, compiled', async () => {
    const page = await rawGet(dev.origin, '/demo/checkout.html');
    assert.equal(page.status, 200);
    assert.match(page.body, /<script type="module" src="\/src\/index\.ts" data-store-id="demo-store"/);
    assert.doesNotMatch(page.body, /\/dist\/svc-elements\.js/);
    assert.match((await rawGet(dev.origin, '/demo/landing.html')).body, /<script type="module" src="\/src\/page-runtime\/index\.ts"/);
    const entry = await rawGet(dev.origin, '/src/index.ts');
    assert.equal(entry.status, 200);
    assert.match(entry.type ?? '', /^text\/javascript/);
    assert.doesNotMatch(entry.body, /^export type /m, 'compiled to JavaScript');
  });
});
