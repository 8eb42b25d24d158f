import SqliteDatabase from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../../../src/server/db/connection';
import { precompiled } from '../../../src/server/db/fast/precompiled';

let db: Kysely<any>;
beforeAll(async () => {
  db = new Kysely<any>({
    dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
  });
  await sql`create table t (id integer primary key, name text, active integer)`.execute(db);
  await db
    .insertInto('t')
    .values([
      { id: 1, name: 'a', active: 1 },
      { id: 2, name: 'b', active: 0 },
      { id: 3, name: 'c', active: 1 },
    ])
    .execute();
});
afterAll(() => db.destroy());

test('each call runs with its own argument values; constants of the builder stay', async () => {
  const byIdAtLeast = precompiled((db: Kysely<any>, min: number, name: string) =>
    db
      .selectFrom('t')
      .select('id')
      .where('id', '>=', min)
      .where('name', '!=', name)
      .where('active', '=', 1)
      .orderBy('id'),
  );
  expect(await byIdAtLeast(db, 1, 'x')).toEqual([{ id: 1 }, { id: 3 }]);
  expect(await byIdAtLeast(db, 2, 'x')).toEqual([{ id: 3 }]);
  expect(await byIdAtLeast(db, 1, 'a')).toEqual([{ id: 3 }]);
});

test('an argument that does not become a bound parameter is refused instead of being frozen in', async () => {
  const spliced = precompiled((db: Kysely<any>, name: string) =>
    db.selectFrom('t').select(sql.lit(name).as('n')),
  );
  await expect(spliced(db, 'a')).rejects.toThrow(/argument 0/);
  const unused = precompiled((db: Kysely<any>, _id: number) => db.selectFrom('t').select('id'));
  await expect(unused(db, 1)).rejects.toThrow(/argument 0 is not a bound parameter/);
});

test("on the app's SQLite a read runs on its statement at once, but never inside another caller's open transaction", async () => {
  const { db: appDb, close } = openDatabase({ sqliteFile: ':memory:' });
  const rows = precompiled((db: Kysely<any>, min: number) =>
    db.selectFrom('t').select('name').where('id', '>=', min).orderBy('id'),
  );
  try {
    await sql`create table t (id integer primary key, name text)`.execute(appDb);
    await appDb
      .insertInto('t' as never)
      .values({ id: 1, name: 'a' } as never)
      .execute();
    expect(await rows(appDb as Kysely<any>, 1)).toEqual([{ name: 'a' }]);

    let inserted!: () => void;
    let rollBack!: () => void;
    const insertedNow = new Promise<void>((resolve) => (inserted = resolve));
    const rolledBack = new Promise<void>((resolve) => (rollBack = resolve));
    const transaction = appDb.transaction().execute(async (trx) => {
      await trx
        .insertInto('t' as never)
        .values({ id: 2, name: 'b' } as never)
        .execute();
      inserted();
      await rolledBack;
      throw new Error('changed my mind');
    });
    await insertedNow;
    // Asked while the other caller's row is written but not committed: it must never see it.
    const during = rows(appDb as Kysely<any>, 1);
    rollBack();
    await expect(transaction).rejects.toThrow('changed my mind');
    expect(await during).toEqual([{ name: 'a' }]);
  } finally {
    await close();
  }
});
