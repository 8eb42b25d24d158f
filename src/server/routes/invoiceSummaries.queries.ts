import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { isValidPeriod, MONTH_NAMES_ID } from '../../domain/period';
import type { Database, InvoiceSummaryRow } from '../db/schema';
import { SUMMARY_PROGRESS_COLUMNS } from '../db/schema';
import { ApiError } from '../errors';
import type { PageRequest } from '../pagination';
import { assertNoNul } from '../http/nul';
import { escapeLike } from './routeHelpers';

/**
 * ?status of the list, read off the billing pipeline (spec §4):
 * - not_started: all five progress counts are 0;
 * - complete: the total is above 0 and every step's count has reached it (all five at 100 %);
 * - in_progress: everything else (some progress, not all steps done).
 */
export const SUMMARY_STATUSES = ['not_started', 'in_progress', 'complete'] as const;
export type SummaryStatus = (typeof SUMMARY_STATUSES)[number];

/** Columns ?sort_by may name; anything else is refused rather than passed to SQL. */
export const SUMMARY_SORT_COLUMNS = [
  'invoice_period',
  'created_at',
  'updated_at',
  'number_of_active_customer',
  'number_of_total_transaction',
  'amount_of_total_transaction',
  'id',
] as const;
export type SummarySortColumn = (typeof SUMMARY_SORT_COLUMNS)[number];

export interface SummaryListQuery {
  period?: string;
  status?: SummaryStatus;
  search?: string;
  sortBy: SummarySortColumn;
  sortOrder: 'asc' | 'desc';
}

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Reads the list's query string; a bad value answers 400 naming the parameter. */
export function parseSummaryListQuery(query: Record<string, string | undefined>): SummaryListQuery {
  assertNoNul(query);
  const period = blankToUndefined(query.period);
  if (period !== undefined && !isValidPeriod(period)) {
    throw new ApiError(400, 'period must be a period in the format YYYY-MM', 'period');
  }
  const statusRaw = blankToUndefined(query.status)?.toLowerCase();
  if (statusRaw !== undefined && !(SUMMARY_STATUSES as readonly string[]).includes(statusRaw)) {
    throw new ApiError(400, `status must be one of ${SUMMARY_STATUSES.join(', ')}`, 'status');
  }
  const sortRaw = blankToUndefined(query.sort_by ?? query.sortBy);
  const sortBy = sortRaw === undefined ? 'invoice_period' : SUMMARY_SORT_COLUMNS.find((c) => c === sortRaw || camel(c) === sortRaw);
  if (!sortBy) throw new ApiError(400, `sort_by must be one of ${SUMMARY_SORT_COLUMNS.join(', ')}`, 'sort_by');
  const orderRaw = (blankToUndefined(query.sort_order ?? query.sortOrder) ?? 'desc').toLowerCase();
  if (orderRaw !== 'asc' && orderRaw !== 'desc') throw new ApiError(400, 'sort_order must be asc or desc', 'sort_order');
  const search = blankToUndefined(query.search);
  if (search !== undefined && search.length > 100) throw new ApiError(400, 'search must be at most 100 characters', 'search');
  return { period, status: statusRaw as SummaryStatus | undefined, search, sortBy, sortOrder: orderRaw };
}

function blankToUndefined(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

type SummaryEb = ExpressionBuilder<Database, 'invoice_summaries'>;

function statusCondition(eb: SummaryEb, status: SummaryStatus): Expression<SqlBool> {
  const allZero = eb.and(SUMMARY_PROGRESS_COLUMNS.map((c) => eb(c, '=', 0)));
  const allDone = eb.and([
    eb('number_of_total_transaction', '>', 0),
    ...SUMMARY_PROGRESS_COLUMNS.map((c) => eb(c, '>=', eb.ref('number_of_total_transaction'))),
  ]);
  if (status === 'not_started') return allZero;
  if (status === 'complete') return allDone;
  return eb.and([eb.not(allZero), eb.not(allDone)]);
}

/** Search matches the period text ('2024', '2024-0') or an Indonesian month name ('mar' → March). */
function searchCondition(eb: SummaryEb, search: string): Expression<SqlBool> {
  const term = search.toLowerCase();
  const ors: Expression<SqlBool>[] = [sql<SqlBool>`${sql.ref('invoice_period')} like ${`%${escapeLike(term)}%`} escape '\\'`];
  MONTH_NAMES_ID.forEach((name, i) => {
    if (name.toLowerCase().includes(term)) {
      ors.push(eb('invoice_period', 'like', `%-${String(i + 1).padStart(2, '0')}`));
    }
  });
  return eb.or(ors);
}

function filtered(db: Kysely<Database>, q: SummaryListQuery) {
  return db.selectFrom('invoice_summaries').where((eb) => {
    const conditions: Expression<SqlBool>[] = [];
    if (q.period) conditions.push(eb('invoice_period', '=', q.period));
    if (q.status) conditions.push(statusCondition(eb, q.status));
    if (q.search) conditions.push(searchCondition(eb, q.search));
    return eb.and(conditions);
  });
}

/** One page of the list with the filtered total beside every row (window count), in one query. */
export function summaryPageQuery(db: Kysely<Database>, q: SummaryListQuery, page: PageRequest) {
  return filtered(db, q)
    .selectAll()
    .select((eb) => eb.fn.countAll<number | string>().over().as('total_count'))
    .orderBy(q.sortBy, q.sortOrder)
    .orderBy('id', q.sortOrder)
    .limit(page.limit)
    .offset(page.offset);
}

export async function listSummaries(
  db: Kysely<Database>,
  q: SummaryListQuery,
  page: PageRequest,
): Promise<{ rows: InvoiceSummaryRow[]; total: number }> {
  // One query answers the page and the total; only a page past the end needs a second.
  const withTotal = await summaryPageQuery(db, q, page).execute();
  if (withTotal.length === 0 && page.offset > 0) {
    const count = await filtered(db, q).select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
    return { rows: [], total: Number(count.total) };
  }
  const total = withTotal.length ? Number(withTotal[0].total_count) : 0;
  const rows = withTotal.map(({ total_count: _total, ...row }) => row as InvoiceSummaryRow);
  return { rows, total };
}
