import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../schema';
import { directReadsOf } from './directReads';

type Db = Kysely<Database>;

/**
 * A hot query built and compiled once per database, then run with fresh values: building and
 * compiling a Kysely query costs more than SQLite answering a small one. `build` is called once
 * with marker values in place of the arguments; each argument must end up as a bound parameter
 * (the markers show where), never spliced into the SQL text.
 */
export function precompiled<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>) {
  const compiledFor = new WeakMap<Db, { query: CompiledQuery<R>; slots: number[] }>();
  return async (db: Db, ...args: A): Promise<R[]> => {
    let entry = compiledFor.get(db);
    if (!entry) {
      const markers = args.map((_, i) => `\u0000precompiled-argument-${i}\u0000`);
      const query = build(db, ...(markers as A)).compile();
      const slots = query.parameters.map((value) => markers.indexOf(value as string));
      markers.forEach((marker, i) => {
        if (!slots.includes(i))
          throw new Error(`precompiled query: argument ${i} is not a bound parameter`);
        if (query.sql.includes(marker))
          throw new Error(`precompiled query: argument ${i} ended up in the SQL text`);
      });
      entry = { query, slots };
      compiledFor.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => (slots[i] >= 0 ? args[slots[i]] : value));
    // SQLite: a read runs on its cached statement straight away, without Kysely's connection
    // queue, unless a transaction is open (then it waits its turn, and never sees uncommitted rows).
    const statement = directReadsOf(db)?.prepare(query.sql);
    if (statement?.reader) return statement.all(parameters) as R[];
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
