// A period's delivery jobs and their recipients; pause, resume, cancel, resend, mark as sent and
// the failed rows' export (docs/delivery.md). Every change is in the audit trail of the period.
import type { Context } from 'hono';
import { RECIPIENT_STATUSES, type RecipientStatusName } from '../../domain/delivery/delivery';
import type { AuditAction } from '../../domain/history/changes';
import { audit } from '../audit/record';
import { DEFAULT_DELIVERY_CONFIG } from '../delivery/config';
import { sentToday, startOfUtcDay } from '../delivery/sender';
import { ApiError } from '../errors';
import { ok } from '../http/envelope';
import type { AppEnv } from '../types';
import { idParam } from './routeHelpers';
import { DELIVERY_MESSAGES as M, notice } from './deliveries.messages';
import type { DeliveryNoticeCode } from '../../domain/delivery/deliveryErrors';
import { jobOf, requeue, summaryOf, type Db } from './deliveries.shared';

/** GET /deliveries?period=: each job with its counts, rate and expected finish. */
export async function listDeliveries(c: Context<AppEnv>) {
  const { db, now, config } = c.get('deps');
  const summary = await summaryOf(db, c.req.query('period') ?? '');
  const jobs = await db
    .selectFrom('deliveries')
    .selectAll()
    .where('invoice_summary_id', '=', summary.id)
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  const counts = await db
    .selectFrom('delivery_recipients')
    .select(['delivery_id', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('invoice_summary_id', '=', summary.id)
    .groupBy(['delivery_id', 'status'])
    .execute();
  const minuteAgo = new Date(now().getTime() - 60_000).toISOString();
  const recent = await db
    .selectFrom('delivery_recipients')
    .select(['delivery_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('invoice_summary_id', '=', summary.id)
    .where('status', 'in', ['sent', 'outbox'])
    .where('finished_at', '>=', minuteAgo)
    .groupBy('delivery_id')
    .execute();
  const limits = config.delivery ?? DEFAULT_DELIVERY_CONFIG;
  const dayFull = (await sentToday(db, now())) >= limits.dailyLimit;
  const nextDay = new Date(startOfUtcDay(now()).getTime() + 86_400_000).toISOString();
  return ok(c, {
    period: summary.invoice_period,
    delivered: summary.number_of_delivered_invoice,
    total_transactions: summary.number_of_total_transaction,
    daily_limit: limits.dailyLimit,
    jobs: jobs.map((job) => {
      const byStatus = Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, 0])) as Record<
        RecipientStatusName,
        number
      >;
      for (const row of counts)
        if (row.delivery_id === job.id) byStatus[row.status] = Number(row.n);
      const rate = Number(recent.find((r) => r.delivery_id === job.id)?.n ?? 0);
      const left = byStatus.queued + byStatus.sending;
      return {
        ...job,
        counts: byStatus,
        rate_per_minute: rate,
        expected_finish:
          left && rate ? new Date(now().getTime() + (left / rate) * 60_000).toISOString() : null,
        waits_until: left && dayFull ? nextDay : null,
      };
    }),
  });
}

async function changeJob(
  c: Context<AppEnv>,
  action: AuditAction,
  change: (trx: Db, job: Awaited<ReturnType<typeof jobOf>>) => Promise<number>,
  message: (n: number) => string,
  /** The answer's notice code, when its message carries the count. */
  code?: DeliveryNoticeCode,
) {
  const { db } = c.get('deps');
  const id = idParam(c);
  const n = await db.transaction().execute(async (trx) => {
    const job = await jobOf(trx, id);
    const changed = await change(trx, job);
    await audit(trx, c, {
      entity: 'invoice_summary',
      entityId: job.invoice_summary_id,
      entityLabel: job.invoice_period,
      entityVersion: null,
      action,
      changes: [{ field: 'delivery', from: job.id, to: changed }],
    });
    return changed;
  });
  return ok(c, { changed: n }, message(n), 200, code ? notice(code, n) : undefined);
}

const setJob = (trx: Db, id: number, from: string[], values: Record<string, unknown>) =>
  trx
    .updateTable('deliveries')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', from as never)
    .executeTakeFirst()
    .then((r) => Number(r.numUpdatedRows));

export const pauseDelivery = (c: Context<AppEnv>) =>
  changeJob(
    c,
    'delivery_pause',
    (trx, job) => setJob(trx, job.id, ['active'], { status: 'paused' }),
    () => M.paused,
  );
export const resumeDelivery = (c: Context<AppEnv>) =>
  changeJob(
    c,
    'delivery_resume',
    (trx, job) => setJob(trx, job.id, ['paused'], { status: 'active' }),
    () => M.resumed,
  );
export const cancelDelivery = (c: Context<AppEnv>) =>
  changeJob(
    c,
    'delivery_cancel',
    async (trx, job) => {
      if (job.status === 'cancelled' || job.status === 'done') throw new ApiError(409, M.jobEnded);
      await setJob(trx, job.id, ['active', 'paused'], {
        status: 'cancelled',
        ended_at: c.get('deps').now().toISOString(),
      });
      const r = await trx
        .updateTable('delivery_recipients')
        .set({ status: 'cancelled' })
        .where('delivery_id', '=', job.id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
    () => M.cancelled,
  );

/** POST /deliveries/:id/resend-failed */
export const resendFailed = (c: Context<AppEnv>) =>
  changeJob(
    c,
    'delivery_resend',
    (trx, job) => requeue(trx, job.id, 'failed', c.get('deps').now().toISOString()),
    M.resent,
    'queuedAgain',
  );
