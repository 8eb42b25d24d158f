// The dashboard reads up to 100 summaries of a period and 50 for the overview and combines them
// on the client (docs/product.md#api); these are the combining rules.
import { formatPeriodDisplay } from './period';
import { INVOICE_SUMMARY_FIELDS, type InvoiceSummary } from './invoiceSummary';

function earliest(values: (string | null)[]): string | null {
  const present = values.filter((v): v is string => !!v).sort();
  return present[0] ?? null;
}

function latest(values: (string | null)[]): string | null {
  const present = values.filter((v): v is string => !!v).sort();
  return present[present.length - 1] ?? null;
}

/**
 * One summary from many: counts, amounts and revenue figures are summed; each URL is the first
 * non-empty one in list order; the period is kept only when all share it. An empty list gives
 * an all-zero summary.
 */
export function aggregateSummaries(summaries: readonly InvoiceSummary[]): InvoiceSummary {
  if (summaries.length === 1) return summaries[0];
  const out: Record<string, unknown> = {};
  for (const f of INVOICE_SUMMARY_FIELDS) {
    if (f.kind === 'count' || f.kind === 'amount') {
      out[f.key] = summaries.reduce((sum, s) => sum + (s[f.key] || 0), 0);
    } else if (f.kind === 'url') {
      out[f.key] = summaries.find((s) => s[f.key])?.[f.key] ?? '';
    }
  }
  const periods = new Set(summaries.map((s) => s.period));
  const period = periods.size === 1 ? [...periods][0] : '';
  const sum = (key: 'totalRevenue' | 'totalCost' | 'netRevenue') =>
    summaries.reduce((acc, s) => acc + (s[key] || 0), 0);
  return {
    ...(out as Omit<
      InvoiceSummary,
      | 'period'
      | 'periodDisplay'
      | 'id'
      | 'createdAt'
      | 'updatedAt'
      | 'totalRevenue'
      | 'totalCost'
      | 'netRevenue'
    >),
    period,
    periodDisplay: formatPeriodDisplay(period),
    id: null,
    createdAt: earliest(summaries.map((s) => s.createdAt)),
    updatedAt: latest(summaries.map((s) => s.updatedAt)),
    totalRevenue: sum('totalRevenue'),
    totalCost: sum('totalCost'),
    netRevenue: sum('netRevenue'),
  };
}

/** One combined summary per period for the `count` most recent periods, oldest first (chart order). */
export function recentPeriodSummaries(
  summaries: readonly InvoiceSummary[],
  count = 6,
): InvoiceSummary[] {
  const byPeriod = new Map<string, InvoiceSummary[]>();
  for (const s of summaries) {
    if (!s.period) continue;
    byPeriod.set(s.period, [...(byPeriod.get(s.period) ?? []), s]);
  }
  return [...byPeriod.keys()]
    .sort()
    .slice(-count)
    .map((period) => aggregateSummaries(byPeriod.get(period)!));
}
