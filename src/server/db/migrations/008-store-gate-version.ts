/**
 * A counter bumped by triggers on every write to what the store gate reads (stores, their business and plan, keys,
 * allowed origins), so the gate can keep stores in memory and still see a revoked key or origin at once.
 */
const tables = ['businesses', 'stores', 'store_keys', 'store_origins'];
const events = ['INSERT', 'UPDATE', 'DELETE'];

export default /* sql */ `
CREATE TABLE store_gate_meta (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
INSERT INTO store_gate_meta (id, version) VALUES (1, 0);
${tables.flatMap((table) => events.map((event) => `
CREATE TRIGGER ${table}_${event.toLowerCase()}_store_gate_version AFTER ${event} ON ${table}
BEGIN UPDATE store_gate_meta SET version = version + 1 WHERE id = 1; END;`)).join('\n')}
`;
