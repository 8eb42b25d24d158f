import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type pg from 'pg';
import { makePrivateDir, makePrivateFile } from '../dataDir';
import { allowDirectReads } from './fast/directReads';
import { withStatementCache } from './fast/statementCache';
import type { Database } from './schema';
import { errorText } from '../../domain/text/errorText';

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
  /** SQLite only: how long a write waits for another writer's lock before giving up (→ 503). */
  sqliteBusyMs?: number;
  /** PostgreSQL only: pool size and timeouts (tests shorten them). */
  pool?: Partial<PoolSettings>;
}

/**
 * How long PostgreSQL may keep a request waiting. A dead connection (black-holed network, frozen
 * server) is given up after `queryMs`; its pool slot is freed at once, so the pool heals by itself.
 */
export interface PoolSettings {
  max: number;
  /** Opening a connection, or waiting for a free slot when all are busy. */
  connectMs: number;
  /** One statement: the server cancels it (statement_timeout) and the client stops waiting a second later; 0 = no limit. */
  queryMs: number;
  /** An idle connection is closed after this long. */
  idleMs: number;
  /** TCP keep-alive probes start after this much silence, so the kernel notices a vanished peer. */
  keepAliveMs: number;
}

export const DEFAULT_POOL_SETTINGS: PoolSettings = {
  max: 10,
  connectMs: 5_000,
  queryMs: 8_000,
  idleMs: 30_000,
  keepAliveMs: 10_000,
};

/**
 * The PostgreSQL driver, loaded by the first PostgreSQL database opened: an SQLite server never
 * pays for it at start (it also pulls in Node's fetch classes; docs/startup.md). A plain require,
 * so the compiled server takes it from node_modules rather than its own start-up chunk.
 */
let pgDriver: typeof pg | undefined;
const loadPg = () => (pgDriver ??= createRequire(import.meta.url)('pg') as typeof pg);

const PG_INT8 = 20;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/** The one place where PostgreSQL values are shaped like SQLite's: int8 → number, timestamps → ISO strings. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === PG_INT8) return (value: string) => Number(value);
    if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
    if (oid === PG_TIMESTAMP) return (value: string) => new Date(value + 'Z').toISOString();
    return loadPg().types.getTypeParser(oid, format as 'text');
  },
};

const pools = new WeakMap<object, pg.Pool>();

/** PostgreSQL pool figures for /metrics; null for SQLite (one in-process connection, nothing waits on a pool). */
export function poolStats(
  db: object,
): { inUse: number; idle: number; waiting: number; max: number } | null {
  const pool = pools.get(db);
  if (!pool) return null;
  return {
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max ?? 10,
  };
}

/** An error that means "the database cannot be reached right now"; the cause says why. */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

type PgClient = pg.PoolClient & { connection?: { stream?: { destroy(): void } } };

/**
 * The pool as Kysely sees it. Every failure to get a connection (refused, unknown database,
 * CONNECT revoked, wrong password, pool exhausted) becomes a DatabaseUnavailableError. A client
 * whose connection failed while checked out (terminated backend, reset, query timeout on a dead
 * link) gets an 'error' listener, fails any further query at once and is destroyed on release,
 * so neither the process nor the pool slot is lost.
 */
function guardedPool(pool: pg.Pool) {
  return {
    async connect() {
      let client: PgClient;
      try {
        client = (await pool.connect()) as PgClient;
      } catch (error) {
        throw new DatabaseUnavailableError(`cannot connect to PostgreSQL: ${errorText(error)}`, {
          cause: error,
        });
      }
      let broken: unknown;
      const onError = (error: unknown) => {
        broken ??= error;
      };
      client.on('error', onError);
      return {
        async query(...args: unknown[]) {
          if (broken)
            throw new DatabaseUnavailableError('PostgreSQL connection lost', { cause: broken });
          try {
            return await (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
          } catch (error) {
            if (isDatabaseUnavailable(error)) broken ??= error;
            throw error;
          }
        },
        release() {
          client.off('error', onError);
          if (broken) {
            // The link may be black-holed: do not wait for a polite goodbye.
            client.connection?.stream?.destroy();
            client.release(broken instanceof Error ? broken : new Error(String(broken)));
          } else {
            client.release();
          }
        },
      };
    },
    end: () => pool.end(),
  };
}

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const settings = { ...DEFAULT_POOL_SETTINGS, ...options.pool };
    const pool = new (loadPg().Pool)({
      connectionString: options.databaseUrl,
      max: settings.max,
      connectionTimeoutMillis: settings.connectMs,
      idleTimeoutMillis: settings.idleMs,
      // queryMs 0: no statement limit (migrations, which may rightly take long).
      ...(settings.queryMs > 0
        ? { statement_timeout: settings.queryMs, query_timeout: settings.queryMs + 1_000 }
        : {}),
      keepAlive: true,
      keepAliveInitialDelayMillis: settings.keepAliveMs,
      types: pgTypes as pg.CustomTypesConfig,
      ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    });
    // An idle client losing its connection must not crash the process; the pool drops it and the next query reconnects.
    pool.on('error', () => {});
    // A client can report an error when neither the pool nor a request listens (a terminated backend
    // while the pool ends a broken client, or between checkouts): a no-op listener on every client
    // keeps that from becoming an unhandled 'error' that ends the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: guardedPool(pool) as never }),
    });
    pools.set(db, pool);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir ?? './data', 'app.db');
  if (file !== ':memory:') {
    makePrivateDir(path.dirname(file));
    makePrivateFile(file);
  }
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(options.sqliteBusyMs ?? 5000))}`);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  allowDirectReads(db, sqlite, statements);
  return { db, kind: 'sqlite', close: () => db.destroy() };
}

/**
 * Network errors; PostgreSQL's admin_shutdown, crash_shutdown, cannot_connect_now, too many
 * connections, connection exceptions, query_canceled (statement_timeout), unknown database,
 * insufficient resources; SQLite's busy, locked and I/O errors.
 */
const UNAVAILABLE_CODES = new Set([
  'DATABASE_UNAVAILABLE',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '57014',
  '53300',
  '53000',
  '53100',
  '53200',
  '3D000',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08P01',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_READONLY',
]);

/** True when an error means "the database cannot be reached right now" (→ 503), not a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_IOERR')))
    return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return (
    typeof message === 'string' &&
    /(timeout exceeded when trying to connect|Connection terminated|Query read timeout|database connection is not open|driver has already been destroyed|Client has encountered a connection error)/i.test(
      message,
    )
  );
}

/** Unique-constraint violation on either engine (→ 409 in the routes). */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
