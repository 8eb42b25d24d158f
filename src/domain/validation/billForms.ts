// Form validators of the billing screens: create and update bill, and the progress dialog.
// Each returns { field: message } for the fields in error (an empty object when the form is valid).
import { INVOICE_SUMMARY_FIELDS, type SummaryFieldKey } from '../billing/invoiceSummary';
import { pipelineStep, type PipelineStepKey } from '../billing/pipeline';
import { parseRupiah } from '../values/rupiah';
import { collect, type FieldErrors } from './fieldErrors';
import { VALIDATION_MESSAGES as M } from './messages';
import { optionalUrlRule, type Rule } from './rules';
import {
  progressCountsOverTotal,
  REQUIRED_ON_CREATE,
  summaryFieldRule,
  URL_INVALID_MESSAGES,
  type SummaryMode,
} from './summaryRules';

/** A number typed in a form: '' → missing, '1.500.000' → 1500000, unreadable text → NaN. */
function formNumber(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string')
    return value.trim() === '' ? undefined : (parseRupiah(value) ?? Number.NaN);
  return value;
}

/** Summary numbers are sent rounded (toApi), so the form judges the rounded value: '1.500,50' is fine. */
function billNumber(value: unknown): unknown {
  const n = formNumber(value);
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : n;
}

export type BillForm = Partial<Record<SummaryFieldKey, unknown>>;

function validateBill(form: BillForm, mode: SummaryMode): FieldErrors<SummaryFieldKey> {
  const values: Record<string, unknown> = {};
  const checks: Array<readonly [SummaryFieldKey, unknown, Rule]> = [];
  for (const f of INVOICE_SUMMARY_FIELDS) {
    const raw = form[f.key];
    const value =
      f.kind === 'count' || f.kind === 'amount'
        ? billNumber(raw)
        : typeof raw === 'string'
          ? raw.trim()
          : raw;
    values[f.key] = value;
    const required =
      mode === 'create'
        ? REQUIRED_ON_CREATE.includes(f.key)
        : f.key === 'activeCustomerCount' || f.key === 'totalTransactionCount';
    if (value === undefined && !required) continue;
    checks.push([f.key, value, summaryFieldRule(f.key, mode)]);
  }
  const errors = collect(checks);
  for (const key of progressCountsOverTotal(values)) {
    errors[key] ??= M.SUMMARY_PROGRESS_EXCEEDS_TOTAL;
  }
  return errors;
}

/** 'Buat Progres Tagihan' (docs/product.md#input-rules "Create bill"); values by front-end name, numbers or text. */
export function validateCreateBill(form: BillForm): FieldErrors<SummaryFieldKey> {
  return validateBill(form, 'create');
}

/** The edit form of /update-progress-bill (docs/product.md#input-rules "Update bill"). */
export function validateUpdateBill(form: BillForm): FieldErrors<SummaryFieldKey> {
  return validateBill(form, 'update');
}

export interface ProgressForm {
  invoiceId: string | number | null | undefined;
  count: number | string;
  total: number;
  url?: string;
}

/** The progress edit dialog (docs/product.md#input-rules): not negative, not above the total, an invoice id. */
export function validateProgressUpdate(
  form: ProgressForm,
  step?: PipelineStepKey,
): FieldErrors<keyof ProgressForm> {
  const errors: FieldErrors<keyof ProgressForm> = {};
  const count = formNumber(form.count);
  if (typeof count !== 'number' || Number.isNaN(count)) errors.count = M.PROGRESS_NOT_INTEGER;
  else if (count < 0) errors.count = M.PROGRESS_NEGATIVE;
  else if (!Number.isInteger(count)) errors.count = M.PROGRESS_NOT_INTEGER;
  else if (count > form.total) errors.count = M.PROGRESS_EXCEEDS_TOTAL;
  const urlKey = step ? pipelineStep(step).urlKey : null;
  // A step without a document (delivery) ignores the URL field.
  if (form.url !== undefined && form.url.trim() !== '' && (step === undefined || urlKey !== null)) {
    const result = optionalUrlRule(urlKey ? URL_INVALID_MESSAGES[urlKey] : M.DOCUMENT_URL_INVALID)(
      form.url.trim(),
    );
    if (result !== true) errors.url = result;
  }
  if (form.invoiceId === undefined || form.invoiceId === null || form.invoiceId === '')
    errors.invoiceId = M.INVOICE_ID_NOT_FOUND;
  return errors;
}
