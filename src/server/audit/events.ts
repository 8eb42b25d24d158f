import type { Kysely } from 'kysely';
import { readChanges, type AuditEntity, type FieldChange } from '../../domain/history';
import type { Database } from '../db/schema';

/** An audit event as the API sends it. */
export interface AuditEventView {
  id: number;
  created_at: string;
  actor_id: number | null;
  actor_name: string | null;
  request_id: string | null;
  entity: AuditEntity;
  entity_id: number | null;
  entity_label: string;
  entity_version: number | null;
  action: string;
  changes: FieldChange[];
}

export const AUDIT_EVENT_COLUMNS = [
  'id',
  'created_at',
  'actor_id',
  'actor_name',
  'request_id',
  'entity',
  'entity_id',
  'entity_label',
  'entity_version',
  'action',
  'changes',
] as const;

type StoredEvent = Pick<
  Database['audit_events'],
  Exclude<(typeof AUDIT_EVENT_COLUMNS)[number], 'id' | 'entity_label' | 'changes'>
> & { id: number; entity_label: string; changes: string };

export function toEventView(row: StoredEvent): AuditEventView {
  return { ...row, id: Number(row.id), changes: readChanges(row.changes) };
}

/** How many events a 412 answer carries at most (the newest changes since the caller's version). */
const CONFLICT_EVENTS_LIMIT = 50;

/** The events that brought a record past `version`, oldest first: who changed what since the caller loaded it. */
export async function eventsSince(
  db: Kysely<Database>,
  entity: AuditEntity,
  entityId: number,
  version: number,
): Promise<AuditEventView[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select(AUDIT_EVENT_COLUMNS)
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .where('entity_version', '>', version)
    .orderBy('id', 'desc')
    .limit(CONFLICT_EVENTS_LIMIT)
    .execute();
  return rows.reverse().map(toEventView);
}
