import { Hono, type Context } from 'hono';
import * as z from 'zod/mini';
import { OAUTH_PATHS, OAUTH_SCOPES, OAuthRevokeRequest, OAuthTokenRequest } from '../../contract/index.ts';
import type { AppEnv, RouteDeps } from '../app-env.ts';
import { authenticateClient, type Endpoint } from '../oauth/client-auth.ts';
import { OAuthError } from '../oauth/errors.ts';
import { exchangeCode, refreshTokens, revokeToken } from '../oauth/tokens.ts';
import { readBodyText } from '../http/request-body.ts';
import { publicBaseUrl } from './orders.ts';

/** RFC 6749 bodies are form-encoded; JSON is accepted too. Repeated or file fields are refused, not guessed at. */
async function readParams(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const text = await readBodyText(c);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      /* refused below */
    }
    if (json && typeof json === 'object' && !Array.isArray(json)) return json as Record<string, unknown>;
    throw new OAuthError('invalid_request', 'The body is not a JSON object');
  }
  if (!type.includes('application/x-www-form-urlencoded')) throw new OAuthError('invalid_request', 'Send application/x-www-form-urlencoded');
  const form = new URLSearchParams(await readBodyText(c));
  const params: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (name in params) throw new OAuthError('invalid_request', `${name} is repeated`);
    params[name] = value;
  }
  return params;
}

function parse<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue.path.join('.');
  if (field === 'grant_type') throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  throw new OAuthError('invalid_request', `Invalid ${field || 'request'}: ${issue.message}`);
}

/** The token, revocation and metadata endpoints of the authorization server (the consent page is oauth-authorize.ts). */
export function oauthTokenRoutes({ db, config }: RouteDeps) {
  const app = new Hono<AppEnv>();

  const endpoint = (c: Context): Endpoint => {
    const issuer = publicBaseUrl(config, c);
    return { issuer, tokenEndpoint: `${issuer}${OAUTH_PATHS.token}`, config: config.oauth, authorizationHeader: c.req.header('authorization') };
  };

  const guarded = (handler: (c: Context) => Promise<Response>) => async (c: Context) => {
    try {
      return await handler(c);
    } catch (err) {
      if (err instanceof OAuthError) return err.respond(c);
      throw err;
    }
  };

  app.post(OAUTH_PATHS.token, guarded(async (c) => {
    const params = parse(OAuthTokenRequest, await readParams(c));
    const client = await authenticateClient(db, params, endpoint(c));
    const tokens = params.grant_type === 'authorization_code'
      ? exchangeCode(db, { code: params.code, clientId: client.client_id, redirectUri: params.redirect_uri, codeVerifier: params.code_verifier }, config.oauth)
      : refreshTokens(db, { refreshToken: params.refresh_token, clientId: client.client_id, scope: params.scope }, config.oauth);
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    return c.json(tokens);
  }));

  app.post(OAUTH_PATHS.revoke, guarded(async (c) => {
    const params = parse(OAuthRevokeRequest, await readParams(c));
    const client = await authenticateClient(db, params, endpoint(c));
    revokeToken(db, params.token, client.client_id);
    c.header('Cache-Control', 'no-store');
    return c.body(null, 200);
  }));

  // RFC 8414. The issuer is the server's public URL (or the address the request came to).
  app.get(OAUTH_PATHS.metadata, (c) => {
    const issuer = publicBaseUrl(config, c);
    return c.json({
      issuer,
      authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
      token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
      revocation_endpoint: `${issuer}${OAUTH_PATHS.revoke}`,
      scopes_supported: Object.keys(OAUTH_SCOPES),
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: ['RS256', 'PS256', 'ES256', 'ES384', 'EdDSA'],
      revocation_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: config.oauth.metadataDocuments,
      service_documentation: `${issuer}/v3/openapi.json`,
    });
  });

  return app;
}
