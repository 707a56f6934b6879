import { createHash } from 'node:crypto';
import type { OAuthTokenResponse } from '../../contract/index.ts';
import type { OAuthConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { findBusinessPrincipalParts, type BusinessPrincipal } from '../domain/business-users.ts';
import { randomToken, sha256 } from '../domain/passwords.ts';
import { OAuthError } from './errors.ts';
import { sql } from '../db/statements.ts';

/** Opaque random tokens with a recognisable prefix (secret scanners, logs); only their SHA-256 is stored. */
const newAccessToken = () => `svc_at_${randomToken()}`;
const newRefreshToken = () => `svc_rt_${randomToken()}`;
const newCode = () => `svc_ac_${randomToken()}`;

const invalidGrant = (why: string) => new OAuthError('invalid_grant', why);

export type CodeRequest = { installationId: number; clientId: string; redirectUri: string; codeChallenge: string | null; scopes: string[] };

export function issueCode(db: Db, r: CodeRequest, config: OAuthConfig): string {
  const code = newCode();
  sql(db, `INSERT INTO oauth_codes (code_hash, installation_id, client_id, redirect_uri, code_challenge, scopes, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?)`).run(sha256(code), r.installationId, r.clientId, r.redirectUri, r.codeChallenge, r.scopes.join(' '),
    Date.now() + config.codeSeconds * 1000);
  return code;
}

function issueTokens(db: Db, grantId: number, scopes: string, config: OAuthConfig): OAuthTokenResponse {
  const access = newAccessToken();
  const refresh = newRefreshToken();
  const insert = sql(db, 'INSERT INTO oauth_tokens (token_hash, grant_id, kind, scopes, expires_at) VALUES (?, ?, ?, ?, ?)');
  insert.run(sha256(access), grantId, 'access', scopes, Date.now() + config.accessTokenSeconds * 1000);
  insert.run(sha256(refresh), grantId, 'refresh', scopes, Date.now() + config.refreshTokenSeconds * 1000);
  return {
    access_token: access, token_type: 'Bearer', expires_in: config.accessTokenSeconds,
    refresh_token: refresh, refresh_expires_in: config.refreshTokenSeconds, scope: scopes,
  };
}

const revokeGrant = (db: Db, grantId: number, reason: string) =>
  sql(db, 'UPDATE oauth_grants SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL').run(new Date().toISOString(), reason, grantId);

/** RFC 7636 S256: BASE64URL(SHA256(verifier)) = challenge; a verifier is 43–128 unreserved characters. */
function pkceMatches(verifier: string | undefined, challenge: string): boolean {
  if (!verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

/**
 * authorization_code grant. A code is spent by the first exchange attempt, successful or not, so a stolen code
 * cannot be tried twice; presenting a spent code revokes the grant its first exchange created (RFC 6749 §4.1.2).
 */
export function exchangeCode(db: Db, p: { code?: string; clientId: string; redirectUri?: string; codeVerifier?: string }, config: OAuthConfig): OAuthTokenResponse {
  if (!p.code) throw new OAuthError('invalid_request', 'code is required');
  const outcome = db.transaction((): OAuthTokenResponse | OAuthError => {
    const row = sql(db, `SELECT c.*, i.status AS installation_status FROM oauth_codes c JOIN oauth_installations i ON i.id = c.installation_id
      WHERE c.code_hash = ?`).get(sha256(p.code!)) as
      { installation_id: number; client_id: string; redirect_uri: string; code_challenge: string | null; scopes: string; expires_at: number;
        used_at: number | null; grant_id: number | null; installation_status: string } | undefined;
    if (!row) return invalidGrant('Unknown authorization code');
    if (row.used_at !== null) {
      if (row.grant_id !== null) revokeGrant(db, row.grant_id, 'code_reuse');
      return invalidGrant('The authorization code was already used');
    }
    sql(db, 'UPDATE oauth_codes SET used_at = ? WHERE code_hash = ?').run(Date.now(), sha256(p.code!));
    if (row.client_id !== p.clientId) return invalidGrant('The code was issued to another client');
    if (row.expires_at <= Date.now()) return invalidGrant('The authorization code has expired');
    if (row.redirect_uri !== p.redirectUri) return invalidGrant('redirect_uri does not match the authorization request');
    if (row.code_challenge !== null && !pkceMatches(p.codeVerifier, row.code_challenge)) return invalidGrant('code_verifier does not match the code_challenge');
    if (row.code_challenge === null && p.codeVerifier !== undefined) return invalidGrant('The authorization request had no code_challenge');
    if (row.installation_status !== 'active') return invalidGrant('The installation was revoked');
    const grant = sql(db, 'INSERT INTO oauth_grants (installation_id, client_id, created_at) VALUES (?, ?, ?)')
      .run(row.installation_id, row.client_id, new Date().toISOString());
    const grantId = Number(grant.lastInsertRowid);
    sql(db, 'UPDATE oauth_codes SET grant_id = ? WHERE code_hash = ?').run(grantId, sha256(p.code!));
    return issueTokens(db, grantId, row.scopes, config);
  }).immediate();
  if (outcome instanceof OAuthError) throw outcome; // thrown after commit: the spent code and revocations stay
  return outcome;
}

/**
 * refresh_token grant: single use, rotating (a new refresh token every time, each with a fresh lifetime). Presenting
 * a rotated token again revokes its whole grant: the seed's rule for refresh tokens. `scope` may narrow, never widen.
 */
export function refreshTokens(db: Db, p: { refreshToken?: string; clientId: string; scope?: string }, config: OAuthConfig): OAuthTokenResponse {
  if (!p.refreshToken) throw new OAuthError('invalid_request', 'refresh_token is required');
  const outcome = db.transaction((): OAuthTokenResponse | OAuthError => {
    const row = sql(db, `SELECT t.grant_id, t.scopes, t.expires_at, t.used_at, g.client_id, g.revoked_at, i.status AS installation_status
      FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id JOIN oauth_installations i ON i.id = g.installation_id
      WHERE t.token_hash = ? AND t.kind = 'refresh'`).get(sha256(p.refreshToken!)) as
      { grant_id: number; scopes: string; expires_at: number; used_at: number | null; client_id: string; revoked_at: string | null; installation_status: string } | undefined;
    if (!row || row.client_id !== p.clientId) return invalidGrant('Unknown refresh token');
    if (row.revoked_at !== null) return invalidGrant('The refresh token was revoked');
    if (row.used_at !== null) {
      revokeGrant(db, row.grant_id, 'refresh_reuse');
      return invalidGrant('The refresh token was already used: every token of this grant is revoked');
    }
    if (row.expires_at <= Date.now()) return invalidGrant('The refresh token has expired');
    if (row.installation_status !== 'active') return invalidGrant('The installation was revoked');
    const held = new Set(row.scopes.split(' '));
    const asked = p.scope === undefined ? [...held] : p.scope.split(' ').filter(Boolean);
    if (!asked.length || asked.some((s) => !held.has(s))) return new OAuthError('invalid_scope', 'scope may only narrow the granted scopes');
    sql(db, 'UPDATE oauth_tokens SET used_at = ? WHERE token_hash = ?').run(Date.now(), sha256(p.refreshToken!));
    return issueTokens(db, row.grant_id, asked.join(' '), config);
  }).immediate();
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

/**
 * RFC 7009 revocation by the client the token was issued to: a refresh token ends its whole grant, an access token
 * only itself. Unknown tokens and other clients' tokens change nothing; the answer is the same 200 either way.
 */
export function revokeToken(db: Db, token: string, clientId: string): void {
  const row = sql(db, `SELECT t.kind, t.grant_id, g.client_id FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.token_hash = ?`)
    .get(sha256(token)) as { kind: string; grant_id: number; client_id: string } | undefined;
  if (!row || row.client_id !== clientId) return;
  if (row.kind === 'refresh') revokeGrant(db, row.grant_id, 'token_revoked');
  else sql(db, 'UPDATE oauth_tokens SET expires_at = 0 WHERE token_hash = ?').run(sha256(token));
}

/**
 * A business principal from an OAuth access token, or undefined (401) when the token is unknown, expired or its
 * grant was revoked by the client or for reuse. A grant closed because the merchant revoked the installation still
 * resolves, inactive, so business routes answer 403 as the seed asks, and a re-approval never revives it.
 */
export function resolveOAuthAccessToken(db: Db, token: string): BusinessPrincipal | undefined {
  const row = sql(db, `SELECT t.scopes, t.expires_at, g.revoked_reason, i.id AS installation_id, i.status, i.user_id, i.business_id,
      i.client_id, c.name AS client_name
    FROM oauth_tokens t JOIN oauth_grants g ON g.id = t.grant_id JOIN oauth_installations i ON i.id = g.installation_id
    JOIN oauth_clients c ON c.client_id = i.client_id WHERE t.token_hash = ? AND t.kind = 'access'`).get(sha256(token)) as
    { scopes: string; expires_at: number; revoked_reason: string | null; installation_id: number; status: string; user_id: number;
      business_id: number; client_id: string; client_name: string } | undefined;
  if (!row || row.expires_at <= Date.now()) return undefined;
  if (row.revoked_reason !== null && row.revoked_reason !== 'installation_revoked') return undefined;
  return {
    rateLimitKey: `installation:${row.installation_id}`,
    ...findBusinessPrincipalParts(db, row.user_id, row.business_id),
    oauth: {
      installationId: row.installation_id, clientId: row.client_id, clientName: row.client_name,
      scopes: new Set(row.scopes.split(' ').filter(Boolean)),
      installationActive: row.status === 'active' && row.revoked_reason === null,
    },
  };
}
