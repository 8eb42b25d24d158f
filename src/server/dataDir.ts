// DATA_DIR holds the database, the JWT secret and backups: password hashes and the key to every
// session. Only the server's own user may read them (docs/operations.md, "Files and modes").
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import type { Logger } from './logger';

/** Directories the server makes for its data: its own user only. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * A file of secrets (database, backup): created empty with mode 600 when missing, else set to
 * 600. SQLite gives its -wal and -shm files the mode of the database file.
 */
export function makePrivateFile(file: string): void {
  if (!existsSync(file)) closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

/** Logs a warning when an existing DATA_DIR lets other users in (the converter runs as one). */
export function warnIfDataDirIsOpen(dataDir: string, logger: Pick<Logger, 'warn'>): boolean {
  let mode: number;
  try {
    mode = statSync(dataDir).mode;
  } catch {
    return false; // made later, private
  }
  if (!(mode & 0o077)) return false;
  logger.warn(
    `DATA_DIR ${dataDir} can be read by other users (mode ${(mode & 0o777).toString(8)}); chmod 700 it so that no other account, the PDF converter's included, can read the database or the JWT secret`,
  );
  return true;
}
