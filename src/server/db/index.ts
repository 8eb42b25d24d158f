import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './connection';
import { migrateToLatest } from './migrations';

export type { DatabaseHandle } from './connection';

/** Opens the configured database (PostgreSQL if DATABASE_URL, else SQLite in DATA_DIR) and migrates it. */
export async function openMigratedDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): Promise<DatabaseHandle> {
  // Migrations run on a connection of their own without the statement time limit requests have.
  const migrator = config.databaseUrl
    ? openDatabase({ databaseUrl: config.databaseUrl, pool: { max: 1, queryMs: 0 } })
    : undefined;
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest((migrator ?? handle).db, handle.kind);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  } finally {
    await migrator?.close().catch(() => {});
  }
  return handle;
}
