// The audit trail as the browser reads it (camelCase, from GET …/audit-events and a 412 answer).
import type { AuditEntity, FieldChange } from './changes';

export interface AuditEventEntry {
  id: number;
  /** ISO-8601 instant. */
  createdAt: string;
  /** Who: a user's id and name then; null id for the system or the admin CLI. */
  actorId: number | null;
  actorName: string | null;
  requestId: string | null;
  entity: AuditEntity;
  entityId: number | null;
  /** The record's name then: a period (YYYY-MM) or an email. */
  entityLabel: string;
  /** The record's version after the event (null when it was deleted or did not change). */
  entityVersion: number | null;
  /** An AuditAction ('update', 'progress', 'role', …). */
  action: string;
  changes: FieldChange[];
}

/**
 * A write refused with 412 because the record changed since the caller loaded it: the record as
 * it is now, the two versions, and the events in between (who changed what, oldest first).
 */
export interface EditConflict<T = unknown> {
  current: T | null;
  yourVersion: number;
  currentVersion: number;
  changes: AuditEventEntry[];
}
