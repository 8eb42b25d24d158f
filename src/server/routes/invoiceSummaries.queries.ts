import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { object, type Infer } from 'superstruct';
import { toCamelCase } from '../../domain/text/case';
import { isValidPeriod, MONTH_NAMES_ID } from '../../domain/billing/period';
import type { Database, InvoiceSummaryRow } from '../db/schema';
import { SUMMARY_PROGRESS_COLUMNS } from '../db/schema';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { parseQuery, queryParam } from '../http/query';
import { PAGE_QUERY, type PageRequest } from '../pagination';
import { escapeLike } from './routeHelpers';

/**
 * ?status of the list, read off the billing pipeline (docs/product.md#flows):
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

/** GET /invoice-summaries query: page and limit, plus the filters and the order of the list. */
export const SummaryListQueryStruct = object({
  period: queryParam(
    (text) => (isValidPeriod(text) ? text : undefined),
    'period must be a period in the format YYYY-MM',
  ),
  status: queryParam(
    (text) => SUMMARY_STATUSES.find((status) => status === text.toLowerCase()),
    `status must be one of ${SUMMARY_STATUSES.join(', ')}`,
  ),
  search: queryParam(
    (text) => (text.length <= 100 ? text : undefined),
    'search must be at most 100 characters',
  ),
  // The wire is snake_case; the column's camelCase spelling is accepted as a value too.
  sort_by: queryParam<SummarySortColumn>(
    (text) =>
      SUMMARY_SORT_COLUMNS.find((column) => column === text || toCamelCase(column) === text),
    `sort_by must be one of ${SUMMARY_SORT_COLUMNS.join(', ')}`,
    'invoice_period',
  ),
  sort_order: queryParam<'asc' | 'desc'>(
    (text) => (['asc', 'desc'] as const).find((order) => order === text.toLowerCase()),
    'sort_order must be asc or desc',
    'desc',
  ),
  ...PAGE_QUERY,
});

/** The list's filters and order from its query string (page and limit: pageRequest). */
export function summaryListQuery(query: Infer<typeof SummaryListQueryStruct>): SummaryListQuery {
  return {
    period: query.period,
    status: query.status,
    search: query.search,
    sortBy: query.sort_by,
    sortOrder: query.sort_order,
  };
}

/** Reads the list's query string; a bad value answers 400 naming the parameter. */
export function parseSummaryListQuery(query: Record<string, string | undefined>): SummaryListQuery {
  return summaryListQuery(parseQuery(query, SummaryListQueryStruct));
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
  const ors: Expression<SqlBool>[] = [
    sql<SqlBool>`${sql.ref('invoice_period')} like ${`%${escapeLike(term)}%`} escape '\\'`,
  ];
  MONTH_NAMES_ID.forEach((name, i) => {
    if (name.toLowerCase().includes(term)) {
      ors.push(eb('invoice_period', 'like', `%-${String(i + 1).padStart(2, '0')}`));
    }
  });
  return eb.or(ors);
}

/** The summaries the filters select, in no order yet. */
export function filtered(db: Kysely<Database>, q: SummaryListQuery) {
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
    const count = await filtered(db, q)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow();
    return { rows: [], total: Number(count.total) };
  }
  const total = withTotal.length ? Number(withTotal[0].total_count) : 0;
  const rows = withTotal.map(({ total_count: _total, ...row }) => row as InvoiceSummaryRow);
  return { rows, total };
}

/**
 * Every summary the list would show across all its pages, in its order, `batch` rows per query.
 * Each query continues after the last row read (its sort value, then id), so rows written
 * meanwhile never shift the export the way page offsets would.
 */
export async function* summaryBatches(
  db: Kysely<Database>,
  q: SummaryListQuery,
  batch: number,
): AsyncGenerator<InvoiceSummaryRow[]> {
  const after = q.sortOrder === 'asc' ? '>' : '<';
  let last: InvoiceSummaryRow | undefined;
  for (;;) {
    const from = last;
    const rows = await filtered(db, q)
      .selectAll()
      .$if(from !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            eb(q.sortBy, after, from![q.sortBy]),
            eb.and([eb(q.sortBy, '=', from![q.sortBy]), eb('id', after, from!.id)]),
          ]),
        ),
      )
      .orderBy(q.sortBy, q.sortOrder)
      .orderBy('id', q.sortOrder)
      .limit(batch)
      .execute();
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    last = rows[rows.length - 1];
  }
}

/** The period (`YYYY-MM`) of summary `id`; 404 when there is none. */
export async function summaryPeriod(db: Kysely<Database>, id: number): Promise<string> {
  const row = await db
    .selectFrom('invoice_summaries')
    .select('invoice_period')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, ERROR_MESSAGES.notFound);
  return row.invoice_period;
}
