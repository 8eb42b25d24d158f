import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { withStatementCache } from '../../../src/server/db/fast/statementCache';

let db: Kysely<any> | undefined;
afterEach(async () => {
  await db?.destroy();
});

function open(size?: number) {
  const sqlite = new SqliteDatabase(':memory:');
  db = new Kysely<any>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, size) }),
  });
  return db;
}

test('cached statements answer with the values of each call, also after eviction', async () => {
  const db = open(2);
  await sql`create table t (id integer primary key, name text)`.execute(db);
  for (const name of ['a', 'b', 'c']) await db.insertInto('t').values({ name }).execute();
  for (let round = 0; round < 3; round++) {
    for (const id of [1, 2, 3]) {
      // Three distinct SQL texts through a cache of two: every statement is evicted and prepared again.
      expect(
        await db.selectFrom('t').select('name').where('id', '=', id).executeTakeFirst(),
      ).toEqual({ name: 'abc'[id - 1] });
      expect((await db.selectFrom('t').selectAll().where('id', '>=', id).execute()).length).toBe(
        4 - id,
      );
      expect(
        await db
          .selectFrom('t')
          .select('id')
          .where('name', '=', 'abc'[id - 1])
          .executeTakeFirst(),
      ).toEqual({ id });
    }
  }
});

test('streaming reads work beside cached plain reads of the same SQL', async () => {
  const db = open();
  await sql`create table t (id integer primary key)`.execute(db);
  for (let i = 1; i <= 3; i++) await db.insertInto('t').values({ id: i }).execute();
  const query = db.selectFrom('t').select('id').orderBy('id');
  expect((await query.execute()).map((r) => r.id)).toEqual([1, 2, 3]);
  const streamed: number[] = [];
  for await (const row of query.stream()) {
    streamed.push(row.id);
    if (streamed.length === 2) break;
  }
  expect(streamed).toEqual([1, 2]);
  // The stream stopped half-way; the cached statement of the same SQL is still usable.
  expect((await query.execute()).map((r) => r.id)).toEqual([1, 2, 3]);
});
