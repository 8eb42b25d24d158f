import { sql, type Kysely } from 'kysely';
import { ACCOUNT_MESSAGES } from '../../domain/validation/accountMessages';
import { USERNAME_FORMAT_MESSAGE } from '../auth/usernames';
import { isUniqueViolation } from '../db/connection';
import type { Database, Role, UserRow } from '../db/schema';
import { ApiError, ERROR_MESSAGES } from '../errors';
import type { AuthUser } from '../types';
import { isPostgres } from './routeHelpers';

// The rules of user management that are more than field validation: uniqueness, who may touch
// whom, and the last verified administrator.

export const USER_MESSAGES = {
  emailInUse: 'Email already in use',
  usernameTaken: ACCOUNT_MESSAGES.USERNAME_TAKEN,
  usernameFormat: USERNAME_FORMAT_MESSAGE,
  lastAdmin: 'Cannot remove the last verified administrator',
  adminOnly: 'Only an administrator can grant the admin role or change an administrator account',
  created: 'User created successfully',
  updated: 'User updated successfully',
  deleted: 'User deleted successfully',
  verified: 'User verified successfully',
  invalidated: 'User invalidated successfully',
} as const;

type Db = Kysely<Database>;

export async function assertUnique(
  db: Db,
  fields: { email?: string; username?: string },
  exceptId?: number,
) {
  const clash = async (column: 'email' | 'username', value: string) => {
    let q = db.selectFrom('users').select('id').where(column, '=', value);
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
    return (await q.executeTakeFirst()) !== undefined;
  };
  if (fields.email !== undefined && (await clash('email', fields.email)))
    throw new ApiError(409, USER_MESSAGES.emailInUse, 'email');
  if (fields.username !== undefined && (await clash('username', fields.username))) {
    throw new ApiError(409, USER_MESSAGES.usernameTaken, 'username');
  }
}

/** A unique violation that slipped past assertUnique (a concurrent write) still answers 409 naming the field. */
export function uniqueViolationToConflict(error: unknown): never {
  if (isUniqueViolation(error)) {
    const text = String(
      (error as { message?: unknown; detail?: unknown }).detail ?? (error as Error).message ?? '',
    );
    if (/username/i.test(text)) throw new ApiError(409, USER_MESSAGES.usernameTaken, 'username');
    throw new ApiError(409, USER_MESSAGES.emailInUse, 'email');
  }
  throw error;
}

/** The PostgreSQL advisory lock that queues the writes taking an administrator away. */
const LAST_ADMIN_LOCK = 7_202_611;

/**
 * Inside a write transaction that takes a verified administrator away (delete, invalidate, demote):
 * refuses when no other verified administrator remains. On PostgreSQL these writes queue on one
 * transaction-level advisory lock, and the count is read after it is held (each statement sees
 * what committed before it), so two such writes at once cannot both pass. Locking the
 * administrators' rows instead deadlocks two admins demoting each other: each already holds the
 * other's row. SQLite writes are serialised anyway.
 */
export async function assertAnotherVerifiedAdmin(trx: Db, userId: number) {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${LAST_ADMIN_LOCK})`.execute(trx);
  const admins = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_verified', '=', 1)
    .execute();
  if (!admins.some((a) => a.id !== userId)) throw new ApiError(409, USER_MESSAGES.lastAdmin);
}

/** Users holding the Manajemen User menu without being administrators may not touch administrators. */
export function assertMayManage(
  caller: AuthUser,
  target: Pick<UserRow, 'role'> | null,
  newRole?: Role,
) {
  if (caller.role === 'admin') return;
  if (target?.role === 'admin' || newRole === 'admin')
    throw new ApiError(403, USER_MESSAGES.adminOnly);
}

/**
 * The user, or 404. `lock`: held until the transaction ends (PostgreSQL; SQLite writes are
 * serialised). FOR NO KEY UPDATE, as an UPDATE takes it: rows that only reference this user (the
 * activity and audit rows another transaction writes about its caller) do not wait on it.
 */
export async function loadUser(db: Db, id: number, lock = false): Promise<UserRow> {
  let query = db.selectFrom('users').selectAll().where('id', '=', id);
  if (lock && isPostgres(db)) query = query.forNoKeyUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new ApiError(404, ERROR_MESSAGES.notFound);
  return row;
}
