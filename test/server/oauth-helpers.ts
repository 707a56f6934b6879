import { SignJWT, type CryptoKey, type JWK } from 'jose';
import assert from 'node:assert/strict';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { accountServer } from './account-helpers.ts';

export type Server = ReturnType<typeof accountServer>;
export const PASSWORD = 'correct horse battery';
export const ISSUER = 'http://localhost:8787'; // the publicUrl of the test servers
export const PUBLIC_APP = { clientId: 'demo-public-app', redirectUri: 'http://localhost:8787/oauth/callback' } as const;
export const PRIVATE_APP = { clientId: 'demo-private-app', redirectUri: 'http://localhost:8787/oauth/callback' } as const;
export const DEMO_PRIVATE_JWK = (JSON.parse(readFileSync('src/server/seed/demo-private-app-key.json', 'utf8')) as { jwk: JWK }).jwk;

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
export const hiddenFields = (html: string) =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, unescape(m[2]!)]));
export const businessChoices = (html: string) => [...html.matchAll(/name="business_id" value="(\d+)"/g)].map((m) => Number(m[1]));

export async function postForm(s: Server, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await s.app.request(path, {
    method: 'POST', body: new URLSearchParams(fields).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    /* html */
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Opens the consent page like a browser: its html, its CSRF cookie and hidden fields. */
export async function openConsent(s: Server, params: Record<string, string>) {
  const res = await s.app.request(`/v3/oauth/authorize?${new URLSearchParams(params)}`);
  const html = await res.text();
  const cookie = /svc_oauth_csrf=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  return { res, html, cookie: cookie ? `svc_oauth_csrf=${cookie}` : '', fields: hiddenFields(html) };
}

type ConsentOptions = { email?: string; password?: string; businessId?: number; decision?: 'approve' | 'deny' };

/** GET the consent page, sign in, approve (or deny): the URL the browser is sent back to. */
export async function consent(s: Server, params: Record<string, string>, o: ConsentOptions = {}): Promise<URL> {
  const page = await openConsent(s, params);
  assert.equal(page.res.status, 200, page.html);
  const signedIn = await postForm(s, '/v3/oauth/authorize',
    { ...page.fields, decision: 'sign_in', email: o.email ?? 'owner@example.com', password: o.password ?? PASSWORD }, { Cookie: page.cookie });
  assert.equal(signedIn.status, 200, signedIn.text);
  const fields = hiddenFields(signedIn.text);
  assert.ok(fields.ticket, 'signed in');
  const decided = await postForm(s, '/v3/oauth/authorize',
    { ...fields, decision: o.decision ?? 'approve', business_id: String(o.businessId ?? businessChoices(signedIn.text)[0]) }, { Cookie: page.cookie });
  assert.equal(decided.status, 303, decided.text);
  return new URL(decided.headers.get('location')!);
}

export const authorizeParams = (app: { clientId: string; redirectUri: string }, scope: string, challenge?: string, state = 'xyz') => ({
  response_type: 'code', client_id: app.clientId, redirect_uri: app.redirectUri, scope, state,
  ...(challenge ? { code_challenge: challenge, code_challenge_method: 'S256' } : {}),
});

export const token = (s: Server, fields: Record<string, string>) => postForm(s, '/v3/oauth/token', fields);

/** Consent + code exchange for the public demo app: an access and a refresh token with `scope`. */
export async function connectPublicApp(s: Server, scope: string, o: ConsentOptions = {}) {
  const { verifier, challenge } = pkce();
  const back = await consent(s, authorizeParams(PUBLIC_APP, scope, challenge), o);
  const res = await token(s, {
    grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: PUBLIC_APP.redirectUri,
    client_id: PUBLIC_APP.clientId, code_verifier: verifier,
  });
  assert.equal(res.status, 200, res.text);
  return res.json as { access_token: string; refresh_token: string; scope: string; expires_in: number };
}

export const bearer = (s: Server, method: string, path: string, accessToken: string, body?: unknown) =>
  s.business(method, path, null, { headers: { Authorization: `Bearer ${accessToken}` }, ...(body === undefined ? {} : { body }) });

/** A private_key_jwt client assertion (RFC 7523) for the token endpoint. */
export function clientAssertion(clientId: string, key: CryptoKey | Uint8Array, o: { kid?: string; alg?: string; audience?: string; jti?: string; expiresIn?: string } = {}) {
  return new SignJWT({}).setProtectedHeader({ alg: o.alg ?? 'ES256', ...(o.kid ? { kid: o.kid } : {}) })
    .setIssuer(clientId).setSubject(clientId).setAudience(o.audience ?? `${ISSUER}/v3/oauth/token`)
    .setJti(o.jti ?? randomUUID()).setIssuedAt().setExpirationTime(o.expiresIn ?? '2m').sign(key);
}

/** A real HTTP server on 127.0.0.1 (port 0), for client metadata documents, JWKS and webhook receivers. */
export async function localServer(handler: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Polls `probe` until it gives a value; the limit is generous, as a busy machine slows deliveries down without failing them. */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value as T;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
