import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { describeHistory, diffRecords, HISTORY_TEXTS } from '../../domain/history';
import {
  VALIDATION_MESSAGES as M,
  accountUpdateStruct,
  passwordChangeStruct,
  validateBody,
} from '../../domain/validation';
import { logActivity } from '../auth/activity';
import { clearHits, takeHits, type LimitedKey } from '../auth/rateLimit';
import { revokeSession } from '../auth/sessions';
import { toPublicUser } from '../auth/userView';
import { audit } from '../audit/record';
import { isUniqueViolation } from '../db/connection';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { readBody, readJson } from '../http/body';
import { answerHeader } from '../http/fast/answerHeaders';
import { assertExpectedVersion, expectedVersion, versionTag } from '../http/ifMatch';
import { requireAuth } from '../http/requireAuth';
import { ok } from '../http/envelope';
import { checkImageDataUrl, toDataUrl } from '../images';
import type { AppEnv } from '../types';
import { logoutAllHandler } from '../users/logoutAll';
import { writeUserSecret } from '../users/writeSecret';
import { listActivity } from './account.activity';
import { requestInfo } from './routeHelpers';
import { loadUser } from './users.guards';

export const ACCOUNT_MESSAGES = {
  emailInUse: 'Email already in use',
  profileUpdated: 'Profile updated successfully',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully. Other sessions have been signed out.',
  imageUpdated: 'Profile image updated successfully',
  loggedOut: 'Logged out successfully',
} as const;

/** Wrong current passwords allowed per user before PUT /account/password answers 429. */
export const PASSWORD_CHANGE_LIMIT = { limit: 5, windowSeconds: 15 * 60 };

/** The caller's own password or picture: version +1 and its audit event (writeUserSecret). */
function writeOwnAccount(
  trx: Kysely<Database>,
  c: Context<AppEnv>,
  values: Parameters<typeof writeUserSecret>[2],
  action: 'password_change' | 'profile_image',
) {
  return writeUserSecret(trx, c.get('user').id, values, action, {
    actor: 'owner',
    requestId: c.get('requestId') ?? null,
    at: c.get('deps').now(),
  });
}

/** Every handler acts on c.get('user') only: no id comes from the request, so nobody reaches another account. */
async function getAccount(c: Context<AppEnv>) {
  return ok(c, c.get('user'));
}

async function updateAccount(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const me = c.get('user');
  const body = await readBody(c, accountUpdateStruct);
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', body.email)
    .where('id', '!=', me.id)
    .executeTakeFirst();
  if (taken) throw new ApiError(409, ACCOUNT_MESSAGES.emailInUse, 'email');
  const at = now();
  const expected = expectedVersion(c);
  let row;
  try {
    row = await db.transaction().execute(async (trx) => {
      const current = await loadUser(trx, me.id, true);
      await assertExpectedVersion(trx, expected, current, 'user', toPublicUser(current));
      const updated = await trx
        .updateTable('users')
        .set({
          name: body.name,
          email: body.email,
          updated_at: at.toISOString(),
          version: (eb) => eb('version', '+', 1),
        })
        .where('id', '=', me.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const changes = diffRecords('user', current, updated);
      await audit(trx, c, {
        entity: 'user',
        entityId: me.id,
        entityLabel: updated.email,
        entityVersion: updated.version,
        action: 'update',
        changes,
      });
      const details = {
        entity: 'user',
        entityId: me.id,
        entityLabel: updated.email,
        changes,
      } as const;
      await logActivity(trx, {
        userId: me.id,
        action: 'profile_updated',
        description: changes.length
          ? describeHistory(details, HISTORY_TEXTS)
          : 'Profile saved without changes',
        details,
        ...requestInfo(c),
        at,
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, ACCOUNT_MESSAGES.emailInUse, 'email');
    throw error;
  }
  answerHeader(c, 'ETag', versionTag(row.version));
  return ok(c, toPublicUser(row), ACCOUNT_MESSAGES.profileUpdated);
}

/**
 * PUT /account/password. Rule failures of the new password answer 422 (docs/product.md#messages "does not meet
 * security requirements"), other bad input 400. The caller's own session stays signed in; every
 * other session of the user ends.
 */
async function changePassword(c: Context<AppEnv>) {
  const { db, now, passwordHasher } = c.get('deps');
  const me = c.get('user');
  const result = validateBody(passwordChangeStruct, await readJson(c));
  if (!result.ok)
    throw new ApiError(
      result.field === 'new_password' ? 422 : 400,
      result.message,
      result.field || undefined,
    );
  const body = result.value;
  // A stolen access token must not become a way to guess the password.
  const limited: LimitedKey = { key: `password-change:user:${me.id}`, rule: PASSWORD_CHANGE_LIMIT };
  await takeHits(db, [limited], now());
  const stored = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', me.id)
    .executeTakeFirstOrThrow();
  if (!(await passwordHasher.verify(stored.password_hash, body.current_password))) {
    await logActivity(db, {
      userId: me.id,
      action: 'password_change_failed',
      description: 'Password change refused: wrong current password',
      ...requestInfo(c),
      at: now(),
    });
    throw new ApiError(400, ACCOUNT_MESSAGES.currentPasswordWrong, 'current_password');
  }
  await clearHits(db, limited.key);
  const passwordHash = await passwordHasher.hash(body.new_password);
  const at = now();
  await db.transaction().execute(async (trx) => {
    await writeOwnAccount(trx, c, { password_hash: passwordHash }, 'password_change');
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: at.toISOString() })
      .where('user_id', '=', me.id)
      .where('family_id', '!=', c.get('sessionId'))
      .where('revoked_at', 'is', null)
      .execute();
    await logActivity(trx, {
      userId: me.id,
      action: 'password_changed',
      description: 'Password changed; other sessions signed out',
      ...requestInfo(c),
      at,
    });
  });
  return ok(c, undefined, ACCOUNT_MESSAGES.passwordChanged);
}

async function uploadProfileImage(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const me = c.get('user');
  const body = await readJson(c);
  if (typeof body.image_data !== 'string')
    throw new ApiError(400, M.PROFILE_IMAGE_INVALID, 'image_data');
  const image = checkImageDataUrl(body.image_data);
  if (!image.ok)
    throw new ApiError(
      image.reason === 'too_large' ? 413 : 400,
      M.PROFILE_IMAGE_INVALID,
      'image_data',
    );
  const at = now();
  await db.transaction().execute(async (trx) => {
    await writeOwnAccount(
      trx,
      c,
      { profile_image: image.bytes, profile_image_type: image.type },
      'profile_image',
    );
    await logActivity(trx, {
      userId: me.id,
      action: 'profile_image_updated',
      description: `Profile image changed (${image.type}, ${image.bytes.length} bytes)`,
      ...requestInfo(c),
      at,
    });
  });
  return ok(c, { image_data: toDataUrl(image.type, image.bytes) }, ACCOUNT_MESSAGES.imageUpdated);
}

/** data.image_data is the stored image as a data-URL of its detected type, or null (the client shows its default). */
async function getProfileImage(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const row = await db
    .selectFrom('users')
    .select(['profile_image', 'profile_image_type'])
    .where('id', '=', c.get('user').id)
    .executeTakeFirstOrThrow();
  const imageData =
    row.profile_image && row.profile_image_type
      ? toDataUrl(row.profile_image_type, row.profile_image)
      : null;
  return ok(c, { image_data: imageData });
}

/** Ends the session the caller's access token belongs to. */
async function logoutCurrent(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  await revokeSession(db, c.get('sessionId'), now());
  await logActivity(db, {
    userId: c.get('user').id,
    action: 'logout',
    description: 'Signed out',
    ...requestInfo(c),
    at: now(),
  });
  return ok(c, undefined, ACCOUNT_MESSAGES.loggedOut);
}

export function accountRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireAuth)
    .get('/', getAccount)
    .put('/', updateAccount)
    .put('/password', changePassword)
    .post('/profile-image', uploadProfileImage)
    .get('/profile-image', getProfileImage)
    .get('/activity', listActivity)
    .post('/logout', logoutCurrent)
    .post('/logout-all', logoutAllHandler);
}
