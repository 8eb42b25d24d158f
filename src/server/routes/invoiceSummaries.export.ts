import type { Context } from 'hono';
import { object } from 'superstruct';
import { toFrontEnd } from '../../domain/billing/invoiceSummary';
import { SUMMARY_LIST_HEADERS as H } from '../../domain/text/listColumns';
import { formatPeriodDisplay } from '../../domain/billing/period';
import { overallCompletion } from '../../domain/billing/pipeline';
import type { InvoiceSummaryRow } from '../db/schema';
import { EXPORT_BATCH, EXPORT_QUERY, exportFileName, sendExport } from '../export/response';
import type { ExportColumn } from '../export/table';
import { readQuery } from '../http/query';
import type { AppEnv } from '../types';
import {
  SummaryListQueryStruct,
  summaryBatches,
  summaryListQuery,
} from './invoiceSummaries.queries';

/** The columns of the summaries table on screen, numbers as numbers (progress in percent). */
const COLUMNS: ExportColumn<InvoiceSummaryRow>[] = [
  { header: H.period, kind: 'text', value: (r) => formatPeriodDisplay(r.invoice_period) },
  { header: H.activeCustomers, kind: 'number', value: (r) => r.number_of_active_customer },
  { header: H.transactions, kind: 'number', value: (r) => r.number_of_total_transaction },
  { header: H.amount, kind: 'number', value: (r) => r.amount_of_total_transaction },
  { header: `${H.progress} (%)`, kind: 'number', value: (r) => overallCompletion(toFrontEnd(r)) },
  { header: H.updated, kind: 'date', value: (r) => r.updated_at },
];

/** The list's parameters (page and limit are ignored: every page is exported) plus format and tz. */
const SummaryExportQuery = object({ ...SummaryListQueryStruct.schema, ...EXPORT_QUERY });

/** GET /invoice-summaries/export?format=xlsx|csv&…: every summary the list's filters and sort select. */
export async function exportSummaries(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const query = readQuery(c, SummaryExportQuery);
  const list = summaryListQuery(query);
  const fileName = exportFileName(
    'progres-tagihan',
    [
      ['period', list.period],
      ['status', list.status],
      ['search', list.search],
    ],
    query.format,
    now(),
    query.tz,
  );
  return sendExport(
    c,
    {
      sheetName: 'Progres Tagihan',
      columns: COLUMNS,
      batches: summaryBatches(db, list, EXPORT_BATCH),
      timeZone: query.tz,
    },
    query.format,
    fileName,
  );
}
