// Types of the bill form machine: 'Buat Progres Tagihan' (create) and the edit form of
// /update-progress-bill (update).
import type { EditConflict } from '../../domain/history';
import type { InvoiceSummary, SummaryFieldKey } from '../../domain/billing/invoiceSummary';
import type { FieldErrors } from '../../domain/validation';

export type BillFormMode = 'create' | 'update';

/** Every field as the user sees it in its input (amounts as 'Rp 1.500.000'). */
export type BillFormValues = Record<SummaryFieldKey, string>;

export interface BillFormContext {
  mode: BillFormMode;
  /** The summary being edited (update), else null. */
  id: string | number | null;
  values: BillFormValues;
  /** The values the form opened with: the form is dirty while `values` differ from them. */
  initialValues: BillFormValues;
  fieldErrors: FieldErrors<SummaryFieldKey>;
  /** create: the period the server said already has a summary (409), for the link to its edit form. */
  existingPeriod: string | null;
  /** Banner error: the server refused or could not be reached. */
  error: string | null;
  success: string | null;
  /** update: the summary's version as loaded, sent as If-Match (issue 25). */
  version: number | null;
  /** update: the save was refused because someone changed the summary since (412). */
  conflict: EditConflict<InvoiceSummary> | null;
}

export interface BillFormInput {
  mode: BillFormMode;
  /** update: the summary to edit; create: an optional starting period. */
  summary?: InvoiceSummary | null;
  period?: string;
}

export type BillFormEvent =
  | { type: 'bill.fieldChanged'; field: SummaryFieldKey; value: string }
  /** Leaving a field: amounts are shown formatted as rupiah. */
  | { type: 'bill.fieldBlurred'; field: SummaryFieldKey }
  | { type: 'bill.submit' }
  | { type: 'bill.cancel' }
  /** After a conflict: take the summary as it is now (the typed values are dropped). */
  | { type: 'bill.conflictReload' }
  /** After a conflict: save the typed values on top of the new version. */
  | { type: 'bill.conflictApplyMine' }
  /** Internal: a banner was just shown (restarts the 5 s timer). */
  | { type: 'bill.messageShown' };

export interface SaveBillInput {
  mode: BillFormMode;
  id: string | number | null;
  values: BillFormValues;
  /** update: If-Match; null writes regardless. */
  version: number | null;
}

export interface SaveBillOutput {
  summary: InvoiceSummary | null;
  message: string;
}
