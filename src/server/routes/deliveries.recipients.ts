// A delivery job's recipients: the list by status, Resend and Mark as sent of one mail, the failed
// rows' export, and the keys of a period not to send again (docs/delivery.md).
import type { Context } from 'hono';
import {
  RECIPIENT_STATUSES,
  parseAddresses,
  breaksHeader,
  type RecipientStatusName,
} from '../../domain/delivery/delivery';
import { audit } from '../audit/record';
import { raiseDeliveredCount } from '../delivery/outcome';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { ok } from '../http/envelope';
import { sendExport } from '../export/response';
import type { AppEnv } from '../types';
import { idParam } from './routeHelpers';
import { DELIVERY_MESSAGES as M, notice } from './deliveries.messages';
import { jobOf, requeue, summaryOf, type Db } from './deliveries.shared';

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
  return ok(c, { changed: n }, M.resent(n), 200, notice('queuedAgain', n));
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
