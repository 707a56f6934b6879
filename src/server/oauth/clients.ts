import { createLocalJWKSet, createRemoteJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import * as z from 'zod/mini';
import { OAUTH_SCOPES, OAuthScope, TokenEndpointAuthMethod } from '../../contract/index.ts';
import type { OAuthConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { sql } from '../db/statements.ts';

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

/** Fetches and validates a client metadata document; undefined (never a throw) when it is unusable. */
async function fetchMetadataDocument(clientId: string, fetchImpl: typeof fetch): Promise<OAuthClient | undefined> {
  try {
    const res = await fetchImpl(clientId, { headers: { Accept: 'application/json' }, redirect: 'error', signal: AbortSignal.timeout(5000) });
    if (!res.ok) return undefined;
    const text = await res.text();
    if (text.length > 64 * 1024) return undefined;
    const doc = ClientMetadataDocument.safeParse(JSON.parse(text));
    if (!doc.success || doc.data.client_id !== clientId) return undefined; // the document must name itself
    const method = doc.data.token_endpoint_auth_method ?? 'none';
    if (method === 'private_key_jwt' && !doc.data.jwks && !doc.data.jwks_uri) return undefined;
    const requested = doc.data.scope?.split(' ').filter(Boolean) ?? Object.keys(OAUTH_SCOPES);
    return {
      client_id: clientId, name: doc.data.client_name ?? new URL(clientId).host, token_endpoint_auth_method: method,
      redirect_uris: doc.data.redirect_uris, scopes: requested.filter((s): s is OAuthScope => s in OAUTH_SCOPES),
      jwks: (doc.data.jwks as JSONWebKeySet | undefined) ?? null, jwks_uri: doc.data.jwks_uri ?? null, source: 'metadata_document',
    };
  } catch {
    return undefined;
  }
}

/**
 * A registered client: seeded ones from the database; a URL client id from its metadata document, fetched and
 * cached in the database for `metadataCacheSeconds` (installations refer to the row). No dynamic registration.
 */
export async function findClient(db: Db, clientId: string, config: OAuthConfig, fetchImpl: typeof fetch = fetch): Promise<OAuthClient | undefined> {
  if (!clientId || clientId.length > 2048) return undefined;
  const row = sql(db, 'SELECT * FROM oauth_clients WHERE client_id = ?').get(clientId) as Row | undefined;
  if (row?.source === 'seed') return hydrate(row);
  if (!isMetadataDocumentClientId(clientId) || !config.metadataDocuments) return undefined;
  if (row && row.fetched_at !== null && Date.now() - row.fetched_at < config.metadataCacheSeconds * 1000) return hydrate(row);
  const fetched = await fetchMetadataDocument(clientId, fetchImpl);
  if (fetched) saveClient(db, fetched, Date.now());
  return fetched;
}

const remoteKeySets = new Map<string, JWTVerifyGetKey>();

/** The keys that verify the client's assertions: its inline JWKS, or its `jwks_uri` (fetched and cached by jose). */
export function clientKeySet(client: OAuthClient, config: OAuthConfig): JWTVerifyGetKey | undefined {
  if (client.jwks) return createLocalJWKSet(client.jwks);
  if (!client.jwks_uri) return undefined;
  let keySet = remoteKeySets.get(client.jwks_uri);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(client.jwks_uri), { timeoutDuration: 5000, cacheMaxAge: config.metadataCacheSeconds * 1000 });
    remoteKeySets.set(client.jwks_uri, keySet);
  }
  return keySet;
}
