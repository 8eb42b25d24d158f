import { Hono, type Context } from 'hono';
import { object } from 'superstruct';
import { MENU_USER_MANAGEMENT } from '../../domain/menu';
import { ROLES } from '../../domain/user';
import { userCreateStruct, userUpdateStruct, verifyUserStruct } from '../../domain/validation';
import { logActivity } from '../auth/activity';
import { endAllSessions } from '../auth/sessions';
import { normaliseUsername } from '../auth/usernames';
import { PUBLIC_USER_COLUMNS, toPublicUser } from '../auth/userView';
import { precompiled } from '../db/precompiled';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { readBody } from '../http/body';
import { requireAuth, requireMenu } from '../http/requireAuth';
import { ok } from '../http/envelope';
import { readQuery, queryParam } from '../http/query';
import { PAGE_QUERY, pageRequest, paginationOf } from '../pagination';
import type { AppEnv, ResolvedDeps } from '../types';
import { logoutAllHandler } from '../users/logoutAll';
import { escapeLike, idParam, requestInfo } from './routeHelpers';
import {
  assertAnotherVerifiedAdmin,
  assertMayManage,
  assertUnique,
  loadUser,
  uniqueViolationToConflict,
  USER_MESSAGES,
} from './users.guards';

/** The unfiltered list (the screen's first load), compiled once: building the query cost more than running it. */
const allUsersPage = precompiled((db, limit: number, offset: number) =>
  db
    .selectFrom('users')
    .select(PUBLIC_USER_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset),
);
const allUsersCount = precompiled((db) =>
  db.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('total')),
);
const VERIFIED_TEXT = new Map<string, 0 | 1>([
  ['true', 1],
  ['1', 1],
  ['false', 0],
  ['0', 0],
]);

/** GET /users query: page, limit, search (name, username or email), role, is_verified. */
const UserListQuery = object({
  ...PAGE_QUERY,
  search: queryParam(
    (text) => (text.length <= 100 ? text : undefined),
    'search must be at most 100 characters',
  ),
  role: queryParam(
    (text) => ROLES.find((role) => role === text.toLowerCase()),
    'role must be admin or staff',
  ),
  is_verified: queryParam(
    (text) => VERIFIED_TEXT.get(text.toLowerCase()),
    'is_verified must be true or false',
  ),
});

async function listUsers(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const query = readQuery(c, UserListQuery);
  const page = pageRequest(query);
  const { search, role, is_verified: verified } = query;
  const filtered = () =>
    db.selectFrom('users').where((eb) => {
      const conditions = [];
      if (search) {
        const pattern = `%${escapeLike(search.toLowerCase())}%`;
        conditions.push(
          eb.or(
            (['name', 'username', 'email'] as const).map((column) =>
              eb(eb.fn('lower', [eb.ref(column)]), 'like', eb.val(pattern)),
            ),
          ),
        );
      }
      if (role) conditions.push(eb('role', '=', role));
      if (verified !== undefined) conditions.push(eb('is_verified', '=', verified));
      return eb.and(conditions);
    });
  if (!search && !role && verified === undefined) {
    const [rows, [count]] = await Promise.all([
      allUsersPage(db, page.limit, page.offset),
      allUsersCount(db),
    ]);
    return ok(c, {
      users: rows.map(toPublicUser),
      pagination: paginationOf(page, Number(count.total)),
    });
  }
  const [rows, count] = await Promise.all([
    filtered()
      .select(PUBLIC_USER_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered()
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return ok(c, {
    users: rows.map(toPublicUser),
    pagination: paginationOf(page, Number(count.total)),
  });
}

/** POST /users: an administrator's account for someone; verified unless is_verified is false. */
async function createUser(c: Context<AppEnv>) {
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
        .returning(PUBLIC_USER_COLUMNS)
        .executeTakeFirstOrThrow();
      const info = requestInfo(c);
      await logActivity(trx, {
        userId: created.id,
        action: 'register',
        description: `Account created by administrator ${caller.email}`,
        ...info,
        at: now(),
      });
      await logActivity(trx, {
        userId: caller.id,
        action: 'user_created',
        description: `Created user ${created.email} (${created.role})`,
        ...info,
        at: now(),
      });
      return created;
    });
  } catch (error) {
    uniqueViolationToConflict(error);
  }
  return ok(c, toPublicUser(row), USER_MESSAGES.created, 201);
}

async function getUser(c: Context<AppEnv>) {
  const row = await loadUser(c.get('deps').db, idParam(c));
  return ok(c, toPublicUser(row));
}

/**
 * PUT /users/{id}: any of name, username, email, role, is_verified. A role change or losing
 * verification ends the user's sessions at once; the last verified administrator stays one.
 */
async function updateUser(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const caller = c.get('user');
  const id = idParam(c);
  const body = await readBody(c, userUpdateStruct);
  const username = body.username === undefined ? undefined : normaliseUsername(body.username);
  const at = now();
  let row;
  try {
    row = await db.transaction().execute(async (trx) => {
      const target = await loadUser(trx, id);
      assertMayManage(caller, target, body.role);
      await assertUnique(trx, { email: body.email, username }, id);
      const role = body.role ?? target.role;
      const verified =
        body.is_verified === undefined ? target.is_verified : body.is_verified ? 1 : 0;
      const losesAdmin =
        target.role === 'admin' && target.is_verified === 1 && (role !== 'admin' || verified !== 1);
      if (losesAdmin) await assertAnotherVerifiedAdmin(trx, id);
      const updated = await trx
        .updateTable('users')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(username !== undefined ? { username } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          role,
          is_verified: verified,
          updated_at: at.toISOString(),
        })
        .where('id', '=', id)
        .returning(PUBLIC_USER_COLUMNS)
        .executeTakeFirstOrThrow();
      const endsSessions = role !== target.role || (target.is_verified === 1 && verified === 0);
      if (endsSessions) await endAllSessions(trx, id, at);
      const changed = (['name', 'username', 'email', 'role', 'is_verified'] as const).filter(
        (k) => updated[k] !== target[k],
      );
      await logActivity(trx, {
        userId: caller.id,
        action: 'user_updated',
        description: `Updated user ${updated.email}${changed.length ? ` (${changed.join(', ')})` : ''}${endsSessions ? '; sessions ended' : ''}`,
        ...requestInfo(c),
        at,
      });
      return updated;
    });
  } catch (error) {
    uniqueViolationToConflict(error);
  }
  return ok(c, toPublicUser(row), USER_MESSAGES.updated);
}

async function deleteUser(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const caller = c.get('user');
  const id = idParam(c);
  await db.transaction().execute(async (trx) => {
    const target = await loadUser(trx, id);
    assertMayManage(caller, target);
    if (target.role === 'admin' && target.is_verified === 1)
      await assertAnotherVerifiedAdmin(trx, id);
    await endAllSessions(trx, id, now());
    const deleted = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    // A concurrent delete got there first: this one removed nothing.
    if (Number(deleted.numDeletedRows) === 0) throw new ApiError(404, ERROR_MESSAGES.notFound);
    await logActivity(trx, {
      userId: caller.id === id ? null : caller.id,
      action: 'user_deleted',
      description: `Deleted user ${target.email}`,
      ...requestInfo(c),
      at: now(),
    });
  });
  return ok(c, undefined, USER_MESSAGES.deleted);
}

/** POST /users/{id}/verify: the notes go to the activity log of both the user and the administrator. */
async function verifyUser(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const { db, now, mailer, logger } = deps;
  const caller = c.get('user');
  const id = idParam(c);
  const body = await readBody(c, verifyUserStruct);
  const notes = body.notes?.trim() ? `: ${body.notes.trim()}` : '';
  const row = await db.transaction().execute(async (trx) => {
    const target = await loadUser(trx, id);
    assertMayManage(caller, target);
    const updated = await trx
      .updateTable('users')
      .set({ is_verified: 1, updated_at: now().toISOString() })
      .where('id', '=', id)
      .returning(PUBLIC_USER_COLUMNS)
      .executeTakeFirstOrThrow();
    const info = requestInfo(c);
    await logActivity(trx, {
      userId: id,
      action: 'account_verified',
      description: `Account verified by ${caller.email}${notes}`,
      ...info,
      at: now(),
    });
    await logActivity(trx, {
      userId: caller.id,
      action: 'user_verified',
      description: `Verified user ${target.email}${notes}`,
      ...info,
      at: now(),
    });
    return { updated, wasVerified: target.is_verified === 1 };
  });
  if (!row.wasVerified) {
    mailer
      .send({
        to: row.updated.email,
        subject: 'Your Dashboard Invoice account has been verified',
        text: `Hello ${row.updated.name},\n\nAn administrator has verified your account. You can now sign in${publicUrlSuffix(deps)}.\n`,
      })
      .catch((error) =>
        logger.warn('verification mail failed', { to: row.updated.email, error: String(error) }),
      );
  }
  return ok(c, toPublicUser(row.updated), USER_MESSAGES.verified);
}

function publicUrlSuffix(deps: ResolvedDeps): string {
  return deps.config.publicUrl ? ` at ${deps.config.publicUrl}/signin` : '';
}

/** PATCH /users/{id}/invalidate: back to unverified, every session ended. */
async function invalidateUser(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const caller = c.get('user');
  const id = idParam(c);
  const row = await db.transaction().execute(async (trx) => {
    const target = await loadUser(trx, id);
    assertMayManage(caller, target);
    if (target.role === 'admin' && target.is_verified === 1)
      await assertAnotherVerifiedAdmin(trx, id);
    const updated = await trx
      .updateTable('users')
      .set({ is_verified: 0, updated_at: now().toISOString() })
      .where('id', '=', id)
      .returning(PUBLIC_USER_COLUMNS)
      .executeTakeFirstOrThrow();
    await endAllSessions(trx, id, now());
    const info = requestInfo(c);
    await logActivity(trx, {
      userId: id,
      action: 'account_invalidated',
      description: `Account invalidated by ${caller.email}; all sessions ended`,
      ...info,
      at: now(),
    });
    if (caller.id !== id) {
      await logActivity(trx, {
        userId: caller.id,
        action: 'user_invalidated',
        description: `Invalidated user ${target.email}`,
        ...info,
        at: now(),
      });
    }
    return updated;
  });
  return ok(c, toPublicUser(row), USER_MESSAGES.invalidated);
}

export function usersRoutes() {
  const manage = requireMenu(MENU_USER_MANAGEMENT);
  return (
    new Hono<AppEnv>()
      .use('*', requireAuth)
      // spec §7 lists this beside /account/logout-all: the caller's own sessions, no menu needed.
      .post('/logout-all', logoutAllHandler)
      .get('/', manage, listUsers)
      .post('/', manage, createUser)
      .get('/:id', manage, getUser)
      .put('/:id', manage, updateUser)
      .delete('/:id', manage, deleteUser)
      .post('/:id/verify', manage, verifyUser)
      .patch('/:id/invalidate', manage, invalidateUser)
  );
}
