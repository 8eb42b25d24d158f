import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  describeHistory,
  diffRecords,
  HISTORY_TEXTS,
  type AuditAction,
  type FieldChange,
} from '../../domain/history';
import { userCreateStruct, userUpdateStruct } from '../../domain/validation';
import { logActivity, type ActivityDetails } from '../auth/activity';
import { endAllSessions } from '../auth/sessions';
import { normaliseUsername } from '../auth/usernames';
import { toPublicUser } from '../auth/userView';
import { audit } from '../audit/record';
import type { Database, UserRow } from '../db/schema';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { readBody } from '../http/body';
import { ok } from '../http/envelope';
import { answerHeader } from '../http/fast/answerHeaders';
import { assertExpectedVersion, expectedVersion, versionTag } from '../http/ifMatch';
import type { AppEnv } from '../types';
import { recordUserCreated } from '../users/recordCreated';
import { idParam, requestInfo } from './routeHelpers';
import {
  assertAnotherVerifiedAdmin,
  assertMayManage,
  assertUnique,
  loadUser,
  uniqueViolationToConflict,
  USER_MESSAGES,
} from './users.guards';

// The writes of /users. Each runs in one transaction with its audit event; update, verify,
// invalidate and delete honour If-Match (ifMatch.ts). Passwords and hashes never reach a diff.

type Db = Kysely<Database>;

export function detailsOf(row: UserRow, changes: readonly FieldChange[]): ActivityDetails {
  return { entity: 'user', entityId: row.id, entityLabel: row.email, changes };
}

/** POST /users: an administrator's account for someone; verified unless is_verified is false. */
export async function createUser(c: Context<AppEnv>) {
  const { db, now, passwordHasher } = c.get('deps');
  const caller = c.get('user');
  const body = await readBody(c, userCreateStruct);
  assertMayManage(caller, null, body.role);
  const username = normaliseUsername(body.username);
  await assertUnique(db, { email: body.email, username });
  const passwordHash = await passwordHasher.hash(body.password);
  const at = now().toISOString();
  let row;
  try {
    row = await db.transaction().execute(async (trx) => {
      const created = await trx
        .insertInto('users')
        .values({
          name: body.name ?? username,
          username,
          email: body.email,
          password_hash: passwordHash,
          role: body.role,
          is_verified: body.is_verified === false ? 0 : 1,
          profile_image: null,
          profile_image_type: null,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordUserCreated(trx, c, created);
      return created;
    });
  } catch (error) {
    uniqueViolationToConflict(error);
  }
  answerHeader(c, 'ETag', versionTag(row.version));
  return ok(c, toPublicUser(row), USER_MESSAGES.created, 201);
}

/**
 * Reads and locks the user, checks the caller may touch it and If-Match, applies `change`,
 * raises the version, records what changed. `action` names the event from what changed.
 */
export async function changeUser(
  trx: Db,
  c: Context<AppEnv>,
  id: number,
  change: (target: UserRow) => Promise<Partial<UserRow>>,
  action: (changes: FieldChange[]) => AuditAction,
): Promise<{ target: UserRow; updated: UserRow; changes: FieldChange[] }> {
  const expected = expectedVersion(c);
  const target = await loadUser(trx, id, true);
  assertMayManage(c.get('user'), target);
  await assertExpectedVersion(trx, expected, target, 'user', toPublicUser(target));
  const values = await change(target);
  const updated = await trx
    .updateTable('users')
    .set({
      ...values,
      updated_at: c.get('deps').now().toISOString(),
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  const changes = diffRecords('user', target, updated);
  await audit(trx, c, {
    entity: 'user',
    entityId: id,
    entityLabel: updated.email,
    entityVersion: updated.version,
    action: action(changes),
    changes,
  });
  return { target, updated, changes };
}

/** The event of PUT /users/{id}: a role change first, then a change of verification, else an update. */
function updateAction(changes: FieldChange[]): AuditAction {
  const verified = changes.find((ch) => ch.field === 'is_verified');
  if (changes.some((ch) => ch.field === 'role')) return 'role';
  if (verified) return verified.to ? 'verify' : 'invalidate';
  return 'update';
}

/**
 * PUT /users/{id}: any of name, username, email, role, is_verified. A role change or losing
 * verification ends the user's sessions at once; the last verified administrator stays one.
 */
export async function updateUser(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const caller = c.get('user');
  const id = idParam(c);
  const body = await readBody(c, userUpdateStruct);
  const username = body.username === undefined ? undefined : normaliseUsername(body.username);
  const at = now();
  let row;
  try {
    row = await db.transaction().execute(async (trx) => {
      const { target, updated, changes } = await changeUser(
        trx,
        c,
        id,
        async (target) => {
          assertMayManage(caller, target, body.role);
          await assertUnique(trx, { email: body.email, username }, id);
          const role = body.role ?? target.role;
          const verified =
            body.is_verified === undefined ? target.is_verified : body.is_verified ? 1 : 0;
          const losesAdmin =
            target.role === 'admin' &&
            target.is_verified === 1 &&
            (role !== 'admin' || verified !== 1);
          if (losesAdmin) await assertAnotherVerifiedAdmin(trx, id);
          return {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(username !== undefined ? { username } : {}),
            ...(body.email !== undefined ? { email: body.email } : {}),
            role,
            is_verified: verified,
          };
        },
        updateAction,
      );
      const endsSessions =
        updated.role !== target.role || (target.is_verified === 1 && updated.is_verified === 0);
      if (endsSessions) await endAllSessions(trx, id, at);
      const details = detailsOf(updated, changes);
      await logActivity(trx, {
        userId: caller.id,
        action: 'user_updated',
        description: `${describeHistory(details, HISTORY_TEXTS)}${endsSessions ? '; sessions ended' : ''}`,
        details,
        ...requestInfo(c),
        at,
      });
      return updated;
    });
  } catch (error) {
    uniqueViolationToConflict(error);
  }
  answerHeader(c, 'ETag', versionTag(row.version));
  return ok(c, toPublicUser(row), USER_MESSAGES.updated);
}

export async function deleteUser(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const caller = c.get('user');
  const id = idParam(c);
  const expected = expectedVersion(c);
  await db.transaction().execute(async (trx) => {
    const target = await loadUser(trx, id, true);
    assertMayManage(caller, target);
    await assertExpectedVersion(trx, expected, target, 'user', toPublicUser(target));
    if (target.role === 'admin' && target.is_verified === 1)
      await assertAnotherVerifiedAdmin(trx, id);
    await endAllSessions(trx, id, now());
    const deleted = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    // A concurrent delete got there first: this one removed nothing.
    if (Number(deleted.numDeletedRows) === 0) throw new ApiError(404, ERROR_MESSAGES.notFound);
    await audit(trx, c, {
      entity: 'user',
      entityId: id,
      entityLabel: target.email,
      entityVersion: null,
      action: 'delete',
      changes: diffRecords('user', target, null),
    });
    await logActivity(trx, {
      userId: caller.id === id ? null : caller.id,
      action: 'user_deleted',
      description: `Deleted user ${target.email}`,
      details: detailsOf(target, []),
      ...requestInfo(c),
      at: now(),
    });
  });
  return ok(c, undefined, USER_MESSAGES.deleted);
}
