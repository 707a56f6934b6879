import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type OAuthErrorCode =
  | 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unauthorized_client' | 'unsupported_grant_type' | 'invalid_scope';

/**
 * An error of the token or revocation endpoint, answered in the RFC 6749 §5.2 shape (`{ error, error_description }`)
 * that OAuth client libraries understand, rather than this API's `{ error: { code, message } }`.
 */
export class OAuthError extends Error {
  constructor(readonly error: OAuthErrorCode, readonly description: string) {
    super(description);
  }

  /** invalid_client is a 401 (the client's credentials failed); every other error is a 400. */
  get status(): ContentfulStatusCode {
    return this.error === 'invalid_client' ? 401 : 400;
  }

  respond(c: Context): Response {
    c.header('Cache-Control', 'no-store');
    if (this.error === 'invalid_client') c.header('WWW-Authenticate', 'Bearer realm="oauth", error="invalid_client"');
    return c.json({ error: this.error, error_description: this.description }, this.status);
  }
}
