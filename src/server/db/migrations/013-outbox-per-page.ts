/**
 * Conversion events are de-duplicated per page: `UNIQUE (page_id, provider, event_id)` instead of
 * `(provider, event_id)`, so that one page's key cannot claim an event id and have another merchant's real event
 * dropped as a repeat. SQLite cannot change a constraint in place: the table is rebuilt, its rows kept.
 */
export default /* sql */ `
CREATE TABLE analytics_outbox_by_page (
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
  UNIQUE (page_id, provider, event_id)
);
INSERT INTO analytics_outbox_by_page (id, provider, kind, event_id, page_id, payload, received_at, forwarded_at, attempts, last_error)
  SELECT id, provider, kind, event_id, page_id, payload, received_at, forwarded_at, attempts, last_error FROM analytics_outbox;
DROP TABLE analytics_outbox;
ALTER TABLE analytics_outbox_by_page RENAME TO analytics_outbox;
`;
