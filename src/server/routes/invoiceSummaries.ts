import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { MENU_CREATE_BILL, MENU_DASHBOARD, MENU_UPDATE_BILL } from '../../domain/menu';
import { isValidPeriod } from '../../domain/period';
import { PIPELINE_STEPS, type PipelineStep } from '../../domain/pipeline';
import { SUMMARY_SAVED_TEXTS } from '../../domain/invoiceSummary';
import {
  VALIDATION_MESSAGES as M,
  invoiceSummaryCreateStruct,
  invoiceSummaryUpdateStruct,
  periodExistsMessage,
  progressFieldsOverTotal,
  progressUpdateStruct,
} from '../../domain/validation';
import { logActivity } from '../auth/activity';
import { isUniqueViolation } from '../db/connection';
import type { Database, InvoiceSummaryRow } from '../db/schema';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { readBody } from '../http/body';
import { ok } from '../http/envelope';
import { readQuery } from '../http/query';
import { requireAuth, requireMenu } from '../http/requireAuth';
import { pageRequest, paginationOf } from '../pagination';
import type { AppEnv } from '../types';
import {
  listSummaries,
  SummaryListQueryStruct,
  summaryListQuery,
} from './invoiceSummaries.queries';
import { listGenerationRuns, recordGenerationRun } from './invoiceSummaries.generationRuns';
import { parseStatisticsRange, summaryStatistics } from './invoiceSummaries.statistics';
import { idParam, isCheckViolation, requestInfo } from './routeHelpers';

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

async function loadSummary(db: Db, id: number): Promise<InvoiceSummaryRow> {
  const row = await db
    .selectFrom('invoice_summaries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, ERROR_MESSAGES.notFound);
  return row;
}

async function list(c: Context<AppEnv>) {
  const query = readQuery(c, SummaryListQueryStruct);
  const page = pageRequest(query);
  const { rows, total } = await listSummaries(c.get('deps').db, summaryListQuery(query), page);
  return ok(c, { summaries: rows, pagination: paginationOf(page, total) });
}

async function statistics(c: Context<AppEnv>) {
  const range = parseStatisticsRange(c.req.query());
  return ok(c, await summaryStatistics(c.get('deps').db, range));
}

async function byPeriod(c: Context<AppEnv>) {
  const period = c.req.param('period') ?? '';
  if (!isValidPeriod(period)) throw new ApiError(400, M.PERIOD_FORMAT, 'period');
  const row = await c
    .get('deps')
    .db.selectFrom('invoice_summaries')
    .selectAll()
    .where('invoice_period', '=', period)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, M.PERIOD_NOT_FOUND);
  return ok(c, row);
}

async function getOne(c: Context<AppEnv>) {
  return ok(c, await loadSummary(c.get('deps').db, idParam(c)));
}

async function create(c: Context<AppEnv>) {
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
      await logActivity(trx, {
        userId: user.id,
        action: 'summary_created',
        description: `Created invoice summary ${period}`,
        ...requestInfo(c),
        at: now(),
      });
      return created;
    });
    return ok(c, row, SUMMARY_MESSAGES.created, 201);
  } catch (error) {
    constraintToApiError(error, period);
  }
}

/** PUT /invoice-summaries/{id}: any subset of the fields; the rules are checked on the merged row. */
async function update(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const user = c.get('user');
  const id = idParam(c);
  const body = await readBody(c, invoiceSummaryUpdateStruct);
  try {
    const row = await db.transaction().execute(async (trx) => {
      const current = await loadSummary(trx, id);
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
      const updated = await trx
        .updateTable('invoice_summaries')
        .set({ ...body, updated_by: user.id, updated_at: now().toISOString() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const fields = Object.keys(body);
      await logActivity(trx, {
        userId: user.id,
        action: 'summary_updated',
        description: `Updated invoice summary ${updated.invoice_period}${fields.length ? ` (${fields.join(', ')})` : ''}`,
        ...requestInfo(c),
        at: now(),
      });
      return updated;
    });
    return ok(c, row, SUMMARY_MESSAGES.updated);
  } catch (error) {
    constraintToApiError(error, body.invoice_period);
  }
}

async function remove(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const user = c.get('user');
  const id = idParam(c);
  await db.transaction().execute(async (trx) => {
    const current = await loadSummary(trx, id);
    const deleted = await trx
      .deleteFrom('invoice_summaries')
      .where('id', '=', id)
      .executeTakeFirst();
    // A concurrent delete got there first: this one removed nothing, so it is not a success.
    if (Number(deleted.numDeletedRows) === 0) throw new ApiError(404, ERROR_MESSAGES.notFound);
    await logActivity(trx, {
      userId: user.id,
      action: 'summary_deleted',
      description: `Deleted invoice summary ${current.invoice_period}`,
      ...requestInfo(c),
      at: now(),
    });
  });
  return ok(c, undefined, SUMMARY_MESSAGES.deleted);
}

/** PUT /invoice-summaries/{progress path}/{id}: one pipeline step's count and, when it has one, its document URL. */
function progress(step: PipelineStep) {
  const struct = progressUpdateStruct(step.key);
  return async (c: Context<AppEnv>) => {
    const { db, now } = c.get('deps');
    const user = c.get('user');
    const id = idParam(c);
    const body = await readBody(c, struct);
    const count = body[step.countField] as number;
    try {
      const row = await db.transaction().execute(async (trx) => {
        const current = await loadSummary(trx, id);
        if (count > current.number_of_total_transaction)
          throw new ApiError(400, M.PROGRESS_EXCEEDS_TOTAL, step.countField);
        const url = step.urlField ? body[step.urlField] : undefined;
        const updated = await trx
          .updateTable('invoice_summaries')
          .set({
            [step.countField]: count,
            ...(step.urlField && typeof url === 'string' ? { [step.urlField]: url } : {}),
            updated_by: user.id,
            updated_at: now().toISOString(),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await logActivity(trx, {
          userId: user.id,
          action: 'summary_progress_updated',
          description: `${step.title} ${updated.invoice_period}: ${count} of ${updated.number_of_total_transaction}`,
          ...requestInfo(c),
          at: now(),
        });
        return updated;
      });
      return ok(c, row, M.PROGRESS_SAVED);
    } catch (error) {
      constraintToApiError(error, undefined);
    }
  };
}

export function invoiceSummaryRoutes() {
  const read = requireMenu(MENU_DASHBOARD);
  const write = requireMenu(MENU_UPDATE_BILL);
  const app = new Hono<AppEnv>()
    .use('*', requireAuth)
    .get('/', read, list)
    .get('/statistics', read, statistics)
    .get('/period/:period', read, byPeriod)
    .get('/:id', read, getOne)
    .get('/:id/generation-runs', read, listGenerationRuns)
    .post('/:id/generation-runs', write, recordGenerationRun)
    .post('/', requireMenu(MENU_CREATE_BILL), create)
    .put('/:id', write, update)
    .delete('/:id', write, remove);
  for (const step of PIPELINE_STEPS) app.put(`/${step.progressPath}/:id`, write, progress(step));
  return app;
}
