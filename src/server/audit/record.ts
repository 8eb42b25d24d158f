import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AuditAction, AuditEntity, FieldChange } from '../../domain/history';
import type { Database } from '../db/schema';
import type { AppEnv } from '../types';

/** Who made a change: a signed-in user, or (id null) the system or the admin CLI. */
export interface AuditActor {
  id: number | null;
  name: string | null;
}

export const SYSTEM_ACTOR: AuditActor = { id: null, name: 'system' };
export const CLI_ACTOR: AuditActor = { id: null, name: 'admin CLI' };

export interface AuditEventInput {
  entity: AuditEntity;
  entityId: number | null;
  /** The record's name now: a summary's period, a user's email. */
  entityLabel: string;
  /** The record's version after the change (null when it is gone or did not change). */
  entityVersion: number | null;
  action: AuditAction;
  changes?: readonly FieldChange[];
}

export interface AuditContext {
  actor: AuditActor;
  requestId: string | null;
  at: Date;
}

/** The request's side of an event: the signed-in caller (if any), the request id and the app's clock. */
export function auditContextOf(c: Context<AppEnv>): AuditContext {
  const user = c.get('user');
  return {
    actor: user ? { id: user.id, name: user.name } : { id: null, name: null },
    requestId: c.get('requestId') ?? null,
    at: c.get('deps').now(),
  };
}

/**
 * Appends one event. Call it with the transaction that makes the change, so the change and its
 * event are committed together or not at all.
 */
export async function recordAuditEvent(
  db: Kysely<Database>,
  context: AuditContext,
  event: AuditEventInput,
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      created_at: context.at.toISOString(),
      actor_id: context.actor.id,
      actor_name: context.actor.name?.slice(0, 200) ?? null,
      request_id: context.requestId,
      entity: event.entity,
      entity_id: event.entityId,
      entity_label: event.entityLabel.slice(0, 320),
      entity_version: event.entityVersion,
      action: event.action,
      changes: JSON.stringify(event.changes ?? []),
    })
    .execute();
}

/** recordAuditEvent for the request in `c`. */
export function audit(
  db: Kysely<Database>,
  c: Context<AppEnv>,
  event: AuditEventInput,
): Promise<void> {
  return recordAuditEvent(db, auditContextOf(c), event);
}
