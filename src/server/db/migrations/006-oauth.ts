/**
 * OAuth apps for businesses: registered clients (from the seed or fetched client metadata documents), installations
 * (a user connected an app to one business), single-use authorization codes, and grants: one per code exchange, the
 * family of its rotating refresh tokens and access tokens. Tokens and codes are stored only as SHA-256 digests.
 */
export default /* sql */ `
CREATE TABLE oauth_clients (
  client_id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  token_endpoint_auth_method TEXT NOT NULL CHECK (token_endpoint_auth_method IN ('none','private_key_jwt')),
  redirect_uris TEXT NOT NULL,
  scopes TEXT NOT NULL,
  jwks TEXT,
  jwks_uri TEXT,
  source TEXT NOT NULL CHECK (source IN ('seed','metadata_document')),
  fetched_at INTEGER,
  created_at TEXT NOT NULL
);
CREATE TABLE oauth_installations (
  id INTEGER PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES oauth_clients(client_id),
  user_id INTEGER NOT NULL REFERENCES business_users(id),
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  scopes TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('active','revoked')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  revoked_at TEXT,
  UNIQUE (client_id, user_id, business_id)
);
CREATE TABLE oauth_grants (
  id INTEGER PRIMARY KEY,
  installation_id INTEGER NOT NULL REFERENCES oauth_installations(id),
  client_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  revoked_at TEXT,
  -- installation_revoked: its tokens still authenticate, and answer 403 (no active connected business), never again 200
  revoked_reason TEXT CHECK (revoked_reason IN ('token_revoked','refresh_reuse','code_reuse','installation_revoked'))
);
CREATE TABLE oauth_codes (
  code_hash TEXT PRIMARY KEY,
  installation_id INTEGER NOT NULL REFERENCES oauth_installations(id),
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  code_challenge TEXT,
  scopes TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  grant_id INTEGER REFERENCES oauth_grants(id)
);
CREATE TABLE oauth_tokens (
  token_hash TEXT PRIMARY KEY,
  grant_id INTEGER NOT NULL REFERENCES oauth_grants(id),
  kind TEXT NOT NULL CHECK (kind IN ('access','refresh')),
  scopes TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX oauth_tokens_grant ON oauth_tokens (grant_id);
-- jti of private_key_jwt client assertions already used (replay protection), kept until the assertion expires.
CREATE TABLE oauth_assertion_jtis (
  client_id TEXT NOT NULL,
  jti TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (client_id, jti)
);
`;
