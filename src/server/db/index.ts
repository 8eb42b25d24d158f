import type { Config } from '../config';
import { openDatabase, type DatabaseHandle } from './connection';
import { migrateToLatest } from './migrations';

export type { DatabaseHandle } from './connection';

/** Opens the configured database (PostgreSQL if DATABASE_URL, else SQLite in DATA_DIR) and migrates it. */
export async function openMigratedDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<DatabaseHandle> {
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db, handle.kind);
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
  return handle;
}
