// The two npm packages as they ship (docs/decisions.md, 28), packed from a clean tree (test/server/packed.ts):
// svc-storefront holds the browser folder (dist/, what a merchant copies to a CDN: no server code, keys or seed data),
// its types and JSX types, and installs into a browser app as one package without a compile step, which type-checks
// and builds; svc-reference-server holds the server and runs from its tarball, serving svc-storefront's dist/.
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { packedPackages, ROOT, tarballFiles, tarballText, type Packed } from './packed.ts';

type Manifest = {
  dependencies?: Record<string, string>; peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>; exports: Record<string, string | Record<string, string>>;
  bin?: Record<string, string>; customElements?: string;
};

let packed: Packed;
before(() => (packed = packedPackages()), { timeout: 15 * 60_000 });

/** Every file under `dir`, recursively. */
const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
  .flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));

/** What the demo seed and its keys are made of: none of it may reach the browser folder. */
const SEED_MARKERS = ['Kaos Polos Premium', 'buyer@example.com', 'correct horse battery', 'bk_demo', 'pgk_demo', 'demo-private-app'];
const PRIVATE_KEY = /"d"\s*:\s*"[\w-]{20,}"|-----BEGIN [A-Z ]*PRIVATE KEY-----/;
const SERVER_IMPORT = /\b(?:from|import)\s*\(?\s*["'](?:node:|better-sqlite3|hono|@hono\/|jose|fs|path)\b/;

describe('svc-storefront, packed from a clean tree', () => {
  let files: string[];
  let manifest: Manifest;
  before(() => {
    files = tarballFiles(packed.storefront);
    manifest = JSON.parse(tarballText(packed.storefront, 'package.json')) as Manifest;
  });

  it('ships every export target, the types, the JSX types and the licences of the types it carries', () => {
    const targets = Object.values(manifest.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))
      .filter((target) => !target.includes('*')).map((target) => target.replace(/^\.\//, ''));
    targets.push(manifest.customElements!);
    assert.deepEqual(targets.filter((target) => !files.includes(target)), []);
    for (const types of ['lib/types/index.d.ts', 'lib/types/jsx.d.ts', 'lib/types/client/index.d.ts', 'lib/types/session/index.d.ts']) {
      assert.ok(files.includes(types), types);
    }
    assert.match(tarballText(packed.storefront, 'lib/types/jsx.d.ts'), /'page-size'\?: number \| `\$\{number\}`;/);
    for (const vendored of ['lit', 'zod', 'nanostores']) assert.ok(files.includes(`lib/types/vendor/${vendored}/LICENSE`), vendored);
  });

  it('holds the browser folder, lib/, the README and the docs: nothing of the repository besides', () => {
    const outside = files.filter((file) => !/^(dist|lib|docs)\//.test(file) && !['package.json', 'README.md'].includes(file));
    assert.deepEqual(outside, []);
    assert.deepEqual(files.filter((file) => /\.(sqlite|tgz|ts)$/.test(file) && !file.endsWith('.d.ts')), []);
    assert.equal(manifest.bin, undefined, 'the server is svc-reference-server');
  });

  it('dist/ has browser files only: no server code, no key, no seed data', () => {
    const dist = files.filter((file) => file.startsWith('dist/'));
    assert.ok(dist.includes('dist/svc-elements.iife.js') && dist.includes('dist/page-runtime.js'));
    assert.deepEqual(dist.filter((file) => !/\.(js|map|css)$/.test(file)
      && !['dist/custom-elements.json', 'dist/vscode.html-custom-data.json'].includes(file)), []);
    for (const file of dist.filter((f) => f.endsWith('.js'))) {
      const text = tarballText(packed.storefront, file);
      assert.doesNotMatch(text, SERVER_IMPORT, file);
      assert.doesNotMatch(text, PRIVATE_KEY, file);
      for (const marker of SEED_MARKERS) assert.ok(!text.includes(marker), `${file} holds seed data: ${marker}`);
    }
  });

  it('depends on nothing; SSR and MSW are optional peers', () => {
    assert.deepEqual(manifest.dependencies ?? {}, {});
    assert.deepEqual(Object.keys(manifest.peerDependencies ?? {}).sort(), ['@lit-labs/ssr', 'lit', 'msw']);
    for (const peer of Object.keys(manifest.peerDependencies!)) assert.equal(manifest.peerDependenciesMeta?.[peer]?.optional, true, peer);
  });
});

describe('a browser app installing svc-storefront (--ignore-scripts)', () => {
  let app: string;
  before(() => {
    app = mkdtempSync(join(tmpdir(), 'svc-browser-app-'));
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'browser-app', private: true, type: 'module' }));
    // --offline: a package without dependencies needs nothing from the registry
    execFileSync('npm', ['install', '--ignore-scripts', '--offline', '--no-audit', '--no-fund', packed.storefront], { cwd: app, stdio: 'pipe' });
  });
  after(() => rmSync(app, { recursive: true, force: true }));

  it('gets one package, no native module, under 5 MB', () => {
    const installed = walk(join(app, 'node_modules')).filter((file) => !file.endsWith('.package-lock.json'));
    assert.deepEqual(readdirSync(join(app, 'node_modules')).filter((name) => !name.startsWith('.')), ['svc-storefront']);
    assert.deepEqual(installed.filter((file) => /\.node$|binding\.gyp$/.test(file)), []);
    const bytes = installed.reduce((sum, file) => sum + statSync(file).size, 0);
    assert.ok(bytes < 5_000_000, `${(bytes / 1e6).toFixed(2)} MB installed`);
  });

  it('type-checks against the package (strict, library checks on) and builds with Vite', () => {
    mkdirSync(join(app, 'src'));
    writeFileSync(join(app, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: false, noEmit: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] },
      include: ['src'],
    }));
    writeFileSync(join(app, 'src/main.ts'), `import { defineAll, type SvcCatalog } from 'svc-storefront';
import { createClient, listItems } from 'svc-storefront/client';
import { createStorefront } from 'svc-storefront/session';
import { createSvcPage } from 'svc-storefront/page-runtime';

const client = createClient({ baseUrl: 'http://localhost:8787', storeId: 'demo-store', storeKey: 'sfk_demo' });
export const names = async (): Promise<string[]> => (await listItems(client, { page_size: 4 })).results.map((item) => item.name);
const shop = createStorefront({ baseUrl: 'http://localhost:8787', storeId: 'demo-store', storeKey: 'sfk_demo' });
shop.$cart.subscribe((state) => console.log(state.cart?.item_count ?? 0));
const catalog: SvcCatalog | null = document.querySelector('svc-catalog');
if (catalog) catalog.pageSize = 8;
document.addEventListener('svc-cart-change', (event) => console.log(event.detail));
console.log(defineAll, createSvcPage);
`);
    const typeErrors = () => spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', app], { cwd: app, encoding: 'utf8' }).stdout;
    assert.equal(typeErrors(), '');
    // a wrong type is caught: the package's types are real, not `any`
    writeFileSync(join(app, 'src/wrong.ts'), "import type { SvcCatalog } from 'svc-storefront';\nexport const set = (c: SvcCatalog) => { c.pageSize = 'eight'; };\n");
    assert.match(typeErrors(), /src\/wrong\.ts\(2,\d+\): error TS2322/);
    rmSync(join(app, 'src/wrong.ts'));

    writeFileSync(join(app, 'index.html'), '<!doctype html><meta charset="utf-8"><svc-catalog></svc-catalog><script type="module" src="/src/main.ts"></script>\n');
    execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], { cwd: app, stdio: 'pipe' });
    const built = walk(join(app, 'dist')).filter((file) => file.endsWith('.js')).map((file) => readFileSync(file, 'utf8')).join('\n');
    assert.match(built, /svc-catalog/);
  });
});

describe('svc-storefront in Node: its server-side entries', () => {
  it('svc-storefront/ssr renders with the optional peers lit and @lit-labs/ssr; svc-storefront/webhooks verifies a signature', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-node-app-'));
    try {
      mkdirSync(join(dir, 'node_modules/svc-storefront'), { recursive: true });
      execFileSync('tar', ['-xzf', packed.storefront, '-C', join(dir, 'node_modules/svc-storefront'), '--strip-components=1']);
      mkdirSync(join(dir, 'node_modules/@lit-labs'));
      for (const peer of ['lit', '@lit-labs/ssr']) symlinkSync(join(ROOT, 'node_modules', peer), join(dir, 'node_modules', peer), 'dir');
      writeFileSync(join(dir, 'check.mjs'), `import { renderCartButton } from 'svc-storefront/ssr';
import { signWebhookPayload, verifyWebhookSignature } from 'svc-storefront/webhooks';
const html = await renderCartButton({ checkoutUrl: '/checkout' });
const header = signWebhookPayload({ payload: '{"id":1}', secret: 'whsec_x' });
console.log(JSON.stringify({ html, verified: verifyWebhookSignature({ payload: '{"id":1}', header, secret: 'whsec_x' }).ok }));
`);
      const { html, verified } = JSON.parse(execFileSync(process.execPath, ['check.mjs'], { cwd: dir, encoding: 'utf8' })) as { html: string; verified: boolean };
      assert.match(html, /<svc-cart-button[^>]*><template [^>]*shadowrootmode="open"/);
      assert.equal(verified, true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('svc-reference-server, packed from the same tree', () => {
  let files: string[];
  let server: ChildProcess | undefined;
  let dir: string;
  before(() => (files = tarballFiles(packed.server)));
  after(() => {
    server?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('holds the server, its bin, the demo seed and images; not the private app key; depends on svc-storefront', () => {
    const manifest = JSON.parse(tarballText(packed.server, 'package.json')) as Manifest;
    assert.ok(files.includes(manifest.bin!['svc-reference-server']!.replace(/^\.\//, '')));
    for (const file of ['lib/server/index.js', 'lib/server/index.d.ts', 'lib/server/seed/demo-seed.json', 'lib/server/db/area-data/villages.csv.gz', 'demo/img/kaos-polos.webp']) {
      assert.ok(files.includes(file), file);
    }
    assert.deepEqual(files.filter((file) => /private-app-key|\.sqlite$|^src\/|^test\//.test(file)), []);
    for (const file of files.filter((f) => /\.(js|json)$/.test(f))) assert.doesNotMatch(tarballText(packed.server, file), PRIVATE_KEY, file);
    assert.equal(manifest.dependencies?.['svc-storefront'], packed.version);
    for (const dependency of ['better-sqlite3', 'hono', '@hono/node-server', 'jose']) assert.ok(manifest.dependencies?.[dependency], dependency);
  });

  it('runs from its tarball and serves the API and svc-storefront\'s browser folder with CORS', async () => {
    // both tarballs unpacked into a node_modules; the server's libraries from this checkout's (better-sqlite3 is built)
    dir = mkdtempSync(join(tmpdir(), 'svc-server-package-'));
    const modules = join(dir, 'node_modules');
    for (const [name, tarball] of [['svc-reference-server', packed.server], ['svc-storefront', packed.storefront]] as const) {
      mkdirSync(join(modules, name), { recursive: true });
      execFileSync('tar', ['-xzf', tarball, '-C', join(modules, name), '--strip-components=1']);
    }
    const manifest = JSON.parse(readFileSync(join(modules, 'svc-reference-server/package.json'), 'utf8')) as Manifest;
    for (const name of Object.keys(manifest.dependencies!).filter((n) => n !== 'svc-storefront')) {
      mkdirSync(join(modules, name, '..'), { recursive: true });
      symlinkSync(join(ROOT, 'node_modules', name), join(modules, name), 'dir');
    }
    server = spawn(process.execPath, [join(modules, 'svc-reference-server/lib/server/cli.js'), '--port', '0', '--db', ':memory:'], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      server!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /^listening on (http:\/\/\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      server!.once('exit', (code) => reject(new Error(`the server exited (${code}): ${out}`)));
    });
    const count = await fetch(`${origin}/v3/stores/demo-store/public/items/count`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo' } });
    assert.equal(count.status, 200);
    const loader = await fetch(`${origin}/dist/svc-elements.iife.js`, { headers: { Origin: 'http://localhost:8787' } });
    assert.equal(loader.status, 200);
    assert.equal(loader.headers.get('access-control-allow-origin'), 'http://localhost:8787');
    assert.equal(await loader.text(), readFileSync(join(modules, 'svc-storefront/dist/svc-elements.iife.js'), 'utf8'));
    const image = await fetch(`${origin}/demo/img/kaos-polos.webp`);
    assert.equal([image.status, image.headers.get('content-type')].join(' '), '200 image/webp');
  });
});
