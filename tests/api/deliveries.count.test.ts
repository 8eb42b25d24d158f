// The period's delivered count rises once per invoice key (issue 32, docs/delivery.md "The
// delivered count") even when two recorders (two nodes) record the same key at the same moment:
// a resent key accepted twice. On PostgreSQL the second recorder's transaction is held at its
// lock until the first commits (seen in pg_locks), the race the count once lost; on SQLite the
// two transactions run one after the other.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { raiseDeliveredCount } from '../../src/server/delivery/outcome';
import { ENGINES, insertSummary, setup, type Ctx } from './business.support';

describe.each(ENGINES)('the delivered count on %s', (engine) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await setup(engine);
  });
  afterAll(() => ctx.close());

  /** A job of the period with one sent row for `key`. */
  async function sentRow(summaryId: number, key: string) {
    const at = new Date().toISOString();
    const job = await ctx.db
      .insertInto('deliveries')
      .values({
        invoice_summary_id: summaryId,
        created_by: null,
        created_by_name: 'Sari',
        created_at: at,
        status: 'active',
        attachment_kind: 'pdf',
        sender: 'billing@example.com',
        reply_to: null,
        total: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return ctx.db
      .insertInto('delivery_recipients')
      .values({
        delivery_id: job.id,
        invoice_summary_id: summaryId,
        row_number: 2,
        invoice_key: key,
        addresses: 'ana@example.com',
        subject: `Tagihan ${key}`,
        body: '',
        attachment_name: `Tagihan_${key}.pdf`,
        file_id: null,
        page_from: null,
        page_to: null,
        status: 'sent',
        run_after: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const delivered = async (id: number) =>
    (
      await ctx.db
        .selectFrom('invoice_summaries')
        .select('number_of_delivered_invoice')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).number_of_delivered_invoice;

  test('a key recorded by two recorders at once is counted once', async () => {
    const summaryId = await insertSummary(ctx, '2025-07', { number_of_delivered_invoice: 3 });
    const first = await sentRow(summaryId, 'INV-1');
    const resent = await sentRow(summaryId, 'INV-1');
    const other = await sentRow(summaryId, 'INV-2');

    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let raised!: () => void;
    const firstRaised = new Promise<void>((resolve) => (raised = resolve));
    const a = ctx.db.transaction().execute(async (trx) => {
      await raiseDeliveredCount(trx, first);
      raised();
      await held;
    });
    await firstRaised;
    let pid: number | undefined;
    const b = ctx.db.transaction().execute(async (trx) => {
      if (engine === 'postgres')
        pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0].pid;
      await raiseDeliveredCount(trx, resent);
      await raiseDeliveredCount(trx, other);
    });
    if (engine === 'postgres') {
      // The second recorder is inside its transaction and waits for the first one's lock.
      for (;;) {
        const waiting = pid
          ? await sql`select 1 from pg_locks where pid = ${pid} and not granted`.execute(ctx.db)
          : { rows: [] };
        if (waiting.rows.length) break;
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    commit();
    await Promise.all([a, b]);

    expect(await delivered(summaryId)).toBe(5);
    const counted = await ctx.db
      .selectFrom('delivery_recipients')
      .select(['invoice_key', 'counted'])
      .where('invoice_summary_id', '=', summaryId)
      .orderBy('id')
      .execute();
    expect(counted).toEqual([
      { invoice_key: 'INV-1', counted: 1 },
      { invoice_key: 'INV-1', counted: 0 },
      { invoice_key: 'INV-2', counted: 1 },
    ]);
  });
});
