import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import * as z from 'zod/mini';
import { OAUTH_SCOPES, OAuthScope, TokenEndpointAuthMethod } from '../../contract/index.ts';
import type { OAuthConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { sql } from '../db/statements.ts';
import { outboundFetch, type OutboundPolicy } from '../http/outbound.ts';

export type OAuthClient = {
  client_id: string;
  name: string;
  token_endpoint_auth_method: 'none' | 'private_key_jwt';
  redirect_uris: string[];
  /** Scopes the client may ask for. */
  scopes: OAuthScope[];
  jwks: JSONWebKeySet | null;
  jwks_uri: string | null;
  source: 'seed' | 'metadata_document';
};

type Row = Omit<OAuthClient, 'redirect_uris' | 'scopes' | 'jwks'> & { redirect_uris: string; scopes: string; jwks: string | null; fetched_at: number | null };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or plain http on a loopback host (local development and tests run without TLS). */
export function isSecureEnoughUrl(value: string): boolean {
  try {
    const url = new URL(value);
    if (url.username || url.password || url.hash) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
}

/** A client id that is a URL names its own client metadata document (draft-ietf-oauth-client-id-metadata-document). */
export const isMetadataDocumentClientId = (clientId: string) => /^https?:\/\//.test(clientId) && isSecureEnoughUrl(clientId);

const ClientMetadataDocument = z.looseObject({
  client_id: z.string(),
  client_name: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  redirect_uris: z.array(z.string().check(z.refine(isSecureEnoughUrl, 'redirect_uris must be https (http only on loopback)'))).check(z.minLength(1)),
  token_endpoint_auth_method: z.optional(TokenEndpointAuthMethod),
  jwks: z.optional(z.object({ keys: z.array(z.record(z.string(), z.unknown())) })),
  jwks_uri: z.optional(z.string().check(z.refine(isSecureEnoughUrl, 'jwks_uri must be https (http only on loopback)'))),
  scope: z.optional(z.string()),
});

const hydrate = (r: Row): OAuthClient => ({
  client_id: r.client_id, name: r.name, token_endpoint_auth_method: r.token_endpoint_auth_method,
  redirect_uris: JSON.parse(r.redirect_uris) as string[], scopes: JSON.parse(r.scopes) as OAuthScope[],
  jwks: r.jwks === null ? null : (JSON.parse(r.jwks) as JSONWebKeySet), jwks_uri: r.jwks_uri, source: r.source,
});

export function saveClient(db: Db, client: OAuthClient, fetchedAt: number | null = null): void {
  sql(db, 
    `INSERT INTO oauth_clients (client_id, name, token_endpoint_auth_method, redirect_uris, scopes, jwks, jwks_uri, source, fetched_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (client_id) DO UPDATE SET name = excluded.name, token_endpoint_auth_method = excluded.token_endpoint_auth_method,
       redirect_uris = excluded.redirect_uris, scopes = excluded.scopes, jwks = excluded.jwks, jwks_uri = excluded.jwks_uri,
       fetched_at = excluded.fetched_at`,
  ).run(client.client_id, client.name, client.token_endpoint_auth_method, JSON.stringify(client.redirect_uris),
    JSON.stringify(client.scopes), client.jwks && JSON.stringify(client.jwks), client.jwks_uri, client.source, fetchedAt, new Date().toISOString());
}

const METADATA_MAX_BYTES = 64 * 1024;
const FETCH_TIMEOUT_MS = 5000;
/** A client id whose document could not be used is not fetched again for this long (anyone may send any client_id). */
const FAILURE_CACHE_MS = 60_000;
const FAILURE_CACHE_ENTRIES = 1000;

const policyOf = (config: OAuthConfig): OutboundPolicy => ({ allowLoopback: config.allowLoopback });

/** GET a small JSON document through the outbound guard; undefined when refused, failing or not JSON. */
async function fetchJson(url: string, config: OAuthConfig, maxRedirects: number): Promise<unknown> {
  try {
    const res = await outboundFetch(url, {
      policy: policyOf(config), headers: { Accept: 'application/json' }, timeoutMs: FETCH_TIMEOUT_MS, maxBytes: METADATA_MAX_BYTES, maxRedirects,
    });
    return res.status >= 200 && res.status <= 299 ? (JSON.parse(res.body.toString('utf8')) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Fetches and validates a client metadata document; undefined (never a throw) when it is unusable. */
async function fetchMetadataDocument(clientId: string, config: OAuthConfig): Promise<OAuthClient | undefined> {
  // No redirects: the document lives at its client id (and must name itself there).
  const doc = ClientMetadataDocument.safeParse(await fetchJson(clientId, config, 0));
  if (!doc.success || doc.data.client_id !== clientId) return undefined;
  const method = doc.data.token_endpoint_auth_method ?? 'none';
  if (method === 'private_key_jwt' && !doc.data.jwks && !doc.data.jwks_uri) return undefined;
  const requested = doc.data.scope?.split(' ').filter(Boolean) ?? Object.keys(OAUTH_SCOPES);
  return {
    client_id: clientId, name: doc.data.client_name ?? new URL(clientId).host, token_endpoint_auth_method: method,
    redirect_uris: doc.data.redirect_uris, scopes: requested.filter((s): s is OAuthScope => s in OAUTH_SCOPES),
    jwks: (doc.data.jwks) ?? null, jwks_uri: doc.data.jwks_uri ?? null, source: 'metadata_document',
  };
}

/** Per database: when each unusable client id last failed, and the fetches in flight (one per client id). */
const failures = new WeakMap<Db, Map<string, number>>();
const inFlight = new WeakMap<Db, Map<string, Promise<OAuthClient | undefined>>>();

function recentlyFailed(db: Db, clientId: string): boolean {
  const at = failures.get(db)?.get(clientId);
  return at !== undefined && Date.now() - at < FAILURE_CACHE_MS;
}

function rememberFailure(db: Db, clientId: string): void {
  let map = failures.get(db);
  if (!map) failures.set(db, (map = new Map<string, number>()));
  map.delete(clientId);
  map.set(clientId, Date.now());
  if (map.size > FAILURE_CACHE_ENTRIES) map.delete(map.keys().next().value!); // the oldest
}

/**
 * A registered client: seeded ones from the database; a URL client id from its metadata document, fetched through
 * the outbound guard (public addresses only) and cached in the database for `metadataCacheSeconds` (installations
 * refer to the row); a failure is remembered for a minute. No dynamic registration.
 */
export async function findClient(db: Db, clientId: string, config: OAuthConfig): Promise<OAuthClient | undefined> {
  if (!clientId || clientId.length > 2048) return undefined;
  const row = sql(db, 'SELECT * FROM oauth_clients WHERE client_id = ?').get(clientId) as Row | undefined;
  if (row?.source === 'seed') return hydrate(row);
  if (!isMetadataDocumentClientId(clientId) || !config.metadataDocuments) return undefined;
  if (row && row.fetched_at !== null && Date.now() - row.fetched_at < config.metadataCacheSeconds * 1000) return hydrate(row);
  if (recentlyFailed(db, clientId)) return undefined;
  let pending = inFlight.get(db);
  if (!pending) inFlight.set(db, (pending = new Map<string, Promise<OAuthClient | undefined>>()));
  let fetching = pending.get(clientId);
  if (!fetching) {
    fetching = fetchMetadataDocument(clientId, config).then((fetched) => {
      if (fetched && db.open) saveClient(db, fetched, Date.now());
      if (!fetched) rememberFailure(db, clientId);
      return fetched;
    }).finally(() => pending.delete(clientId));
    pending.set(clientId, fetching);
  }
  return fetching;
}

const remoteKeySets = new Map<string, JWTVerifyGetKey>();

/** A key set that lacks the assertion's key is fetched again (key rotation), at most this often. */
const REFETCH_COOLDOWN_MS = 30_000;

/**
 * The keys behind a `jwks_uri`, fetched through the outbound guard (up to 3 redirects, each checked) and reused for
 * `metadataCacheSeconds`, or until an assertion names a key they lack; a failed fetch is not retried for a minute.
 */
function remoteKeySet(uri: string, config: OAuthConfig): JWTVerifyGetKey {
  let keys: { get: JWTVerifyGetKey; at: number } | undefined;
  let failedAt = -Infinity;
  const refresh = async (now: number) => {
    if (now - failedAt < FAILURE_CACHE_MS) throw new Error('jwks_uri failed recently');
    const set = await fetchJson(uri, config, 3);
    if (!set || typeof set !== 'object' || !Array.isArray((set as JSONWebKeySet).keys)) {
      failedAt = now;
      throw new Error('jwks_uri is unusable');
    }
    return (keys = { get: createLocalJWKSet(set as JSONWebKeySet), at: now });
  };
  return async (header, token) => {
    const now = Date.now();
    const current = keys && now - keys.at < config.metadataCacheSeconds * 1000 ? keys : await refresh(now);
    try {
      return await current.get(header, token);
    } catch (err) {
      if ((err as { code?: string }).code !== 'ERR_JWKS_NO_MATCHING_KEY' || now - current.at < REFETCH_COOLDOWN_MS) throw err;
      return (await refresh(now)).get(header, token);
    }
  };
}

/** The keys that verify the client's assertions: its inline JWKS, or its `jwks_uri`. */
export function clientKeySet(client: OAuthClient, config: OAuthConfig): JWTVerifyGetKey | undefined {
  if (client.jwks) return createLocalJWKSet(client.jwks);
  if (!client.jwks_uri) return undefined;
  const key = `${config.allowLoopback}:${client.jwks_uri}`;
  let keySet = remoteKeySets.get(key);
  if (!keySet) {
    keySet = remoteKeySet(client.jwks_uri, config);
    if (remoteKeySets.size >= 1000) remoteKeySets.clear(); // bounded: client ids (and their jwks_uri) come from anyone
    remoteKeySets.set(key, keySet);
  }
  return keySet;
}
