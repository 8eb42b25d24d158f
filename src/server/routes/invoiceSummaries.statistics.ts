import type { Kysely } from 'kysely';
import { object, refine } from 'superstruct';
import { toSnakeCase } from '../../domain/text/case';
import { toFrontEnd } from '../../domain/billing/invoiceSummary';
import { isValidPeriod } from '../../domain/billing/period';
import { overallCompletion, percentage, PIPELINE_STEPS } from '../../domain/billing/pipeline';
import type { Database, InvoiceSummaryRow } from '../db/schema';
import { SUMMARY_AMOUNT_COLUMNS } from '../db/schema';
import { parseQuery, queryParam } from '../http/query';

type AmountColumn = (typeof SUMMARY_AMOUNT_COLUMNS)[number];

/**
 * GET /invoice-summaries/statistics answer: the periods in [start_period, end_period] (both
 * optional, inclusive) oldest first, each with its amounts per call type, the five step
 * percentages and the overall completion (docs/product.md#flows maths from src/domain), plus totals.
 */
export interface SummaryStatistics {
  start_period: string | null;
  end_period: string | null;
  totals: {
    period_count: number;
    number_of_active_customer: number;
    number_of_total_transaction: number;
    average_completion: number;
  } & Record<AmountColumn, number>;
  periods: Array<
    {
      id: number;
      invoice_period: string;
      number_of_active_customer: number;
      number_of_total_transaction: number;
      overall_completion: number;
    } & Record<AmountColumn, number> &
      Record<string, number | string>
  >;
}

/** 'usage' → 'usage_percentage', 'taxUploaded' → 'tax_uploaded_percentage'. */
export const STEP_PERCENTAGE_FIELDS = PIPELINE_STEPS.map((s) => `${toSnakeCase(s.key)}_percentage`);

const period = (field: string) =>
  queryParam(
    (text) => (isValidPeriod(text) ? text : undefined),
    `${field} must be a period in the format YYYY-MM`,
  );

/** GET /invoice-summaries/statistics query: an optional, inclusive range of periods. */
export const StatisticsRangeQuery = refine(
  object({ start_period: period('start_period'), end_period: period('end_period') }),
  'periodRange',
  ({ start_period: start, end_period: end }, ctx) =>
    start === undefined || end === undefined || start <= end
      ? true
      : {
          message: 'start_period must not be after end_period',
          path: [...ctx.path, 'start_period'],
          key: 'start_period',
        },
);

export function parseStatisticsRange(query: Record<string, string | undefined>): {
  start?: string;
  end?: string;
} {
  const range = parseQuery(query, StatisticsRangeQuery);
  return { start: range.start_period, end: range.end_period };
}

function periodFigures(row: InvoiceSummaryRow) {
  const figures: Record<string, number | string> = {
    id: row.id,
    invoice_period: row.invoice_period,
    number_of_active_customer: row.number_of_active_customer,
    number_of_total_transaction: row.number_of_total_transaction,
  };
  for (const column of SUMMARY_AMOUNT_COLUMNS) figures[column] = row[column];
  PIPELINE_STEPS.forEach((step, i) => {
    figures[STEP_PERCENTAGE_FIELDS[i]] = percentage(
      row[step.countField],
      row.number_of_total_transaction,
    );
  });
  figures.overall_completion = overallCompletion(
    toFrontEnd(row as unknown as Record<string, unknown>),
  );
  return figures as SummaryStatistics['periods'][number];
}

export async function summaryStatistics(
  db: Kysely<Database>,
  range: { start?: string; end?: string },
): Promise<SummaryStatistics> {
  let query = db.selectFrom('invoice_summaries').selectAll();
  if (range.start) query = query.where('invoice_period', '>=', range.start);
  if (range.end) query = query.where('invoice_period', '<=', range.end);
  const rows = await query.orderBy('invoice_period', 'asc').execute();
  const periods = rows.map(periodFigures);

  const totals = {
    period_count: periods.length,
    number_of_active_customer: 0,
    number_of_total_transaction: 0,
    average_completion: 0,
  } as SummaryStatistics['totals'];
  for (const column of SUMMARY_AMOUNT_COLUMNS) totals[column] = 0;
  for (const p of periods) {
    totals.number_of_active_customer += p.number_of_active_customer;
    totals.number_of_total_transaction += p.number_of_total_transaction;
    for (const column of SUMMARY_AMOUNT_COLUMNS) totals[column] += p[column];
  }
  totals.average_completion = periods.length
    ? Math.round(periods.reduce((acc, p) => acc + p.overall_completion, 0) / periods.length)
    : 0;
  return { start_period: range.start ?? null, end_period: range.end ?? null, totals, periods };
}
