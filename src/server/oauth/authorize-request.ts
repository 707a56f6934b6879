import { DEFAULT_OAUTH_SCOPE, OAUTH_SCOPES, type OAuthScope } from '../../contract/index.ts';
import type { OAuthConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { findClient, type OAuthClient } from './clients.ts';

/** The parameters of an authorization request, as received (query of the GET, hidden fields of the POST). */
export type AuthorizeParams = {
  response_type?: string; client_id?: string; redirect_uri?: string; scope?: string; state?: string;
  code_challenge?: string; code_challenge_method?: string;
};
export const AUTHORIZE_PARAM_NAMES = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

export type ValidRequest = {
  client: OAuthClient; redirectUri: string; scopes: OAuthScope[]; state: string | undefined; codeChallenge: string | null;
};

/**
 * The outcome of validating a request. Before the client and its redirect_uri are known to be good the user sees an
 * error page and is never redirected (RFC 6749 §4.1.2.1: no open redirector); after that, errors go back to the app.
 */
export type AuthorizeCheck =
  | { ok: true; request: ValidRequest }
  | { ok: false; page: string }
  | { ok: false; redirect: string };

/** `redirect_uri` with the answer's parameters added (its own query kept), plus `iss` (RFC 9207 mix-up defence). */
export function redirectWith(redirectUri: string, params: Record<string, string | undefined>, issuer: string): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries({ ...params, iss: issuer })) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

export async function checkAuthorizeRequest(db: Db, p: AuthorizeParams, issuer: string, config: OAuthConfig): Promise<AuthorizeCheck> {
  const client = p.client_id ? await findClient(db, p.client_id, config) : undefined;
  if (!client) return { ok: false, page: 'This application is not registered (unknown or unusable client_id).' };
  // Exact string match, always required: no partial matching, no default (a client may register several).
  if (!p.redirect_uri || !client.redirect_uris.includes(p.redirect_uri)) {
    return { ok: false, page: 'The redirect_uri is missing or is not registered for this application.' };
  }
  if (p.state !== undefined && p.state.length > 500) return { ok: false, page: 'The state parameter is too long.' };
  const fail = (error: string, description: string) =>
    ({ ok: false, redirect: redirectWith(p.redirect_uri!, { error, error_description: description, state: p.state }, issuer) }) as const;

  if (p.response_type !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported');
  const scopes = (p.scope ?? DEFAULT_OAUTH_SCOPE).split(' ').filter(Boolean);
  const unknown = scopes.filter((s) => !(s in OAUTH_SCOPES) || !client.scopes.includes(s as OAuthScope));
  if (!scopes.length || unknown.length) return fail('invalid_scope', `Scope not available to this application: ${unknown.join(' ') || '(empty)'}`);
  if (p.code_challenge === undefined) {
    if (client.token_endpoint_auth_method === 'none') return fail('invalid_request', 'Public clients must send a PKCE code_challenge (S256)');
  } else {
    if (p.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
    if (!/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge)) return fail('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters)');
  }
  return {
    ok: true,
    request: { client, redirectUri: p.redirect_uri, scopes: [...new Set(scopes)] as OAuthScope[], state: p.state, codeChallenge: p.code_challenge ?? null },
  };
}
