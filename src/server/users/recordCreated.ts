import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { diffRecords } from '../../domain/history';
import { logActivity } from '../auth/activity';
import { audit, recordAuditEvent, type AuditEventInput } from '../audit/record';
import type { Database, UserRow } from '../db/schema';
import { requestInfo } from '../http/clientInfo';
import type { AppEnv } from '../types';

// What a new account leaves behind, in the transaction that creates it: its audit event and
// its first activity entries (POST /users and POST /auth/register).

type Db = Kysely<Database>;

/** The audit event of a new account: every field it starts with (never the password). */
export function userCreatedEvent(
  created: Pick<UserRow, 'id' | 'email' | 'version' | AuditedUserField>,
): AuditEventInput {
  return {
    entity: 'user',
    entityId: created.id,
    entityLabel: created.email,
    entityVersion: created.version,
    action: 'create',
    changes: diffRecords('user', null, created),
  };
}

type AuditedUserField = 'name' | 'username' | 'email' | 'role' | 'is_verified';

/** An account an administrator made (POST /users, or register with an admin's token): its event and both activity entries. */
export async function recordUserCreated(trx: Db, c: Context<AppEnv>, created: UserRow) {
  const caller = c.get('user');
  const at = c.get('deps').now();
  await audit(trx, c, userCreatedEvent(created));
  const info = requestInfo(c);
  await logActivity(trx, {
    userId: created.id,
    action: 'register',
    description: `Account created by administrator ${caller.email}`,
    ...info,
    at,
  });
  await logActivity(trx, {
    userId: caller.id,
    action: 'user_created',
    description: `Created user ${created.email} (${created.role})`,
    details: { entity: 'user', entityId: created.id, entityLabel: created.email, changes: [] },
    ...info,
    at,
  });
}

/** A sign-up of one's own: the account's audit event (made by its owner) and its first activity entry. */
export async function recordSignUp(trx: Db, c: Context<AppEnv>, created: UserRow) {
  const now = c.get('deps').now();
  await recordAuditEvent(
    trx,
    {
      actor: { id: created.id, name: created.name },
      requestId: c.get('requestId') ?? null,
      at: now,
    },
    userCreatedEvent(created),
  );
  await logActivity(trx, {
    userId: created.id,
    action: 'register',
    description: 'Account registered',
    ...requestInfo(c),
    at: now,
  });
}
