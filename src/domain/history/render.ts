// A history entry as people read it: the form's labels and old → new values in the page's
// language ('Pengiriman Tagihan 12.000 → 30.500'). One rendering for the account activity and
// the audit trail; the server writes the English one into the activity's description.
import { fill } from '../i18n';
import type { HistoryTexts } from '../i18n/en/history';
import { SUMMARY_FIELD_BY_API, type SummaryApiField } from '../billing/invoiceSummary';
import { formatPeriodDisplay } from '../billing/period';
import { formatRupiah, formatRupiahInput } from '../values/rupiah';
import { SUMMARY_FORM_LABELS } from '../billing/summaryFormLabels';
import type { AuditEntity, ChangeValue, FieldChange } from './changes';

export type { HistoryTexts } from '../i18n/en/history';

/** What a history line needs; an activity entry and an audit event both have it. */
export interface HistorySubject {
  readonly entity?: AuditEntity | null;
  /** The record's name when it happened: a summary's period, a user's email. */
  readonly entityLabel?: string | null;
  readonly changes?: readonly FieldChange[] | null;
}

const USER_FIELD_TEXT: Readonly<Record<string, keyof HistoryTexts>> = {
  name: 'name',
  username: 'username',
  email: 'email',
  role: 'roleField',
  is_verified: 'is_verified',
};

/** The company settings' labels, the same in both languages (the screen's). */
const COMPANY_FIELD_LABEL: Readonly<Record<string, string>> = {
  seller_npwp: 'NPWP Penjual',
  seller_nitku: 'NITKU Penjual',
  seller_name: 'Nama Penjual',
  qris_static: 'QRIS Statis',
};

function isSummaryField(field: string): field is SummaryApiField {
  return Object.hasOwn(SUMMARY_FIELD_BY_API, field);
}

/** The label the form shows for a field; an unknown field keeps its name. */
export function fieldLabel(entity: AuditEntity, field: string, texts: HistoryTexts): string {
  if (entity === 'invoice_summary')
    return isSummaryField(field) ? SUMMARY_FORM_LABELS[field] : field;
  if (entity === 'company_settings') return COMPANY_FIELD_LABEL[field] ?? field;
  const key = USER_FIELD_TEXT[field];
  return key ? texts[key] : field;
}

/** A value as the form shows it: counts grouped, amounts in rupiah, flags and roles in words. */
export function formatValue(
  entity: AuditEntity,
  field: string,
  value: ChangeValue,
  texts: HistoryTexts,
): string {
  if (value === null || value === '') return texts.empty;
  if (entity === 'invoice_summary' && isSummaryField(field)) {
    const kind = SUMMARY_FIELD_BY_API[field].kind;
    if (typeof value === 'number' && kind === 'count') return formatRupiahInput(value);
    if (typeof value === 'number' && kind === 'amount') return formatRupiah(value);
    if (kind === 'period') return formatPeriodDisplay(String(value));
    return String(value);
  }
  if (field === 'is_verified') return value ? texts.verified : texts.unverified;
  if (field === 'role' && (value === 'admin' || value === 'staff')) return texts[value];
  return typeof value === 'string' ? `“${value}”` : String(value);
}

/** 'Pengiriman Tagihan 12.000 → 30.500'. */
export function describeChange(
  entity: AuditEntity,
  change: FieldChange,
  texts: HistoryTexts,
): string {
  const field = fieldLabel(entity, change.field, texts);
  const from = formatValue(entity, change.field, change.from, texts);
  return `${field} ${from} → ${formatValue(entity, change.field, change.to, texts)}`;
}

/** 'Invoice summary November 2026', 'User ana@example.com'; '' when the entry names no record. */
export function describeSubject(subject: HistorySubject, texts: HistoryTexts): string {
  const label = subject.entityLabel ?? '';
  if (subject.entity === 'invoice_summary')
    return fill(texts.invoiceSummary, { label: formatPeriodDisplay(label) }).trim();
  if (subject.entity === 'user') return fill(texts.user, { label }).trim();
  if (subject.entity === 'company_settings') return texts.companySettings;
  return '';
}

/** Every changed field as a line, in the order the changes were recorded (form order). */
export function describeChanges(subject: HistorySubject, texts: HistoryTexts): string[] {
  const entity = subject.entity;
  if (!entity) return [];
  return (subject.changes ?? []).map((change) => describeChange(entity, change, texts));
}

/**
 * The lines of one audit event: as describeChanges, except that a creation leaves out the counts
 * and amounts it set to 0 (a new summary starts with twenty of them; they say nothing).
 */
export function describeEventChanges(
  event: HistorySubject & { readonly action?: string },
  texts: HistoryTexts,
): string[] {
  if (event.action !== 'create') return describeChanges(event, texts);
  const changes = (event.changes ?? []).filter((change) => change.to !== 0);
  return describeChanges({ ...event, changes }, texts);
}

/** One line: 'Invoice summary November 2026: Pengiriman Tagihan 12.000 → 30.500; …'. */
export function describeHistory(subject: HistorySubject, texts: HistoryTexts): string {
  const head = describeSubject(subject, texts);
  const changes = describeChanges(subject, texts).join('; ');
  return head && changes ? `${head}: ${changes}` : head || changes;
}

/** The name of what happened: an audit action or an account activity action, in the page's language. */
export function actionText(action: string, texts: HistoryTexts): string {
  if (Object.hasOwn(texts, action)) return texts[action as keyof HistoryTexts];
  const words = action.replace(/[_-]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : action;
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The full date and time in the browser's time zone ('24/11/2026 19:43'; Indonesian
 * '24/11/2026 19.43'); a value that is no date is returned as it is.
 */
export function formatDateTime(value: string, texts: HistoryTexts): string {
  const d = new Date(value);
  if (!value || Number.isNaN(d.getTime())) return value;
  return fill(texts.dateTime, {
    day: two(d.getDate()),
    month: two(d.getMonth() + 1),
    year: d.getFullYear(),
    hours: two(d.getHours()),
    minutes: two(d.getMinutes()),
  });
}
