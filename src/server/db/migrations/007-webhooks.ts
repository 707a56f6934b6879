/**
 * Webhooks: endpoints per business, events (written in the same transaction as the order change, so an event
 * exists iff the change committed), one delivery per (event, endpoint) and a log of every attempt.
 */
export default /* sql */ `
CREATE TABLE webhook_endpoints (
  id INTEGER PRIMARY KEY,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  url TEXT NOT NULL,
  secret TEXT NOT NULL,
  events TEXT NOT NULL DEFAULT '[]',
  description TEXT,
  created_at TEXT NOT NULL,
  deleted_at TEXT
);
CREATE TABLE webhook_events (
  id TEXT PRIMARY KEY,
  business_id INTEGER NOT NULL REFERENCES businesses(id),
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  created_at TEXT NOT NULL
);
-- next_attempt_at (epoch ms) doubles as the lease of a delivery being sent: claiming pushes it past the timeout.
CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY,
  event_id TEXT NOT NULL REFERENCES webhook_events(id),
  endpoint_id INTEGER NOT NULL REFERENCES webhook_endpoints(id),
  status TEXT NOT NULL CHECK (status IN ('pending','delivered','failed','cancelled')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL,
  last_status INTEGER,
  last_error TEXT,
  delivered_at TEXT,
  created_at TEXT NOT NULL,
  UNIQUE (event_id, endpoint_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE TABLE webhook_attempts (
  id INTEGER PRIMARY KEY,
  delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries(id),
  attempt INTEGER NOT NULL,
  started_at TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  response_status INTEGER,
  error TEXT
);
CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id);
`;
