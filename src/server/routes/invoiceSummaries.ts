import { listEfakturRecords, recordEfaktur } from './invoiceSummaries.efaktur';
import { Hono, type Context } from 'hono';
import { MENU_CREATE_BILL, MENU_DASHBOARD, MENU_UPDATE_BILL } from '../../domain/users/menu';
import { isValidPeriod } from '../../domain/billing/period';
import { PIPELINE_STEPS } from '../../domain/billing/pipeline';
import { VALIDATION_MESSAGES as M } from '../../domain/validation';
import { ApiError } from '../errors';
import { ok } from '../http/envelope';
import { answerHeader } from '../http/fast/answerHeaders';
import { versionTag } from '../http/ifMatch';
import { readQuery } from '../http/query';
import { requireAuth, requireMenu } from '../http/requireAuth';
import { pageRequest, paginationOf } from '../pagination';
import type { AppEnv } from '../types';
import {
  listSummaries,
  SummaryListQueryStruct,
  summaryListQuery,
} from './invoiceSummaries.queries';
import { exportSummaries } from './invoiceSummaries.export';
import { listGenerationRuns, recordGenerationRun } from './invoiceSummaries.generationRuns';
import { parseStatisticsRange, summaryStatistics } from './invoiceSummaries.statistics';
import {
  createSummary,
  deleteSummary,
  loadSummary,
  progressHandler,
  updateSummary,
} from './invoiceSummaries.writes';
import { HISTORY_GUARDS, recordHistory } from './auditEvents';
import { idParam } from './routeHelpers';

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
  answerHeader(c, 'ETag', versionTag(row.version));
  return ok(c, row);
}

async function getOne(c: Context<AppEnv>) {
  const row = await loadSummary(c.get('deps').db, idParam(c));
  answerHeader(c, 'ETag', versionTag(row.version));
  return ok(c, row);
}

export function invoiceSummaryRoutes() {
  const read = requireMenu(MENU_DASHBOARD);
  const write = requireMenu(MENU_UPDATE_BILL);
  const app = new Hono<AppEnv>()
    .use('*', requireAuth)
    .get('/', read, list)
    .get('/statistics', read, statistics)
    .get('/period/:period', read, byPeriod)
    .get('/export', read, exportSummaries)
    .get('/:id', read, getOne)
    .get('/:id/generation-runs', read, listGenerationRuns)
    .post('/:id/generation-runs', write, recordGenerationRun)
    .get('/:id/efaktur-records', read, listEfakturRecords)
    .post('/:id/efaktur-records', write, recordEfaktur)
    .get('/:id/audit-events', ...HISTORY_GUARDS.invoice_summary, recordHistory('invoice_summary'))
    .post('/', requireMenu(MENU_CREATE_BILL), createSummary)
    .put('/:id', write, updateSummary)
    .delete('/:id', write, deleteSummary);
  for (const step of PIPELINE_STEPS)
    app.put(`/${step.progressPath}/:id`, write, progressHandler(step));
  return app;
}
