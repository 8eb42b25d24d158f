import SqliteDatabase from 'better-sqlite3';

/**
 * Who is using the embedded database, told by the operating system's file locks (SQLite's own,
 * on a small file beside app.db): every process that opens app.db (the server, the admin CLI)
 * holds a shared lock while it runs; `restore` needs the exclusive lock, so it cannot replace the
 * file under a running server. A process that dies loses its locks with it: no stale PID file
 * can block a restore after a crash.
 */
export function lockFileOf(databaseFile: string): string {
  return `${databaseFile}.lock`;
}

export class DatabaseInUseError extends Error {
  constructor(databaseFile: string, options?: { cause?: unknown }) {
    super(
      `The database ${databaseFile} is in use: a server (or another admin command) is running on it. Stop it, then run the command again.`,
      options,
    );
    this.name = 'DatabaseInUseError';
  }
}

export interface DatabaseLock {
  release(): void;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/**
 * Holds the shared lock for as long as the process runs (or until release). Waits up to `waitMs`
 * while a restore holds the exclusive one, then fails saying so.
 */
export function holdSharedLock(databaseFile: string, waitMs = 10_000): DatabaseLock {
  const lock = new SqliteDatabase(lockFileOf(databaseFile));
  try {
    lock.pragma(`busy_timeout = ${waitMs}`);
    lock.exec('BEGIN');
    // A read inside an open transaction keeps SQLite's SHARED lock on the file until it ends.
    lock.prepare('select count(*) from sqlite_master').get();
  } catch (error) {
    lock.close();
    if (isBusy(error))
      throw new Error(`A restore is replacing ${databaseFile}; start again once it has finished.`, {
        cause: error,
      });
    throw error;
  }
  return { release: () => lock.close() };
}

/** The exclusive lock, at once or not at all: DatabaseInUseError while anyone holds the shared one. */
export function takeExclusiveLock(databaseFile: string): DatabaseLock {
  const lock = new SqliteDatabase(lockFileOf(databaseFile));
  try {
    lock.pragma('busy_timeout = 0');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if (isBusy(error)) throw new DatabaseInUseError(databaseFile, { cause: error });
    throw error;
  }
  return { release: () => lock.close() };
}
