import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as SqliteHandle, type SqliteStatement } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… → PostgreSQL; otherwise SQLite at `${dataDir}/app.db`. */
  databaseUrl?: string;
  dataDir?: string;
  /** PostgreSQL only: schema put first on the search_path (tests isolate each file this way). */
  searchPath?: string;
  /** SQLite only: explicit file (':memory:' works too). */
  sqliteFile?: string;
}

const PG_INT8 = 20;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/** The one place where PostgreSQL values are shaped like SQLite's: int8 → number, timestamps → ISO strings. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === PG_INT8) return (value: string) => Number(value);
    if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
    if (oid === PG_TIMESTAMP) return (value: string) => new Date(value + 'Z').toISOString();
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/** Distinct SQL texts kept prepared; the app has a few dozen, so this only bounds odd dynamic ones. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 as Kysely sees it, with prepared statements kept by SQL text (least recently used
 * dropped first). Kysely prepares every query anew, which costs more than running a small one.
 * all/run finish synchronously, so one statement object is never used twice at once; iterate
 * (streaming, which spans awaits) gets a statement of its own.
 */
export function withStatementCache(sqlite: SqliteHandle, size = STATEMENT_CACHE_SIZE): SqliteHandle {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        const prepared = sqlite.prepare(sql);
        statement = {
          reader: prepared.reader,
          all: (parameters) => prepared.all(parameters),
          run: (parameters) => prepared.run(parameters),
          iterate: (parameters) => sqlite.prepare(sql).iterate(parameters),
        };
        if (cache.size >= size) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

const pools = new WeakMap<object, pg.Pool>();

/** PostgreSQL pool figures for /metrics; null for SQLite (one in-process connection, nothing waits on a pool). */
export function poolStats(db: object): { inUse: number; idle: number; waiting: number; max: number } | null {
  const pool = pools.get(db);
  if (!pool) return null;
  return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      types: pgTypes as pg.CustomTypesConfig,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the next query reports it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir ?? './data', 'app.db');
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE',
  '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006',
  'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_READONLY',
]);

/** True when an error means "the database cannot be reached right now" (→ 503), not a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR'))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return typeof message === 'string' && /(timeout exceeded when trying to connect|Connection terminated|database connection is not open|driver has already been destroyed)/i.test(message);
}

/** Unique-constraint violation on either engine (→ 409 in the routes). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
