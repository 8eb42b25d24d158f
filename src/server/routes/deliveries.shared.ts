// What the delivery routes share: a period's summary, a job with its period, and putting rows
// back in the queue (docs/delivery.md).
import type { Kysely } from 'kysely';
import { isValidPeriod } from '../../domain/billing/period';
import type { Database } from '../db/schema';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { DELIVERY_MESSAGES as M, refusal } from './deliveries.messages';

export type Db = Kysely<Database>;

export async function summaryOf(db: Db, period: string) {
  if (!isValidPeriod(period)) throw new ApiError(400, M.badPeriod, 'period');
  const row = await db
    .selectFrom('invoice_summaries')
    .select(['id', 'invoice_period', 'number_of_delivered_invoice', 'number_of_total_transaction'])
    .where('invoice_period', '=', period)
    .executeTakeFirst();
  if (!row) throw refusal(404, 'periodNotFound', M.periodNotFound(period), { period }, 'period');
  return row;
}

export async function jobOf(db: Db, id: number) {
  const job = await db
    .selectFrom('deliveries as d')
    .innerJoin('invoice_summaries as s', 's.id', 'd.invoice_summary_id')
    .selectAll('d')
    .select('s.invoice_period')
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!job) throw new ApiError(404, ERROR_MESSAGES.notFound);
  return job;
}

/** Queues rows again (attempts from zero) and reopens their job. */
export async function requeue(
  trx: Db,
  jobId: number,
  ids: number[] | 'failed',
  at: string,
): Promise<number> {
  let query = trx
    .updateTable('delivery_recipients')
    .set({ status: 'queued', run_after: at, attempts: 0, claimed_by: null, claimed_at: null })
    .where('delivery_id', '=', jobId);
  query =
    ids === 'failed'
      ? query.where('status', '=', 'failed')
      : query
          .where('id', 'in', ids.length ? ids : [0])
          .where('status', 'not in', ['queued', 'sending']);
  const n = Number((await query.executeTakeFirst()).numUpdatedRows);
  if (n)
    await trx
      .updateTable('deliveries')
      .set({ status: 'active', ended_at: null })
      .where('id', '=', jobId)
      .where('status', 'in', ['done', 'cancelled'])
      .execute();
  return n;
}
