// The billing machines' side effects, on the real API services (src/api).
import { fromPromise } from 'xstate';
import { auditEvents, exportFiles, invoiceSummaries, FALLBACK } from '../../api';
import { PAGINATION } from '../../domain/constants';
import type { InvoiceSummary } from '../../domain/billing/invoiceSummary';
import { ServiceError, succeeded } from '../../domain/serviceResult';
import { aggregateSummaries, recentPeriodSummaries } from '../../domain/billing/summaryAggregate';
import { VALIDATION_MESSAGES } from '../../domain/validation';
import type { SaveBillInput, SaveBillOutput } from '../../machines/billForm/machine';
import { BILL_CREATED_MESSAGE, BILL_UPDATED_MESSAGE } from '../../machines/billForm/machine';
import type { DashboardData, LoadDashboardInput } from '../../machines/dashboard/machine';
import type { SaveProgressInput, SaveProgressOutput } from '../../machines/progressDialog/machine';
import {
  SUMMARY_DELETED_MESSAGE,
  type DeleteSummaryInput,
} from '../../machines/summaryList/machine';
import type { ExportFileInput, ExportFileOutput } from '../../machines/exportFile/machine';
import type { HistoryPage, LoadHistoryInput } from '../../machines/history/machine';
import { downloadBlob } from '../shell/download';

/** docs/product.md#api: the period's summaries (limit 100, combined here) and the overview (limit 50, 6 most recent periods). */
export const loadDashboard = fromPromise<DashboardData, LoadDashboardInput>(async ({ input }) => {
  const [forPeriod, overview] = await Promise.all([
    invoiceSummaries.list({ period: input.period, limit: PAGINATION.dashboardPeriodLimit }),
    invoiceSummaries.list({
      limit: PAGINATION.dashboardOverviewLimit,
      sortBy: 'invoice_period',
      sortOrder: 'desc',
    }),
  ]);
  for (const result of [forPeriod, overview]) {
    // A server failure's own text means nothing to the user (the shell already shows 'Server Error').
    if (!result.success)
      throw new ServiceError(
        result,
        result.status >= 500 ? FALLBACK.dashboardError : (result.error ?? FALLBACK.dashboardLoad),
      );
  }
  if (!forPeriod.data || !overview.data)
    throw ServiceError.of(
      FALLBACK.dashboardLoad,
      forPeriod.data ? overview.status : forPeriod.status,
    );
  const mine = forPeriod.data.summaries.filter((s) => s.period === input.period);
  return {
    period: input.period,
    summary: mine.length > 0 ? aggregateSummaries(mine) : null,
    overview: recentPeriodSummaries(overview.data.summaries, PAGINATION.dashboardOverviewPeriods),
  };
});

export const saveProgress = fromPromise<SaveProgressOutput, SaveProgressInput>(
  async ({ input }) => {
    const result = await invoiceSummaries.updateProgress(
      input.stepKey,
      input.invoiceId,
      input.count,
      input.url,
      { version: input.version },
    );
    succeeded(result, result.error ?? VALIDATION_MESSAGES.PROGRESS_SAVE_FAILED);
    return { message: VALIDATION_MESSAGES.PROGRESS_SAVED };
  },
);

export const saveBill = fromPromise<SaveBillOutput, SaveBillInput>(async ({ input }) => {
  if (input.mode === 'create') {
    const result = await invoiceSummaries.create(input.values);
    succeeded(result, result.error ?? VALIDATION_MESSAGES.SUMMARY_SAVE_FAILED);
    return { summary: result.data, message: BILL_CREATED_MESSAGE };
  }
  if (input.id === null) throw ServiceError.of(VALIDATION_MESSAGES.INVOICE_ID_NOT_FOUND);
  // The period is the summary's identity; the edit form does not change it.
  const { period: _period, ...fields } = input.values;
  const result = await invoiceSummaries.update(input.id, fields, { version: input.version });
  succeeded(result, result.error ?? VALIDATION_MESSAGES.SUMMARY_SAVE_FAILED);
  return { summary: result.data, message: BILL_UPDATED_MESSAGE };
});

/** /update-progress-bill: limit 50, newest period first (docs/product.md#api). */
export const loadSummaries = fromPromise<InvoiceSummary[]>(async () => {
  const result = await invoiceSummaries.list({
    limit: PAGINATION.summaryListPageSize,
    sortBy: 'invoice_period',
    sortOrder: 'desc',
  });
  const { data } = succeeded(result, result.error ?? FALLBACK.dashboardLoad);
  if (!data) throw ServiceError.of(FALLBACK.dashboardLoad, result.status);
  return data.summaries;
});

export const deleteSummary = fromPromise<string, DeleteSummaryInput>(async ({ input }) => {
  const result = await invoiceSummaries.remove(input.id, { version: input.version });
  succeeded(result, result.error ?? FALLBACK.deleteSummary);
  return SUMMARY_DELETED_MESSAGE;
});

/** 'Riwayat Perubahan': one page of the summary's audit events, newest first. */
export const loadSummaryHistory = fromPromise<HistoryPage, LoadHistoryInput>(async ({ input }) => {
  const result = await auditEvents.forSummary(input.id, { page: input.page, limit: input.limit });
  const { data } = succeeded(result, result.error ?? FALLBACK.summaryHistory);
  return { events: data?.events ?? [], total: data?.pagination?.total ?? null };
});

/** Export of the summaries list: every summary, in the list's order (newest period first). */
export const exportSummaries = fromPromise<ExportFileOutput, ExportFileInput>(async ({ input }) => {
  const result = await exportFiles.invoiceSummaries(
    { sortBy: 'invoice_period', sortOrder: 'desc' },
    input.format,
  );
  const { data } = succeeded(result, result.error ?? FALLBACK.exportSummaries);
  if (!data) throw ServiceError.of(FALLBACK.exportSummaries, result.status);
  downloadBlob(data.blob, data.fileName);
  return { fileName: data.fileName };
});
