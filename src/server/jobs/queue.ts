// A work queue kept in an ordinary table (docs/delivery.md, "Exactly once"). Any table with the
// columns id, status, run_after, attempts, claimed_by and claimed_at can be one. A claim is one
// statement that moves at most `limit` ready rows to the running status and stamps them with the
// claiming node: on PostgreSQL a materialized CTE takes the rows FOR UPDATE SKIP LOCKED, so two
// nodes never claim the same row; SQLite runs one writer at a time, so the single statement is
// already atomic.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseKind } from '../db/connection';

export interface QueueSpec {
  /** The table holding the items. */
  table: string;
  /** Status of an item waiting for its run_after; the running status; what a lost claim becomes. */
  ready: string;
  running: string;
  lost: string;
  /** An extra condition an item must meet to be claimed (e.g. its job is not paused). */
  claimable?: RawBuilder<unknown>;
}

export interface Queue<Row> {
  /** Up to `limit` ready items whose run_after has come, now owned by `node`. */
  claim(limit: number, node: string, at: Date): Promise<Row[]>;
  /** Ends a claimed item with `status` and other column values (on `on`, e.g. a transaction); false when the claim was lost. */
  finish(
    id: number,
    node: string,
    status: string,
    values: Record<string, unknown>,
    on?: Kysely<any>,
  ): Promise<boolean>;
  /** Puts a claimed item back, to be claimed again at `at`. */
  retryAt(id: number, node: string, at: Date, values: Record<string, unknown>): Promise<boolean>;
  /** Items claimed before `before` and never finished (their node died): moved to the lost status. */
  expireClaims(before: Date): Promise<number>;
}

export function createQueue<Row>(db: Kysely<any>, kind: DatabaseKind, spec: QueueSpec): Queue<Row> {
  const table = sql.table(spec.table);
  const extra = spec.claimable ? sql`and ${spec.claimable}` : sql``;
  const lock = kind === 'postgres' ? sql`for update skip locked` : sql``;
  const stamp = (at: Date) => at.toISOString();

  async function end(
    id: number,
    node: string,
    values: Record<string, unknown>,
    on = db,
  ): Promise<boolean> {
    const result = await on
      .updateTable(spec.table)
      .set(values)
      .where('id', '=', id)
      .where('status', '=', spec.running)
      .where('claimed_by', '=', node)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  return {
    async claim(limit, node, at) {
      const set = sql`status = ${spec.running}, claimed_by = ${node},
          claimed_at = ${stamp(at)}, attempts = attempts + 1`;
      const ready = sql`
          select id from ${table}
          where status = ${spec.ready} and run_after <= ${stamp(at)} ${extra}
          order by run_after, id limit ${limit} ${lock}`;
      // PostgreSQL may run a subquery of `id in (…)` again for each row it updates, and each run
      // skips the rows this statement has already taken: a claim of 20 took every ready row. The
      // materialized CTE picks the rows once.
      const { rows } =
        kind === 'postgres'
          ? await sql<Row>`
        with picked as materialized (${ready})
        update ${table} set ${set}
        from picked where ${table}.id = picked.id and ${table}.status = ${spec.ready}
        returning ${table}.*`.execute(db)
          : await sql<Row>`
        update ${table} set ${set}
        where id in (${ready}) and status = ${spec.ready}
        returning *`.execute(db);
      return rows;
    },
    finish: (id, node, status, values, on) => end(id, node, { ...values, status }, on),
    retryAt: (id, node, at, values) =>
      end(id, node, { ...values, status: spec.ready, run_after: stamp(at), claimed_by: null }),
    async expireClaims(before) {
      const result = await db
        .updateTable(spec.table)
        .set({ status: spec.lost })
        .where('status', '=', spec.running)
        .where('claimed_at', '<', stamp(before))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
