// Types of the summary list of /update-progress-bill.
import type { InvoiceSummary } from '../../domain/billing/invoiceSummary';

export type SummaryId = string | number;

export interface SummaryListContext {
  summaries: InvoiceSummary[];
  /** ?period= of the URL: selected once the list has loaded. */
  requestedPeriod: string | null;
  selectedId: SummaryId | null;
  /** The summary waiting for the delete confirmation. */
  pendingDeleteId: SummaryId | null;
  error: string | null;
  success: string | null;
  /** Info when ?period= matched nothing. */
  notice: string | null;
}

export interface DeleteSummaryInput {
  id: SummaryId;
  /** If-Match; null deletes regardless. */
  version: number | null;
}

export interface SummaryListInput {
  period?: string | null;
}

export type SummaryListEvent =
  | { type: 'list.retry' }
  | { type: 'list.edit'; id: SummaryId }
  | { type: 'list.closeEditor' }
  /** The edit form saved: reload and say so. */
  | { type: 'list.saved'; message: string }
  | { type: 'list.delete'; id: SummaryId }
  | { type: 'list.confirmDelete' }
  | { type: 'list.cancelDelete' }
  | { type: 'list.messageShown' };
