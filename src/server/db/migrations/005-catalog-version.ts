/**
 * A counter bumped by triggers on every catalog write (including stock changes and direct edits of the
 * database), so serialised catalog answers can be cached and revalidated with one cheap read.
 */
const tables = ['products', 'variants', 'bundles', 'bundle_price_options', 'bundle_components', 'categories', 'payment_methods'];
const events = ['INSERT', 'UPDATE', 'DELETE'];

export default /* sql */ `
CREATE TABLE catalog_meta (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
INSERT INTO catalog_meta (id, version) VALUES (1, 0);
${tables.flatMap((table) => events.map((event) => `
CREATE TRIGGER ${table}_${event.toLowerCase()}_catalog_version AFTER ${event} ON ${table}
BEGIN UPDATE catalog_meta SET version = version + 1 WHERE id = 1; END;`)).join('\n')}
`;
