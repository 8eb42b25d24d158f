import type { Context } from 'hono';
import { verifyUserStruct } from '../../domain/validation';
import { logActivity } from '../auth/activity';
import { endAllSessions } from '../auth/sessions';
import { toPublicUser } from '../auth/userView';
import { readBody } from '../http/body';
import { ok } from '../http/envelope';
import { answerHeader } from '../http/fast/answerHeaders';
import { versionTag } from '../http/ifMatch';
import type { AppEnv, ResolvedDeps } from '../types';
import { idParam, requestInfo } from './routeHelpers';
import { assertAnotherVerifiedAdmin, USER_MESSAGES } from './users.guards';
import { changeUser, detailsOf } from './users.writes';

// A user's status: verify and invalidate (If-Match honoured through changeUser).

/** POST /users/{id}/verify: the notes go to the activity log of both the user and the administrator. */
export async function verifyUser(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const { db, now, mailer, logger } = deps;
  const caller = c.get('user');
  const id = idParam(c);
  const body = await readBody(c, verifyUserStruct);
  const notes = body.notes?.trim() ? `: ${body.notes.trim()}` : '';
  const row = await db.transaction().execute(async (trx) => {
    const { target, updated, changes } = await changeUser(
      trx,
      c,
      id,
      async () => ({ is_verified: 1 }),
      () => 'verify',
    );
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
      details: detailsOf(updated, changes),
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
  answerHeader(c, 'ETag', versionTag(row.updated.version));
  return ok(c, toPublicUser(row.updated), USER_MESSAGES.verified);
}

function publicUrlSuffix(deps: ResolvedDeps): string {
  return deps.config.publicUrl ? ` at ${deps.config.publicUrl}/signin` : '';
}

/** PATCH /users/{id}/invalidate: back to unverified, every session ended. */
export async function invalidateUser(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const caller = c.get('user');
  const id = idParam(c);
  const row = await db.transaction().execute(async (trx) => {
    const { target, updated, changes } = await changeUser(
      trx,
      c,
      id,
      async (target) => {
        if (target.role === 'admin' && target.is_verified === 1)
          await assertAnotherVerifiedAdmin(trx, id);
        return { is_verified: 0 };
      },
      () => 'invalidate',
    );
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
        details: detailsOf(updated, changes),
        ...info,
        at: now(),
      });
    }
    return updated;
  });
  answerHeader(c, 'ETag', versionTag(row.version));
  return ok(c, toPublicUser(row), USER_MESSAGES.invalidated);
}
