import { decodeJwt, jwtVerify } from 'jose';
import { CLIENT_ASSERTION_TYPE } from '../../contract/index.ts';
import type { OAuthConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { clientKeySet, findClient, type OAuthClient } from './clients.ts';
import { OAuthError } from './errors.ts';
import { sql } from '../db/statements.ts';

/** Asymmetric algorithms only: a symmetric (HS*) assertion would need a shared secret, which no client has here. */
const ASSERTION_ALGORITHMS = ['RS256', 'PS256', 'ES256', 'ES384', 'EdDSA'];
/** A client assertion is for one request: it may not live longer than this, and its `jti` is single use. */
const MAX_ASSERTION_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 30;

export type ClientCredentials = { client_id?: string; client_assertion_type?: string; client_assertion?: string };
export type Endpoint = { issuer: string; tokenEndpoint: string; config: OAuthConfig; authorizationHeader?: string };

const invalidClient = (why: string) => new OAuthError('invalid_client', why);

/**
 * Authenticates the client of a token or revocation request: a public client (`token_endpoint_auth_method=none`)
 * by its `client_id` alone, a `private_key_jwt` client by a signed client assertion (RFC 7523) verified with its JWKS.
 * Client secrets are not supported, so HTTP Basic credentials are refused rather than ignored.
 */
export async function authenticateClient(db: Db, params: ClientCredentials, endpoint: Endpoint): Promise<OAuthClient> {
  if (endpoint.authorizationHeader) throw invalidClient('Client secrets are not supported: use PKCE (public clients) or private_key_jwt');
  if (params.client_assertion !== undefined || params.client_assertion_type !== undefined) {
    return assertionClient(db, params, endpoint);
  }
  const client = params.client_id ? await findClient(db, params.client_id, endpoint.config) : undefined;
  if (!client) throw invalidClient('Unknown client_id');
  if (client.token_endpoint_auth_method !== 'none') throw invalidClient('This client authenticates with private_key_jwt');
  return client;
}

async function assertionClient(db: Db, params: ClientCredentials, endpoint: Endpoint): Promise<OAuthClient> {
  if (params.client_assertion_type !== CLIENT_ASSERTION_TYPE || !params.client_assertion) {
    throw invalidClient(`client_assertion_type must be ${CLIENT_ASSERTION_TYPE}, with a client_assertion`);
  }
  let clientId: unknown;
  try {
    const unverified = decodeJwt(params.client_assertion); // only to find whose keys to verify with
    clientId = unverified.iss;
    if (unverified.sub !== clientId) throw new Error('sub');
  } catch {
    throw invalidClient('The client assertion is not a JWT with iss = sub = client_id');
  }
  if (typeof clientId !== 'string' || (params.client_id !== undefined && params.client_id !== clientId)) {
    throw invalidClient('The client assertion does not name this client');
  }
  const client = await findClient(db, clientId, endpoint.config);
  if (!client || client.token_endpoint_auth_method !== 'private_key_jwt') throw invalidClient('Unknown private_key_jwt client');
  const keys = clientKeySet(client, endpoint.config);
  if (!keys) throw invalidClient('The client has no keys');
  let exp: number;
  let jti: string;
  try {
    const { payload } = await jwtVerify(params.client_assertion, keys, {
      issuer: clientId, subject: clientId, audience: [endpoint.tokenEndpoint, endpoint.issuer],
      algorithms: ASSERTION_ALGORITHMS, requiredClaims: ['exp', 'jti'], clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    exp = payload.exp!;
    jti = payload.jti!;
  } catch {
    throw invalidClient('The client assertion signature or claims are invalid');
  }
  const now = Math.floor(Date.now() / 1000);
  if (exp > now + MAX_ASSERTION_SECONDS + CLOCK_TOLERANCE_SECONDS) throw invalidClient(`A client assertion may live at most ${MAX_ASSERTION_SECONDS} s`);
  sql(db, 'DELETE FROM oauth_assertion_jtis WHERE expires_at < ?').run(now - CLOCK_TOLERANCE_SECONDS);
  const fresh = sql(db, 'INSERT OR IGNORE INTO oauth_assertion_jtis (client_id, jti, expires_at) VALUES (?, ?, ?)').run(clientId, jti, exp);
  if (fresh.changes !== 1) throw invalidClient('This client assertion was already used');
  return client;
}
