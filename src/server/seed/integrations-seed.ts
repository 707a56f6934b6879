import * as z from 'zod/mini';
import { OAUTH_SCOPES, OAuthScope, TokenEndpointAuthMethod, WebhookEventType } from '../../contract/index.ts';
import type { Db } from '../db/database.ts';
import { saveClient } from '../oauth/clients.ts';
import { createWebhookEndpoint } from '../webhooks/endpoints.ts';
import { parseSection } from './accounts-seed.ts';
import type { Seed } from './schema.ts';

const url = z.string().check(z.refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'Expected an absolute http(s) URL'));

/**
 * Registered OAuth apps. `token_endpoint_auth_method: none` is a public client (PKCE required); `private_key_jwt`
 * needs the public keys that verify its client assertions, inline (`jwks`) or by URL (`jwks_uri`). Apps whose
 * client_id is an https URL need no entry: their client metadata document is fetched on first use.
 */
const OAuthClientSeed = z.object({
  client_id: z.string().check(z.minLength(3), z.maxLength(200)),
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  token_endpoint_auth_method: TokenEndpointAuthMethod,
  redirect_uris: z.array(url).check(z.minLength(1)),
  scopes: z.optional(z.array(OAuthScope)),
  jwks: z.optional(z.object({ keys: z.array(z.record(z.string(), z.unknown())).check(z.minLength(1)) })),
  jwks_uri: z.optional(url),
});

/** Webhook endpoints per business; `secret` is the signing secret the receiver verifies with. */
const WebhookEndpointSeed = z.object({
  id: z.optional(z.int().check(z.positive())),
  business_id: z.int().check(z.positive()),
  url,
  secret: z.string().check(z.minLength(16)),
  events: z.optional(z.array(WebhookEventType)),
  description: z.optional(z.nullable(z.string())),
});

export const IntegrationsSeed = z.object({
  oauth_clients: z.optional(z.array(OAuthClientSeed)),
  webhook_endpoints: z.optional(z.array(WebhookEndpointSeed)),
});

/** Seed section (passed to `loadSeed` in index.ts): OAuth clients and webhook endpoints. */
export function loadIntegrations(db: Db, seed: Seed): void {
  const s = parseSection(IntegrationsSeed, seed);
  for (const c of s.oauth_clients ?? []) {
    if (c.token_endpoint_auth_method === 'private_key_jwt' && !c.jwks && !c.jwks_uri) {
      throw new Error(`Seed: OAuth client ${c.client_id} uses private_key_jwt but has neither jwks nor jwks_uri`);
    }
    saveClient(db, {
      client_id: c.client_id, name: c.name, token_endpoint_auth_method: c.token_endpoint_auth_method, redirect_uris: c.redirect_uris,
      scopes: c.scopes ?? (Object.keys(OAUTH_SCOPES) as OAuthScope[]), jwks: (c.jwks as { keys: never[] } | undefined) ?? null,
      jwks_uri: c.jwks_uri ?? null, source: 'seed',
    });
  }
  for (const w of s.webhook_endpoints ?? []) {
    createWebhookEndpoint(db, w.business_id, { id: w.id, url: w.url, secret: w.secret, events: w.events, description: w.description });
  }
}

