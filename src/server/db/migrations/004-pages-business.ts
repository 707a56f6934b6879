/** HTML Mode pages with their keys and domains, the analytics outbox, and business users with their API keys. */
export default /* sql */ `
CREATE TABLE pages (
  id INTEGER PRIMARY KEY,
  unique_id TEXT NOT NULL UNIQUE,
  store_id INTEGER NOT NULL REFERENCES stores(id),
  title TEXT NOT NULL,
  domains TEXT NOT NULL DEFAULT '[]'
);
CREATE TABLE page_keys (key TEXT PRIMARY KEY, page_id INTEGER NOT NULL REFERENCES pages(id));
-- Conversion events waiting for (or done with) forwarding; one row per (provider, event_id).
CREATE TABLE analytics_outbox (
  id INTEGER PRIMARY KEY,
  provider TEXT NOT NULL,
  kind TEXT NOT NULL,
  event_id TEXT NOT NULL,
  page_id INTEGER NOT NULL REFERENCES pages(id),
  payload TEXT NOT NULL,
  received_at TEXT NOT NULL,
  forwarded_at TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  UNIQUE (provider, event_id)
);
CREATE TABLE business_users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL
);
CREATE TABLE business_memberships (
  id INTEGER PRIMARY KEY,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  user_id INTEGER NOT NULL REFERENCES business_users(id),
  role TEXT NOT NULL CHECK (role IN ('owner','admin','staff')),
  status TEXT NOT NULL CHECK (status IN ('pending','verified')),
  invited_at TEXT NOT NULL,
  verified_at TEXT,
  UNIQUE (business_id, user_id)
);
-- A key selects one business installation: its user and business (the membership may be gone after leaving).
CREATE TABLE business_api_keys (
  key_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES business_users(id),
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  created_at TEXT NOT NULL
);
`;
