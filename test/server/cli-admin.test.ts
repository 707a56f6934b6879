import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startCli } from './cli-helpers.ts';

/** `svc-reference-server ARGS` run to its end: exit code and output. */
function admin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** The running server sees another process's writes within a second (db/version-counter.ts): poll, never sleep blindly. */
async function eventually<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const CSV = [
  'product_slug,product_name,variant_name,sku,price,compare_at_price,stock,weight_grams,category,category_name,images,options,description_html',
  'kopi-toraja,Kopi Toraja,250 g,KT-250,65000,,12,260,kopi,Kopi & Teh,https://cdn.example/toraja.jpg,Berat=250 g,"<p>Biji kopi, sangrai medium</p>"',
  'kopi-toraja,Kopi Toraja,1 kg,KT-1000,230000,250000,3,1050,kopi,Kopi & Teh,,Berat=1 kg,',
  'gelas-bambu,"Gelas Bambu ""Eco""",Standar,GB-1,25000,,40,150,,,/img/gelas.jpg,,',
].join('\r\n');

describe('svc-reference-server store … / catalog import (merchant set-up without HTTP)', () => {
  it('two commands put a merchant\'s site and catalog in front of a running server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-admin-'));
    const db = join(dir, 'reference.sqlite');
    const csv = join(dir, 'products.csv');
    writeFileSync(csv, `\uFEFF${CSV}\r\n`);
    const server = await startCli(['--port', '0', '--db', db]);
    try {
      const shop = 'https://shop.example';
      const items = () => fetch(`${server.url}/v3/stores/demo-store/public/items?page_size=100`, { headers: { 'X-Service-Storefront-Api-Key': 'sfk_demo', Origin: shop } });
      assert.equal((await items()).headers.get('access-control-allow-origin'), null);

      const added = await admin(['store', 'add-origin', 'demo-store', 'https://Shop.Example/', '--db', db]);
      assert.equal(added.code, 0, added.stderr);
      assert.match(added.stdout, /https:\/\/shop\.example may now call demo-store/);
      assert.match(added.stdout, /allowed origins: .*https:\/\/shop\.example/);
      await eventually(async () => ((await items()).headers.get('access-control-allow-origin') === shop ? true : undefined), 'the origin');

      const imported = await admin(['catalog', 'import', csv, '--store', 'demo-store', '--db', db]);
      assert.equal(imported.code, 0, imported.stderr);
      assert.match(imported.stdout, /2 products created, 0 updated; 3 variants created, 0 updated; 1 categories created/);
      const feed = await eventually(async () => {
        const body = await (await items()).json() as { results: { slug: string; name: string; price_min: string; price_max: string; category: { name: string } | null }[] };
        return body.results.some((i) => i.slug === 'kopi-toraja') ? body : undefined;
      }, 'the imported catalog');
      const toraja = feed.results.find((i) => i.slug === 'kopi-toraja')!;
      assert.deepEqual([toraja.price_min, toraja.price_max, toraja.category?.name], ['65000', '230000', 'Kopi & Teh']);
      assert.equal(feed.results.find((i) => i.slug === 'gelas-bambu')!.name, 'Gelas Bambu "Eco"');

      const again = await admin(['catalog', 'import', csv, '--store', 'demo-store', '--db', db]);
      assert.match(again.stdout, /0 products created, 2 updated; 0 variants created, 3 updated; 0 categories created/, 'a second import updates');
    } finally {
      await server.stop();
    }
  });

  it('rotate-key prints the new key; the old one is refused', async () => {
    const db = join(mkdtempSync(join(tmpdir(), 'cli-admin-')), 'reference.sqlite');
    const rotated = await admin(['store', 'rotate-key', 'demo-store', '--db', db]);
    assert.equal(rotated.code, 0, rotated.stderr);
    const key = rotated.stdout.trim();
    assert.match(key, /^sfk_[A-Za-z0-9_-]{24}$/);
    const shown = await admin(['store', 'show', 'demo-store', '--db', db]);
    assert.match(shown.stdout, new RegExp(`storefront keys: ${key}$`, 'm'));
    assert.match(shown.stdout, /plan pro, storefront active/);
    assert.equal((await admin(['store', 'revoke-key', 'demo-store', 'sfk_demo', '--db', db])).code, 1, 'already replaced');
  });

  it('bad input: exit 2 with the usage, or 1 naming line and column, and nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-admin-'));
    const db = join(dir, 'reference.sqlite');
    const path = await admin(['store', 'add-origin', 'demo-store', 'https://shop.example/landing', '--db', db]);
    assert.equal(path.code, 2);
    assert.match(path.stderr, /Not an origin: https:\/\/shop\.example\/landing/);
    assert.equal((await admin(['store', 'add-origin', 'nope-store', 'https://shop.example', '--db', db])).code, 1);
    assert.equal((await admin(['catalog', 'import', join(dir, 'x.csv'), '--db', db])).code, 2, 'three stores: --store is needed');
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'product_slug;product_name;variant_name;price;stock\nteh-hijau;Teh Hijau;50 g;15000;5\nteh-hitam;Teh Hitam;50 g;15.000;5\n');
    const refused = await admin(['catalog', 'import', bad, '--store', 'demo-store', '--db', db]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /Line 3, price: /);
    const missing = await admin(['catalog', 'import', join(dir, 'missing.csv'), '--store', 'demo-store', '--db', db]);
    assert.deepEqual([missing.code, missing.stderr.trim()], [1, `Cannot read ${join(dir, 'missing.csv')}`]);
    writeFileSync(join(dir, 'no-stock.csv'), 'product_slug,product_name,variant_name,price\nx,X,Y,1\n');
    assert.match((await admin(['catalog', 'import', join(dir, 'no-stock.csv'), '--store', 'demo-store', '--db', db])).stderr, /Missing column\(s\): stock/);
    const good = join(dir, 'good.csv');
    writeFileSync(good, 'product_slug;product_name;variant_name;price;stock\nteh-hijau;Teh Hijau;50 g;15000;5\n');
    assert.match((await admin(['catalog', 'import', good, '--store', 'demo-store', '--db', db])).stdout, /1 products created/, 'the refused file wrote nothing');
  });
});
