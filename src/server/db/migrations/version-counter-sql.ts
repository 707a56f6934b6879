const EVENTS = ['INSERT', 'UPDATE', 'DELETE'];

/**
 * A one-row counter table (`meta`, version 0) and triggers that bump it after every insert, update and delete on
 * `tables` — direct edits of the database included. Triggers are named `<table>_<event>_<name>`.
 */
export function versionCounterSql(meta: string, name: string, tables: string[]): string {
  return /* sql */ `
CREATE TABLE ${meta} (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
INSERT INTO ${meta} (id, version) VALUES (1, 0);
${tables.flatMap((table) => EVENTS.map((event) => `
CREATE TRIGGER ${table}_${event.toLowerCase()}_${name} AFTER ${event} ON ${table}
BEGIN UPDATE ${meta} SET version = version + 1 WHERE id = 1; END;`)).join('\n')}
`;
}
