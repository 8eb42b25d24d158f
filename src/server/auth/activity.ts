import type { Kysely } from 'kysely';
import type { AuditEntity, FieldChange } from '../../domain/history';
import type { Database } from '../db/schema';

/** The record an activity entry is about and the fields it changed (rendered by src/domain/history). */
export interface ActivityDetails {
  entity: AuditEntity;
  entityId: number | null;
  entityLabel: string;
  changes: readonly FieldChange[];
}

export interface ActivityEntry {
  userId: number | null;
  /** Short verb in snake_case: login, login_failed, logout, logout_all, register, password_reset, … */
  action: string;
  description: string;
  details?: ActivityDetails;
  ip?: string | null;
  userAgent?: string | null;
  at?: Date;
}

/** Appends to the user's account activity (GET /account/activity reads it). */
export async function logActivity(db: Kysely<Database>, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      user_id: entry.userId,
      action: entry.action,
      description: entry.description.slice(0, 1000),
      details: entry.details
        ? JSON.stringify({
            entity: entry.details.entity,
            entity_id: entry.details.entityId,
            entity_label: entry.details.entityLabel,
            changes: entry.details.changes,
          })
        : null,
      ip_address: entry.ip ?? null,
      user_agent: entry.userAgent?.slice(0, 500) ?? null,
      created_at: (entry.at ?? new Date()).toISOString(),
    })
    .execute();
}
