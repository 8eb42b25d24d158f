// The rules of an invoice summary's fields (docs/product.md#input-rules "Create bill", "Update bill"), by front-end name.
import {
  INVOICE_SUMMARY_FIELDS,
  type SummaryCountKey,
  type SummaryFieldKey,
  type SummaryUrlKey,
} from '../billing/invoiceSummary';
import { PIPELINE_STEPS } from '../billing/pipeline';
import { VALIDATION_MESSAGES as M, SUMMARY_FIELD_LABELS, tooLargeMessage } from './messages';
import {
  nonNegativeIntegerRule,
  optionalUrlRule,
  periodRule,
  positiveIntegerRule,
  requiredUrlRule,
  type Rule,
} from './rules';

export type SummaryMode = 'create' | 'update';

export const URL_INVALID_MESSAGES: Readonly<Record<SummaryUrlKey, string>> = {
  draftInvoiceFileUrl: M.DRAFT_URL_INVALID,
  verifiedInvoiceFileUrl: M.VERIFIED_URL_INVALID,
  invoiceFolderUrl: M.INVOICE_FOLDER_URL_INVALID,
  taxInvoiceFolderUrl: M.TAX_FOLDER_URL_INVALID,
};

/**
 * The largest count or amount a summary takes: the statistics add each field over every period
 * as JavaScript numbers, and 120,000 values of this size (every YYYY-MM from 0000-01 to 9999-12)
 * still sum exactly (below 2^53).
 * 75 billion rupiah per call type and month.
 */
export const MAX_SUMMARY_NUMBER = 75_000_000_000;

/** `rule`, and then no more than MAX_SUMMARY_NUMBER. */
function capped(rule: Rule, label: string): Rule {
  return (v) => {
    const verdict = rule(v);
    return verdict === true && typeof v === 'number' && v > MAX_SUMMARY_NUMBER
      ? tooLargeMessage(label)
      : verdict;
  };
}

/** The rule of one field. On create the draft URL is required (docs/product.md#input-rules); on update it may be ''. */
export function summaryFieldRule(key: SummaryFieldKey, mode: SummaryMode): Rule {
  const field = INVOICE_SUMMARY_FIELDS.find((f) => f.key === key);
  if (!field) throw new RangeError(`Unknown summary field: ${key}`);
  if (key === 'period') return periodRule;
  const label = SUMMARY_FIELD_LABELS[key];
  if (key === 'activeCustomerCount')
    return capped(positiveIntegerRule(label, M.ACTIVE_CUSTOMERS_REQUIRED), label);
  if (key === 'totalTransactionCount')
    return capped(positiveIntegerRule(label, M.TOTAL_TRANSACTIONS_REQUIRED), label);
  if (key === 'draftInvoiceFileUrl' && mode === 'create')
    return requiredUrlRule(M.DRAFT_URL_REQUIRED, M.DRAFT_URL_INVALID);
  if (field.kind === 'url') return optionalUrlRule(URL_INVALID_MESSAGES[key as SummaryUrlKey]);
  return capped(nonNegativeIntegerRule(label), label);
}

/** Fields that must be present on create (the rest default to 0 or ''). */
export const REQUIRED_ON_CREATE: readonly SummaryFieldKey[] = [
  'period',
  'activeCustomerCount',
  'totalTransactionCount',
  'draftInvoiceFileUrl',
];

export const PROGRESS_COUNT_KEYS: readonly SummaryCountKey[] = PIPELINE_STEPS.map(
  (s) => s.countKey,
);

/**
 * The progress counts above the total transactions (docs/product.md#input-rules "Update bill"; the database CHECK
 * 0 ≤ count ≤ total). The server calls this on the merged row of a partial update too.
 */
export function progressCountsOverTotal(
  values: Partial<Record<SummaryCountKey, unknown>>,
): SummaryCountKey[] {
  const total = values.totalTransactionCount;
  if (typeof total !== 'number' || !Number.isFinite(total)) return [];
  return PROGRESS_COUNT_KEYS.filter((key) => {
    const count = values[key];
    return typeof count === 'number' && count > total;
  });
}
