import core from './001-core.ts';
import catalogVersion from './005-catalog-version.ts';

/** Applied in order, once each; never edit an entry that has shipped, append a new one. */
export const migrations: { id: string; sql: string }[] = [
  { id: '001-core', sql: core },
  { id: '005-catalog-version', sql: catalogVersion },
];
