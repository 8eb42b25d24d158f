// The statement cache: one of the database's fast paths (README.md in this folder).
import type { SqliteDatabase as SqliteHandle, SqliteStatement } from 'kysely';

/** Distinct SQL texts kept prepared; the app has a few dozen, so this only bounds odd dynamic ones. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 as Kysely sees it, with prepared statements kept by SQL text (least recently used
 * dropped first). Kysely prepares every query anew, which costs more than running a small one.
 * all/run finish synchronously, so one statement object is never used twice at once; iterate
 * (streaming, which spans awaits) gets a statement of its own.
 */
export function withStatementCache(
  sqlite: SqliteHandle,
  size = STATEMENT_CACHE_SIZE,
): SqliteHandle {
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
