// Direct SQLite reads: one of the database's fast paths (README.md in this folder).
import type { SqliteDatabase as SqliteHandle, SqliteStatement } from 'kysely';

/** The SQLite connection under a Kysely instance, for reads that need none of Kysely's machinery. */
export interface DirectReads {
  prepare(sql: string): SqliteStatement;
  /** Open, and no transaction is open on it (another request's, between its awaits). */
  readonly idle: boolean;
}

const directReads = new WeakMap<object, DirectReads>();

/** Lets `db`'s reads run on `sqlite` at once, through its statement cache, when no transaction is open. */
export function allowDirectReads(
  db: object,
  sqlite: { readonly open: boolean; readonly inTransaction: boolean },
  statements: SqliteHandle,
): void {
  directReads.set(db, {
    prepare: (sql) => statements.prepare(sql),
    get idle() {
      return sqlite.open && !sqlite.inTransaction;
    },
  });
}

/**
 * SQLite's connection behind `db` when a read may run on it at once: better-sqlite3 answers
 * synchronously, so Kysely's connection queue only matters while a transaction is open. Null for
 * PostgreSQL, for a transaction's own Kysely instance, and while a transaction is open.
 */
export function directReadsOf(db: object): DirectReads | null {
  const reads = directReads.get(db);
  return reads?.idle ? reads : null;
}
