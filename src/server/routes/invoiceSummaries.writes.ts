import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  describeHistory,
  diffRecords,
  HISTORY_TEXTS,
  type AuditAction,
  type FieldChange,
} from '../../domain/history';
import { SUMMARY_SAVED_TEXTS } from '../../domain/billing/invoiceSummary';
import type { PipelineStep } from '../../domain/billing/pipeline';
import {
  VALIDATION_MESSAGES as M,
  invoiceSummaryCreateStruct,
  invoiceSummaryUpdateStruct,
  periodExistsMessage,
  progressFieldsOverTotal,
  progressUpdateStruct,
} from '../../domain/validation';
import { logActivity, type ActivityDetails } from '../auth/activity';
import { audit } from '../audit/record';
import { isUniqueViolation } from '../db/connection';
import type { Database, InvoiceSummaryRow } from '../db/schema';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { readBody } from '../http/body';
import { ok } from '../http/envelope';
import { answerHeader } from '../http/fast/answerHeaders';
import { assertExpectedVersion, expectedVersion, versionTag } from '../http/ifMatch';
import type { AppEnv } from '../types';
import { idParam, isCheckViolation, isPostgres, requestInfo } from './routeHelpers';

// The writes of /invoice-summaries. Each runs in one transaction with its audit event and its
// activity entry; update, delete and the five progress calls honour If-Match (ifMatch.ts).

export const SUMMARY_MESSAGES = {
  ...SUMMARY_SAVED_TEXTS,
  /** A CHECK constraint refused what validation let through (e.g. a concurrent change of the total). */
  outOfRange: 'Data invoice summary tidak valid: jumlah di luar batas yang diizinkan',
} as const;

type Db = Kysely<Database>;

/** The write failed on a constraint: period taken → 409, CHECK → 400; anything else propagates. */
function constraintToApiError(error: unknown, period: string | undefined): never {
  if (isUniqueViolation(error))
    throw new ApiError(409, periodExistsMessage(period ?? ''), 'invoice_period');
  if (isCheckViolation(error)) throw new ApiError(400, SUMMARY_MESSAGES.outOfRange);
  throw error;
}

/** The summary, or 404. `lock`: held until the transaction ends (PostgreSQL; SQLite writes are serialised). */
export async function loadSummary(db: Db, id: number, lock = false): Promise<InvoiceSummaryRow> {
  let query = db.selectFrom('invoice_summaries').selectAll().where('id', '=', id);
  if (lock && isPostgres(db)) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiError(404, ERROR_MESSAGES.notFound);
  return row;
}

/** The audit event and the activity entry of one write, in the write's transaction. */
async function record(
  trx: Db,
  c: Context<AppEnv>,
  write: {
    action: AuditAction;
    activity: string;
    row: InvoiceSummaryRow;
    version: number | null;
    changes: FieldChange[];
    /** The changes the activity shows; creations and deletions name only the period. */
    shown: FieldChange[];
  },
) {
  await audit(trx, c, {
    entity: 'invoice_summary',
    entityId: write.row.id,
    entityLabel: write.row.invoice_period,
    entityVersion: write.version,
    action: write.action,
    changes: write.changes,
  });
  const details: ActivityDetails = {
    entity: 'invoice_summary',
    entityId: write.row.id,
    entityLabel: write.row.invoice_period,
    changes: write.shown,
  };
  await logActivity(trx, {
    userId: c.get('user').id,
    action: write.activity,
    description: describeHistory(details, HISTORY_TEXTS),
    details,
    ...requestInfo(c),
    at: c.get('deps').now(),
  });
}

export async function createSummary(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const user = c.get('user');
  const body = await readBody(c, invoiceSummaryCreateStruct);
  const period = body.invoice_period!;
  const existing = await db
    .selectFrom('invoice_summaries')
    .select('id')
    .where('invoice_period', '=', period)
    .executeTakeFirst();
  if (existing) throw new ApiError(409, periodExistsMessage(period), 'invoice_period');
  const at = now().toISOString();
  try {
    const row = await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('invoice_summaries')
        .values({
          ...body,
          invoice_period: period,
          created_by: user.id,
          updated_by: user.id,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const changes = diffRecords('invoice_summary', null, created);
      await record(trx, c, {
        action: 'create',
        activity: 'summary_created',
        row: created,
        version: created.version,
        changes,
        shown: [],
      });
      return created;
    });
    answerHeader(c, 'ETag', versionTag(row.version));
    return ok(c, row, SUMMARY_MESSAGES.created, 201);
  } catch (error) {
    constraintToApiError(error, period);
  }
}

/**
 * Reads and locks the summary, checks If-Match, applies `change` (which may refuse with an
 * ApiError), raises the version and records what changed. One transaction.
 */
async function changeSummary(
  c: Context<AppEnv>,
  id: number,
  action: 'update' | 'progress',
  activity: string,
  change: (trx: Db, current: InvoiceSummaryRow) => Promise<Partial<InvoiceSummaryRow>>,
): Promise<InvoiceSummaryRow> {
  const { db, now } = c.get('deps');
  const expected = expectedVersion(c);
  return db.transaction().execute(async (trx) => {
    const current = await loadSummary(trx, id, true);
    await assertExpectedVersion(trx, expected, current, 'invoice_summary', current);
    const values = await change(trx, current);
    const updated = await trx
      .updateTable('invoice_summaries')
      .set({
        ...values,
        updated_by: c.get('user').id,
        updated_at: now().toISOString(),
        version: (eb) => eb('version', '+', 1),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const changes = diffRecords('invoice_summary', current, updated);
    await record(trx, c, {
      action,
      activity,
      row: updated,
      version: updated.version,
      changes,
      shown: changes,
    });
    return updated;
  });
}

/** PUT /invoice-summaries/{id}: any subset of the fields; the rules are checked on the merged row. */
export async function updateSummary(c: Context<AppEnv>) {
  const id = idParam(c);
  const body = await readBody(c, invoiceSummaryUpdateStruct);
  try {
    const row = await changeSummary(c, id, 'update', 'summary_updated', async (trx, current) => {
      const over = progressFieldsOverTotal({ ...current, ...body });
      if (over.length) throw new ApiError(400, M.SUMMARY_PROGRESS_EXCEEDS_TOTAL, over[0]);
      if (body.invoice_period !== undefined && body.invoice_period !== current.invoice_period) {
        const clash = await trx
          .selectFrom('invoice_summaries')
          .select('id')
          .where('invoice_period', '=', body.invoice_period)
          .executeTakeFirst();
        if (clash)
          throw new ApiError(409, periodExistsMessage(body.invoice_period), 'invoice_period');
      }
      return body;
    });
    answerHeader(c, 'ETag', versionTag(row.version));
    return ok(c, row, SUMMARY_MESSAGES.updated);
  } catch (error) {
    constraintToApiError(error, body.invoice_period);
  }
}

/** PUT /invoice-summaries/{progress path}/{id}: one pipeline step's count and, when it has one, its document URL. */
export function progressHandler(step: PipelineStep) {
  const struct = progressUpdateStruct(step.key);
  return async (c: Context<AppEnv>) => {
    const id = idParam(c);
    const body = await readBody(c, struct);
    const count = body[step.countField] as number;
    const url = step.urlField ? body[step.urlField] : undefined;
    try {
      const row = await changeSummary(
        c,
        id,
        'progress',
        'summary_progress_updated',
        async (_trx, current) => {
          if (count > current.number_of_total_transaction)
            throw new ApiError(400, M.PROGRESS_EXCEEDS_TOTAL, step.countField);
          return {
            [step.countField]: count,
            ...(step.urlField && typeof url === 'string' ? { [step.urlField]: url } : {}),
          };
        },
      );
      answerHeader(c, 'ETag', versionTag(row.version));
      return ok(c, row, M.PROGRESS_SAVED);
    } catch (error) {
      constraintToApiError(error, undefined);
    }
  };
}

/** DELETE /invoice-summaries/{id}; with If-Match only while the summary is at that version. */
export async function deleteSummary(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const id = idParam(c);
  const expected = expectedVersion(c);
  await db.transaction().execute(async (trx) => {
    const current = await loadSummary(trx, id, true);
    await assertExpectedVersion(trx, expected, current, 'invoice_summary', current);
    const deleted = await trx
      .deleteFrom('invoice_summaries')
      .where('id', '=', id)
      .executeTakeFirst();
    // A concurrent delete got there first: this one removed nothing, so it is not a success.
    if (Number(deleted.numDeletedRows) === 0) throw new ApiError(404, ERROR_MESSAGES.notFound);
    await record(trx, c, {
      action: 'delete',
      activity: 'summary_deleted',
      row: current,
      version: null,
      changes: diffRecords('invoice_summary', current, null),
      shown: [],
    });
  });
  return ok(c, undefined, SUMMARY_MESSAGES.deleted);
}
