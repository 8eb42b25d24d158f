import type { Kysely } from 'kysely';
import { recordAuditEvent, type AuditActor } from '../audit/record';
import type { Database, UserUpdate } from '../db/schema';

/** Who writes, when: `actor: 'owner'` is the account's own user (a reset link, their own change). */
export interface SecretWriter {
  actor: AuditActor | 'owner';
  requestId: string | null;
  at: Date;
}

/**
 * Writes a user's password hash or picture inside the caller's transaction: the version goes up
 * and one audit event says what happened, never the value.
 */
export async function writeUserSecret(
  trx: Kysely<Database>,
  userId: number,
  values: Pick<UserUpdate, 'password_hash' | 'profile_image' | 'profile_image_type'>,
  action: 'password_change' | 'password_reset' | 'profile_image',
  writer: SecretWriter,
) {
  const user = await trx
    .updateTable('users')
    .set({
      ...values,
      updated_at: writer.at.toISOString(),
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', userId)
    .returning(['id', 'name', 'email', 'version'])
    .executeTakeFirstOrThrow();
  const actor = writer.actor === 'owner' ? { id: user.id, name: user.name } : writer.actor;
  await recordAuditEvent(
    trx,
    { actor, requestId: writer.requestId, at: writer.at },
    {
      entity: 'user',
      entityId: user.id,
      entityLabel: user.email,
      entityVersion: user.version,
      action,
    },
  );
  return user;
}
