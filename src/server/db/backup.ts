import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { makePrivateFile } from '../dataDir';
import { holdSharedLock, takeExclusiveLock } from './databaseLock';

// `npm run admin -- backup <file>` and `restore <file>` for the embedded database (issue 25).

/** With PostgreSQL both commands point to the tools made for it. */
export function postgresBackupAdvice(command: 'backup' | 'restore'): string {
  return [
    `This server uses PostgreSQL (DATABASE_URL is set), so \`${command}\` does not apply.`,
    'Back it up with pg_dump and restore it with pg_restore, e.g.:',
    '  pg_dump --format=custom --file=invoice.dump "$DATABASE_URL"',
    '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" invoice.dump',
  ].join('\n');
}

function fsyncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** PRAGMA integrity_check of a database file: 'ok', or SQLite's list of what is wrong. */
export function integrityCheck(file: string): string {
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

export interface BackupResult {
  file: string;
  bytes: number;
  pages: number;
}

/**
 * Copies the live database with SQLite's online backup API while the server goes on writing:
 * all pages in one step, which reads one consistent snapshot (WAL: the writers do not wait for
 * it). The copy is written beside the target, checked with integrity_check, made a single file
 * (journal mode DELETE) and only then renamed to `target`. `onStart` is called as the copy begins.
 */
export async function backupDatabase(
  databaseFile: string,
  target: string,
  options: { force?: boolean; onStart?: () => void } = {},
): Promise<BackupResult> {
  const destination = path.resolve(target);
  if (destination === path.resolve(databaseFile))
    throw new Error('The backup file cannot be the database itself.');
  if (existsSync(destination) && !options.force)
    throw new Error(`${destination} exists already; choose another name or add --force.`);
  if (!existsSync(databaseFile)) throw new Error(`There is no database at ${databaseFile}.`);
  const lock = holdSharedLock(databaseFile);
  const partial = `${destination}.partial-${process.pid}`;
  const source = new SqliteDatabase(databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    options.onStart?.();
    makePrivateFile(partial); // mode 600 from the start: it holds password hashes
    const result = await source.backup(partial, { progress: () => 0x7fffffff });
    const check = integrityCheck(partial);
    if (check !== 'ok') throw new Error(`The copy failed its integrity check: ${check}`);
    const copy = new SqliteDatabase(partial);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    fsyncFile(partial);
    renameSync(partial, destination);
    return { file: destination, bytes: statSync(destination).size, pages: result.totalPages };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
    lock.release();
  }
}

export interface RestoreResult {
  database: string;
  /** Where the database it replaced was moved to (null when there was none). */
  replaced: string | null;
}

/** The tables a backup of this app has; anything else is not one. */
const REQUIRED_TABLES = ['users', 'invoice_summaries', 'kysely_migration'];

function assertRestorable(file: string): void {
  if (!existsSync(file)) throw new Error(`There is no file ${file}.`);
  let check: string;
  try {
    check = integrityCheck(file);
  } catch (error) {
    throw new Error(`${file} is not an SQLite database: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (check !== 'ok') throw new Error(`${file} failed its integrity check: ${check}`);
  const db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  try {
    const tables = new Set(
      (
        db.prepare("select name from sqlite_master where type = 'table'").all() as {
          name: string;
        }[]
      ).map((r) => r.name),
    );
    const missing = REQUIRED_TABLES.filter((t) => !tables.has(t));
    if (missing.length)
      throw new Error(`${file} is not a Dashboard Invoice database (no ${missing.join(', ')}).`);
  } finally {
    db.close();
  }
}

/**
 * Replaces the database with a backup, refusing while any process uses it (the exclusive lock).
 * The replaced database is first checkpointed into one file and kept beside it as
 * `app.db.replaced-<time>`; the backup is copied in under a temporary name, then renamed.
 */
export async function restoreDatabase(
  databaseFile: string,
  backupFile: string,
  now: Date = new Date(),
): Promise<RestoreResult> {
  const source = path.resolve(backupFile);
  assertRestorable(source);
  const lock = takeExclusiveLock(databaseFile);
  try {
    let replaced: string | null = null;
    if (existsSync(databaseFile)) {
      const current = new SqliteDatabase(databaseFile);
      current.pragma('wal_checkpoint(TRUNCATE)');
      current.close();
      replaced = `${databaseFile}.replaced-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(databaseFile, replaced);
      for (const suffix of ['-wal', '-shm'])
        if (existsSync(databaseFile + suffix)) renameSync(databaseFile + suffix, replaced + suffix);
    }
    const incoming = `${databaseFile}.restoring-${process.pid}`;
    await copyFile(source, incoming);
    makePrivateFile(incoming);
    fsyncFile(incoming);
    renameSync(incoming, databaseFile);
    return { database: databaseFile, replaced };
  } finally {
    lock.release();
  }
}
