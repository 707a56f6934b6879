import * as z from 'zod/mini';
import { Timestamp } from './common.ts';
import { BusinessRef, BusinessUserIdentity } from './business.ts';

/**
 * OAuth 2 for business apps (authorization-code flow). The seed names neither paths nor scopes: these are ours,
 * published in the authorization-server metadata document at `OAUTH_PATHS.metadata`.
 */
export const OAUTH_PATHS = {
  metadata: '/.well-known/oauth-authorization-server',
  authorize: '/v3/oauth/authorize',
  token: '/v3/oauth/token',
  revoke: '/v3/oauth/revoke',
} as const;

/** What each scope lets an app do on behalf of the user, in the selected business. */
export const OAUTH_SCOPES = {
  'business:read': 'See your business membership',
  'business:write': 'Accept, deny or leave business memberships for you',
  'orders:read': 'Read orders of the business',
  'orders:write': 'Update order status, tracking numbers and notes',
  'webhooks:read': 'See the webhook endpoints of the business',
  'webhooks:write': 'Add and remove webhook endpoints of the business',
  'storefront:read': 'See the stores, their storefront keys and allowed origins',
  'storefront:write': 'Create, rotate and revoke storefront keys; add and remove allowed origins',
  'pages:read': 'See the landing pages, their keys and domains',
  'pages:write': 'Create, rotate and revoke landing page keys; add and remove page domains',
  'catalog:read': 'Read categories, products, variants and bundles, hidden ones included',
  'catalog:write': 'Edit categories, products, variants, bundles, images and stock',
} as const;
export const OAuthScope = z.enum(Object.keys(OAUTH_SCOPES) as [keyof typeof OAUTH_SCOPES, ...(keyof typeof OAUTH_SCOPES)[]]);
export type OAuthScope = z.infer<typeof OAuthScope>;
/** Granted when an authorization request has no `scope`: the least an installation can do. */
export const DEFAULT_OAUTH_SCOPE: OAuthScope = 'business:read';

export const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
export const TokenEndpointAuthMethod = z.enum(['none', 'private_key_jwt']);

/** `POST /v3/oauth/token` (application/x-www-form-urlencoded, as RFC 6749 says; JSON is accepted too). */
export const OAuthTokenRequest = z.object({
  grant_type: z.enum(['authorization_code', 'refresh_token']),
  code: z.optional(z.string()),
  redirect_uri: z.optional(z.string()),
  code_verifier: z.optional(z.string()),
  refresh_token: z.optional(z.string()),
  scope: z.optional(z.string()),
  client_id: z.optional(z.string()),
  client_assertion_type: z.optional(z.literal(CLIENT_ASSERTION_TYPE)),
  client_assertion: z.optional(z.string()),
});

/** `POST /v3/oauth/revoke` (RFC 7009): always 200 for a well-formed request, known token or not. */
export const OAuthRevokeRequest = z.object({
  token: z.string(),
  token_type_hint: z.optional(z.enum(['access_token', 'refresh_token'])),
  client_id: z.optional(z.string()),
  client_assertion_type: z.optional(z.literal(CLIENT_ASSERTION_TYPE)),
  client_assertion: z.optional(z.string()),
});

/** `expires_in` and `refresh_expires_in` in seconds, as for customer tokens. */
export const OAuthTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.int(),
  refresh_token: z.string(),
  refresh_expires_in: z.int(),
  scope: z.string(),
});
export type OAuthTokenResponse = z.infer<typeof OAuthTokenResponse>;

/** Token and revocation endpoints answer errors in the RFC 6749 shape, which OAuth client libraries parse. */
export const OAuthErrorResponse = z.object({ error: z.string(), error_description: z.optional(z.string()) });
export type OAuthErrorResponse = z.infer<typeof OAuthErrorResponse>;

/** RFC 8414 authorization-server metadata (the fields this server fills). */
export const AuthorizationServerMetadata = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  revocation_endpoint: z.string(),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  token_endpoint_auth_signing_alg_values_supported: z.array(z.string()),
  client_id_metadata_document_supported: z.boolean(),
});

/** An app connected to a business by one of its users (what the merchant reviews and revokes). */
export const OAuthInstallation = z.object({
  id: z.int(),
  application: z.object({ client_id: z.string(), name: z.string() }),
  user: BusinessUserIdentity,
  business: BusinessRef,
  scopes: z.array(z.string()),
  status: z.enum(['active', 'revoked']),
  created_at: Timestamp,
  revoked_at: z.nullable(Timestamp),
});
export type OAuthInstallation = z.infer<typeof OAuthInstallation>;
export const OAuthInstallationList = z.array(OAuthInstallation);
