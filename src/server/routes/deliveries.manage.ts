// A period's delivery jobs and their recipients; pause, resume, cancel, resend, mark as sent and
// the failed rows' export (docs/delivery.md). Every change is in the audit trail of the period.
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { isValidPeriod } from '../../domain/period';
import {
  RECIPIENT_STATUSES,
  parseAddresses,
  breaksHeader,
  type RecipientStatusName,
} from '../../domain/delivery';
import type { AuditAction } from '../../domain/history/changes';
import { audit } from '../audit/record';
import type { Database } from '../db/schema';
import { DEFAULT_DELIVERY_CONFIG } from '../delivery/config';
import { raiseDeliveredCount } from '../delivery/outcome';
import { sentToday, startOfUtcDay } from '../delivery/sender';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { ok } from '../http/envelope';
import { sendExport } from '../export/response';
import type { AppEnv } from '../types';
import { idParam } from './routeHelpers';
import { DELIVERY_MESSAGES as M } from './deliveries.messages';

type Db = Kysely<Database>;

async function summaryOf(db: Db, period: string) {
  if (!isValidPeriod(period)) throw new ApiError(400, M.badPeriod, 'period');
  const row = await db
    .selectFrom('invoice_summaries')
    .select(['id', 'invoice_period', 'number_of_delivered_invoice', 'number_of_total_transaction'])
    .where('invoice_period', '=', period)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, M.periodNotFound(period), 'period');
  return row;
}

async function jobOf(db: Db, id: number) {
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

/** GET /deliveries/:id/recipients?status=&offset=&limit= */
export async function listRecipients(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const job = await jobOf(db, idParam(c));
  const status = c.req.query('status');
  if (status && !(RECIPIENT_STATUSES as readonly string[]).includes(status))
    throw new ApiError(400, `status must be one of ${RECIPIENT_STATUSES.join(', ')}`, 'status');
  const offset = Math.max(0, Number(c.req.query('offset')) || 0);
  const limit = Math.min(500, Math.max(1, Number(c.req.query('limit')) || 100));
  let query = db.selectFrom('delivery_recipients').where('delivery_id', '=', job.id);
  if (status) query = query.where('status', '=', status as RecipientStatusName);
  const [rows, total] = await Promise.all([
    query
      .select([
        'id',
        'row_number',
        'invoice_key',
        'addresses',
        'subject',
        'status',
        'attempts',
        'finished_at',
        'claimed_at',
        'message_id',
        'server_answer',
        'attachment_name',
      ])
      .orderBy('row_number')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return ok(c, { recipients: rows, total: Number(total.n) });
}

async function changeJob(
  c: Context<AppEnv>,
  action: AuditAction,
  change: (trx: Db, job: Awaited<ReturnType<typeof jobOf>>) => Promise<number>,
  message: (n: number) => string,
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
  return ok(c, { changed: n }, message(n));
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

/** Queues rows again (attempts from zero) and reopens their job. */
async function requeue(
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

/** POST /deliveries/:id/resend-failed */
export const resendFailed = (c: Context<AppEnv>) =>
  changeJob(
    c,
    'delivery_resend',
    (trx, job) => requeue(trx, job.id, 'failed', c.get('deps').now().toISOString()),
    M.resent,
  );

async function recipientOf(db: Db, c: Context<AppEnv>) {
  const row = await db
    .selectFrom('delivery_recipients')
    .selectAll()
    .where('id', '=', idParam(c))
    .executeTakeFirst();
  if (!row) throw new ApiError(404, ERROR_MESSAGES.notFound);
  return row;
}

/** POST /deliveries/recipients/:id/resend { to? }: this one mail again, to a corrected address if given. */
export async function resendRecipient(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const body = (await c.req.json().catch(() => ({}))) as { to?: unknown };
  let to: string | undefined;
  if (body.to !== undefined) {
    const parsed =
      typeof body.to === 'string' && !breaksHeader(body.to)
        ? parseAddresses(body.to)
        : { valid: [], invalid: ['x'] };
    if (parsed.invalid.length || !parsed.valid.length)
      throw new ApiError(400, 'Send to must hold e-mail addresses separated by ; or ,', 'to');
    to = parsed.valid.join(', ');
  }
  const n = await db.transaction().execute(async (trx) => {
    const row = await recipientOf(trx, c);
    if (row.status === 'queued' || row.status === 'sending')
      throw new ApiError(409, M.notResendable);
    if (to)
      await trx
        .updateTable('delivery_recipients')
        .set({ addresses: to })
        .where('id', '=', row.id)
        .execute();
    const job = await jobOf(trx, row.delivery_id);
    const changed = await requeue(trx, row.delivery_id, [row.id], now().toISOString());
    await audit(trx, c, {
      entity: 'invoice_summary',
      entityId: job.invoice_summary_id,
      entityLabel: job.invoice_period,
      entityVersion: null,
      action: 'delivery_resend',
      changes: [{ field: 'invoice_key', from: row.addresses, to: row.invoice_key }],
    });
    return changed;
  });
  return ok(c, { changed: n }, M.resent(n));
}

/** POST /deliveries/recipients/:id/mark-sent: an `unknown` mail the user knows arrived. */
export async function markSent(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  await db.transaction().execute(async (trx) => {
    const row = await recipientOf(trx, c);
    if (row.status !== 'unknown') throw new ApiError(409, M.notUnknown);
    await trx
      .updateTable('delivery_recipients')
      .set({
        status: 'sent',
        finished_at: now().toISOString(),
        server_answer: `marked as sent by ${c.get('user').name}`,
      })
      .where('id', '=', row.id)
      .execute();
    await raiseDeliveredCount(trx, row);
    const job = await jobOf(trx, row.delivery_id);
    await audit(trx, c, {
      entity: 'invoice_summary',
      entityId: job.invoice_summary_id,
      entityLabel: job.invoice_period,
      entityVersion: null,
      action: 'delivery_mark_sent',
      changes: [{ field: 'invoice_key', from: null, to: row.invoice_key }],
    });
  });
  return ok(c, undefined, M.markedSent);
}

/** GET /deliveries/:id/failed?format=csv|xlsx: the rows to fix in the sheet. */
export async function exportFailed(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const job = await jobOf(db, idParam(c));
  const format = c.req.query('format') === 'xlsx' ? 'xlsx' : 'csv';
  const rows = await db
    .selectFrom('delivery_recipients')
    .select(['row_number', 'invoice_key', 'addresses', 'attempts', 'server_answer', 'finished_at'])
    .where('delivery_id', '=', job.id)
    .where('status', '=', 'failed')
    .orderBy('row_number')
    .execute();
  async function* batches() {
    yield rows;
  }
  return sendExport(
    c,
    {
      sheetName: 'Failed',
      timeZone: 'UTC',
      batches: batches(),
      columns: [
        { header: 'Row', kind: 'number', value: (r) => r.row_number },
        { header: 'Invoice key', kind: 'text', value: (r) => r.invoice_key },
        { header: 'Send to', kind: 'text', value: (r) => r.addresses },
        { header: 'Attempts', kind: 'number', value: (r) => r.attempts },
        { header: 'Server answer', kind: 'text', value: (r) => r.server_answer },
        {
          header: 'Time',
          kind: 'date',
          value: (r) => (r.finished_at ? new Date(r.finished_at).toISOString() : null),
        },
      ],
    },
    format,
    `delivery-${job.id}_${job.invoice_period}_failed.${format}`,
  );
}

/** GET /deliveries/sent-keys?period=: keys the page will not send again without Resend. */
export async function sentKeys(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const summary = await summaryOf(db, c.req.query('period') ?? '');
  const rows = await db
    .selectFrom('delivery_recipients')
    .select('invoice_key')
    .distinct()
    .where('invoice_summary_id', '=', summary.id)
    .where('status', 'in', ['sent', 'queued', 'sending', 'unknown'])
    .execute();
  return ok(c, { keys: rows.map((r) => r.invoice_key) });
}
