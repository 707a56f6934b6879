// Playwright tests of page-runtime.js as a merchant's landing page uses it: the reference server on its own origin
// (a child process, a file DB), the demo landing page served from another origin under a strict CSP.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic'];
const ROOT = new URL('../../', import.meta.url).pathname;

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });

/**
 * The runtime as a classic script: bundled from the source here (no prior build needed), or the built file itself
 * with `PAGE_RUNTIME_JS=dist/page-runtime.js`.
 */
let runtime: Promise<string> | undefined;
const runtimeScript = () => (runtime ??= process.env.PAGE_RUNTIME_JS ? Promise.resolve(readFileSync(join(ROOT, process.env.PAGE_RUNTIME_JS), 'utf8')) : build({
  entryPoints: [join(ROOT, 'src/page-runtime/index.ts')], bundle: true, write: false, format: 'iife', target: 'es2022', minify: true,
}).then((result) => result.outputFiles[0]!.text));
/** `svc-order-extras.js`, the module the runtime imports from beside itself on pages with copy buttons or WhatsApp. */
let extras: Promise<string> | undefined;
const extrasModule = () => (extras ??= build({
  entryPoints: [join(ROOT, 'src/page-runtime/order-extras.ts')], bundle: true, write: false, format: 'esm', target: 'es2022', minify: true,
}).then((result) => result.outputFiles[0]!.text));

/** `node src/server/cli.ts --port 0 --db <file> --dev-routes` (the tests read the outbox): its first stdout line names the port. */
export async function startReference() {
  const dir = mkdtempSync(join(tmpdir(), 'page-runtime-e2e-'));
  const dbFile = join(dir, 'reference.sqlite');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', '--port', '0', '--db', dbFile, '--dev-routes'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /^listening on (http:\/\/\S+)/m.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`reference server exited with ${code}`)));
  });
  return {
    origin,
    /** The CLI has no --allow-origin: add a page domain straight in its database (it reads domains per request). */
    addPageDomain(domain: string) {
      const db = new Database(dbFile);
      db.prepare("UPDATE pages SET domains = json_insert(domains, '$[#]', ?) WHERE unique_id = 'demo-page'").run(domain);
      db.close();
    },
    async close() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A slow network in front of the reference server: conversion-event POSTs wait `delayMs` before they are passed on,
 * and are dropped when the browser gives up on them meanwhile (as it does with an ordinary fetch when the page
 * navigates away). Loopback is otherwise too fast for a navigation to ever cut a request.
 */
export async function startSlowEventsProxy(target: string, delayMs: number) {
  const server: Server = createServer((req, res) => {
    const slow = req.method === 'POST' && /\/analytics\/\w+\/events$/.test(req.url ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => setTimeout(() => {
      if (res.destroyed || req.socket.destroyed) return; // the browser cancelled it: it never reaches the server
      const upstream = httpRequest(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.end(Buffer.concat(chunks));
    }, slow ? delayMs : 0));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

export const NONCE = 'e2e-nonce-4f1c';
/** Strict: no inline script or style without the nonce (so no inline handlers), no eval, Trusted Types enforced. */
export const csp = (apiOrigin: string) => [
  "default-src 'none'", `script-src 'nonce-${NONCE}'`, `style-src 'nonce-${NONCE}'`, "img-src 'self' data:",
  `connect-src ${apiOrigin}`, "base-uri 'none'", "form-action 'self'", "require-trusted-types-for 'script'",
].join('; ');

/**
 * Stand-ins for the Meta, TikTok and Kwai pixels and a CSP violation reporter; both hand what they see to the test
 * (`window.__record`, a Playwright binding), which survives the navigation that follows a Purchase.
 */
const PAGE_HOOKS = `<script nonce="${NONCE}">
  const record = (kind, data) => window.__record(JSON.stringify([kind, data]));
  window.fbq = (...args) => record('fbq', args);
  window.ttq = { track: (...args) => record('ttq', args), page: () => {} };
  window.kwaiq = { instance: (id) => ({ track: (...args) => record('kwaiq', [id, ...args]) }) };
  document.addEventListener('securitypolicyviolation', (e) => record('csp', [e.violatedDirective, e.blockedURI, e.sourceFile, e.lineNumber]));
</script>`;

/** demo/landing.html with the runtime served here (nonce, the API on its own origin), nonces on its inline <style>. */
function landingHtml(apiOrigin: string): string {
  const html = readFileSync(join(ROOT, 'demo/landing.html'), 'utf8');
  const tag = /<script src="\/dist\/page-runtime\.js"[^>]*><\/script>/;
  if (!tag.test(html)) throw new Error('demo/landing.html no longer loads the runtime the way this test expects');
  return html
    .replace(tag, `${PAGE_HOOKS}<script nonce="${NONCE}" src="/page-runtime.js" defer data-page-id="demo-page" data-page-key="pgk_demo" data-base-url="${apiOrigin}" data-kwai-pixel-id="kwai-e2e"></script>`)
    .replaceAll('<style>', `<style nonce="${NONCE}">`);
}

/** The merchant's own web server: the landing page, the runtime script and the demo images. */
export async function startLandingServer(apiOrigin: string) {
  // (the page may also be pointed at another service origin: `?api=<origin>`)
  const js = await runtimeScript();
  const extrasJs = await extrasModule();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/paid') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Pembayaran</title><p>Bayar di sini</p>');
    if (path === '/page-runtime.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(js);
    if (path === '/svc-order-extras.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(extrasJs);
    if (/^\/demo\/img\/[\w-]+\.svg$/.test(path)) return void res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(readFileSync(join(ROOT, path)));
    if (path === '/landing.html') {
      const api = new URL(req.url ?? '/', 'http://x').searchParams.get('api') ?? apiOrigin;
      return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp(api) }).end(landingHtml(api));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

export type OutboxRow = { provider: string; kind: string; event_id: string; payload: { event_name: string; event_source_url?: string; custom_data?: { order_id?: string } } };
export async function outbox(apiOrigin: string): Promise<OutboxRow[]> {
  return (await (await fetch(`${apiOrigin}/__reference/outbox`)).json()).events;
}

export async function waitUntil<T>(get: () => Promise<T>, ok: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await get();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}: ${JSON.stringify(value).slice(0, 600)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
