import type { Context } from 'hono';
import { forgotPasswordStruct, resetPasswordStruct } from '../../domain/validation';
import { logActivity } from '../auth/activity';
import { AUTH_MESSAGES } from '../auth/messages';
import { takeHits, type LimitedKey } from '../auth/rateLimit';
import { endAllSessions } from '../auth/sessions';
import { writeUserSecret } from '../users/writeSecret';
import { hashToken, randomToken } from '../auth/tokens';
import { ApiError } from '../errors';
import { readBody } from '../http/body';
import { ok } from '../http/envelope';
import type { AppEnv } from '../types';
import { requestInfo } from './routeHelpers';

/** Forgot-password and the mailed reset link (docs/product.md#api Auth, #flows Authentication). */
const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export async function forgotPassword(c: Context<AppEnv>) {
  const { db, now, rateLimits, mailer, logger, config } = c.get('deps');
  const body = await readBody(c, forgotPasswordStruct);
  const email = body.email;
  const info = requestInfo(c);
  const limited: LimitedKey[] = [
    { key: `forgot:email:${email}`, rule: rateLimits.forgotPasswordPerEmail },
    { key: `forgot:ip:${info.ip}`, rule: rateLimits.forgotPasswordPerIp },
  ];
  await takeHits(db, limited, now());

  const user = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (user) {
    const token = randomToken();
    await db
      .insertInto('password_reset_tokens')
      .values({
        token_hash: hashToken(token),
        user_id: user.id,
        expires_at: new Date(now().getTime() + RESET_TOKEN_TTL_MS).toISOString(),
        used_at: null,
      })
      .execute();
    await logActivity(db, {
      userId: user.id,
      action: 'password_reset_requested',
      description: 'Password reset link requested',
      ...info,
      at: now(),
    });
    const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    // Not awaited: the answer takes the same time whether or not the account exists.
    mailer
      .send({
        to: email,
        subject: 'Reset your Dashboard Invoice password',
        text: `Hello ${user.name},\n\nOpen this link within 30 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
      })
      .catch((error) =>
        logger.warn('password reset mail failed', { to: email, error: String(error) }),
      );
  }
  return ok(c, undefined, AUTH_MESSAGES.resetSent);
}

export async function resetPassword(c: Context<AppEnv>) {
  const { db, now, passwordHasher } = c.get('deps');
  const body = await readBody(c, resetPasswordStruct);
  const tokenHash = hashToken(body.token.trim());
  const passwordHash = await passwordHasher.hash(body.password);
  const at = now();
  const userId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('password_reset_tokens')
      .select(['user_id'])
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', at.toISOString())
      .executeTakeFirst();
    if (!row) return null;
    const used = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: at.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(used.numUpdatedRows) !== 1) return null;
    // Any other outstanding link for this user dies with this one.
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: at.toISOString() })
      .where('user_id', '=', row.user_id)
      .where('used_at', 'is', null)
      .execute();
    // The person who followed the emailed link is the account's owner.
    await writeUserSecret(trx, row.user_id, { password_hash: passwordHash }, 'password_reset', {
      actor: 'owner',
      requestId: c.get('requestId') ?? null,
      at,
    });
    await endAllSessions(trx, row.user_id, at);
    return row.user_id;
  });
  if (userId === null) throw new ApiError(400, AUTH_MESSAGES.resetInvalid, 'token');
  await logActivity(db, {
    userId,
    action: 'password_reset',
    description: 'Password reset with an emailed link',
    ...requestInfo(c),
    at,
  });
  return ok(c, undefined, AUTH_MESSAGES.passwordReset);
}
