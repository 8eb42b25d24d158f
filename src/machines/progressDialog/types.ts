// Types of the progress edit dialog machine (one pipeline step of one period's summary).
import type { EditConflict } from '../../domain/history';
import type { InvoiceSummary } from '../../domain/billing/invoiceSummary';
import type { PipelineStepKey } from '../../domain/billing/pipeline';
import type { FieldErrors } from '../../domain/validation';

export interface ProgressTarget {
  invoiceId: string | number | null;
  period: string;
  stepKey: PipelineStepKey;
  count: number;
  total: number;
  /** The step's document URL ('' when none or the step has no document). */
  url: string;
  /** The summary's version as loaded, sent as If-Match (issue 25); null writes regardless. */
  version?: number | null;
}

export interface ProgressDialogContext extends ProgressTarget {
  /** The count as the user typed it (the slider and the number field share it). */
  countText: string;
  fieldErrors: FieldErrors<'count' | 'url'>;
  /** Banner error (missing invoice id, save failure). */
  error: string | null;
  success: string | null;
  /** The save was refused because someone changed the summary since it was loaded (412). */
  conflict: EditConflict<InvoiceSummary> | null;
}

export type ProgressDialogEvent =
  | { type: 'progress.open'; target: ProgressTarget }
  | { type: 'progress.countChanged'; value: string }
  | { type: 'progress.urlChanged'; value: string }
  | { type: 'progress.save' }
  | { type: 'progress.cancel' }
  /** After a conflict: show the step as it is now (the typed count is dropped). */
  | { type: 'progress.conflictReload' }
  /** After a conflict: save the typed count on top of the new version. */
  | { type: 'progress.conflictApplyMine' }
  /** Internal: a message was just shown (restarts the 5 s timer). */
  | { type: 'progress.messagesShown' };

export interface SaveProgressInput {
  stepKey: PipelineStepKey;
  invoiceId: string | number;
  count: number;
  /** Sent only for steps that have a document URL. */
  url?: string;
  version?: number | null;
}

export interface SaveProgressOutput {
  message: string;
}
