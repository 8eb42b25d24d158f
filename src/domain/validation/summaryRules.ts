// The rules of an invoice summary's fields (spec §5 "Create bill", "Update bill"), by front-end name.
import { INVOICE_SUMMARY_FIELDS, type SummaryCountKey, type SummaryFieldKey, type SummaryUrlKey } from '../invoiceSummary';
import { PIPELINE_STEPS } from '../pipeline';
import { MESSAGES as M, SUMMARY_FIELD_LABELS } from './messages';
import { nonNegativeIntegerRule, optionalUrlRule, periodRule, positiveIntegerRule, requiredUrlRule, type Rule } from './rules';

export type SummaryMode = 'create' | 'update';

export const URL_INVALID_MESSAGES: Readonly<Record<SummaryUrlKey, string>> = {
  draftInvoiceFileUrl: M.DRAFT_URL_INVALID,
  verifiedInvoiceFileUrl: M.VERIFIED_URL_INVALID,
  invoiceFolderUrl: M.INVOICE_FOLDER_URL_INVALID,
  taxInvoiceFolderUrl: M.TAX_FOLDER_URL_INVALID,
};

/** The rule of one field. On create the draft URL is required (spec §5); on update it may be ''. */
export function summaryFieldRule(key: SummaryFieldKey, mode: SummaryMode): Rule {
  const field = INVOICE_SUMMARY_FIELDS.find((f) => f.key === key);
  if (!field) throw new RangeError(`Unknown summary field: ${key}`);
  if (key === 'period') return periodRule;
  if (key === 'activeCustomerCount') return positiveIntegerRule(SUMMARY_FIELD_LABELS[key], M.ACTIVE_CUSTOMERS_REQUIRED);
  if (key === 'totalTransactionCount') return positiveIntegerRule(SUMMARY_FIELD_LABELS[key], M.TOTAL_TRANSACTIONS_REQUIRED);
  if (key === 'draftInvoiceFileUrl' && mode === 'create') return requiredUrlRule(M.DRAFT_URL_REQUIRED, M.DRAFT_URL_INVALID);
  if (field.kind === 'url') return optionalUrlRule(URL_INVALID_MESSAGES[key as SummaryUrlKey]);
  return nonNegativeIntegerRule(SUMMARY_FIELD_LABELS[key]);
}

/** Fields that must be present on create (the rest default to 0 or ''). */
export const REQUIRED_ON_CREATE: readonly SummaryFieldKey[] = [
  'period',
  'activeCustomerCount',
  'totalTransactionCount',
  'draftInvoiceFileUrl',
];

export const PROGRESS_COUNT_KEYS: readonly SummaryCountKey[] = PIPELINE_STEPS.map((s) => s.countKey);

/**
 * The progress counts above the total transactions (spec §5 "Update bill"; DESIGN's CHECK
 * 0 ≤ count ≤ total). The server calls this on the merged row of a partial update too.
 */
export function progressCountsOverTotal(values: Partial<Record<SummaryCountKey, unknown>>): SummaryCountKey[] {
  const total = values.totalTransactionCount;
  if (typeof total !== 'number' || !Number.isFinite(total)) return [];
  return PROGRESS_COUNT_KEYS.filter((key) => {
    const count = values[key];
    return typeof count === 'number' && count > total;
  });
}
