import { createApp, type App } from './app.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase, type Db } from './db/database.ts';
import { loadSeed, readSeed } from './seed/load.ts';
import type { Seed } from './seed/schema.ts';

export { createApp } from './app.ts';
export { resolveConfig, type ServerConfig } from './config.ts';
export { openDatabase } from './db/database.ts';
export { DEMO_SEED_FILE, loadSeed, readSeed } from './seed/load.ts';

export type ReferenceServerOptions = {
  /** SQLite file, or `:memory:`. */
  db?: string;
  /** A seed file path, a seed object, or `false` for an empty database. The demo seed by default. */
  seed?: string | Seed | false;
  config?: Partial<ServerConfig>;
};

export type ReferenceServer = { app: App; db: Db; close(): void };

/** Opens the database, seeds it when empty, and builds the app. */
export function createReferenceServer(options: ReferenceServerOptions = {}): ReferenceServer {
  const db = openDatabase(options.db ?? '.data/reference.sqlite');
  if (options.seed !== false) loadSeed(db, typeof options.seed === 'object' ? options.seed : readSeed(options.seed));
  const app = createApp({ db, config: options.config });
  return { app, db, close: () => db.close() };
}
