// What a write changed in a record: the fields whose value differs, old → new. Written once for
// the account activity and the audit trail (issue 25 "An audit trail", issue 26 point 1).
import { COMPANY_SETTINGS_FIELDS } from '../billing/companySettings';
import { INVOICE_SUMMARY_FIELDS } from '../billing/invoiceSummary';

/** The records the audit trail follows. */
export type AuditEntity = 'invoice_summary' | 'user' | 'company_settings';
export const AUDIT_ENTITIES: readonly AuditEntity[] = [
  'invoice_summary',
  'user',
  'company_settings',
];

export function isAuditEntity(value: unknown): value is AuditEntity {
  return (AUDIT_ENTITIES as readonly unknown[]).includes(value);
}

/**
 * What happened to the record. The first seven change it; `password_change`, `password_reset`
 * and `profile_image` change a user's secret or picture, whose values are never recorded;
 * `sign_in_failed` changes nothing and is kept because an administrator looks for it.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'progress',
  'delete',
  'verify',
  'invalidate',
  'role',
  'password_change',
  'password_reset',
  'profile_image',
  'sign_in_failed',
  'delivery_start',
  'delivery_pause',
  'delivery_resume',
  'delivery_cancel',
  'delivery_resend',
  'delivery_mark_sent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return (AUDIT_ACTIONS as readonly unknown[]).includes(value);
}

export type ChangeValue = string | number | boolean | null;

/** One changed field, by its API (snake_case) name. */
export interface FieldChange {
  readonly field: string;
  readonly from: ChangeValue;
  readonly to: ChangeValue;
}

/**
 * The fields each entity records, in the order forms show them. Passwords, their hashes, tokens
 * and image bytes are not among them, so no diff can ever carry one.
 */
export const AUDITED_FIELDS: Readonly<Record<AuditEntity, readonly string[]>> = {
  invoice_summary: INVOICE_SUMMARY_FIELDS.map((f) => f.api),
  user: ['name', 'username', 'email', 'role', 'is_verified'],
  company_settings: COMPANY_SETTINGS_FIELDS,
};

/** Fields that hold a yes/no, stored as 0/1 by the database. */
const FLAG_FIELDS = new Set(['is_verified']);

/** A stored value as the history shows it: flags as booleans, missing as null, the rest as is. */
export function changeValue(field: string, value: unknown): ChangeValue {
  if (value === undefined || value === null) return null;
  if (FLAG_FIELDS.has(field)) return value === true || value === 1 || value === '1';
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')
    return value;
  if (typeof value === 'bigint') return Number(value);
  return String(value);
}

/**
 * The audited fields whose value differs between `before` and `after`, in form order. `before`
 * null is a creation (every field `after` fills), `after` null a deletion (every field `before`
 * filled): empty texts are left out of those two.
 */
export function diffRecords(
  entity: AuditEntity,
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>> | null,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of AUDITED_FIELDS[entity]) {
    const from = before ? changeValue(field, before[field]) : null;
    const to = after ? changeValue(field, after[field]) : null;
    const blank = (v: ChangeValue) => v === null || v === '';
    if ((!before && blank(to)) || (!after && blank(from))) continue;
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/** Reads stored changes (JSON text or an array) back; anything malformed is dropped, never thrown. */
export function readChanges(value: unknown): FieldChange[] {
  let raw = value;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(raw)) return [];
  const isValue = (v: unknown): v is ChangeValue =>
    v === null || ['string', 'number', 'boolean'].includes(typeof v);
  return raw.flatMap((item) => {
    if (!item || typeof item !== 'object') return [];
    const { field, from, to } = item as Record<string, unknown>;
    return typeof field === 'string' && isValue(from) && isValue(to) ? [{ field, from, to }] : [];
  });
}
