import { Hono, type Context } from 'hono';
import { literal, object, optional, string, union } from 'superstruct';
import { loginStruct, refreshStruct, registerStruct } from '../../domain/validation';
import { logActivity } from '../auth/activity';
import { AUTH_MESSAGES } from '../auth/messages';
import { clearHits, giveBack, takeHits, type LimitedKey } from '../auth/rateLimit';
import {
  createSession,
  revokeSession,
  rotateRefreshToken,
  sessionOfRefreshToken,
  type SessionDeps,
} from '../auth/sessions';
import { derivedUsername, normaliseUsername, usernameFromEmail } from '../auth/usernames';
import { toPublicUser } from '../auth/userView';
import { audit } from '../audit/record';
import { isUniqueViolation } from '../db/connection';
import { ApiError } from '../errors';
import { readBody } from '../http/body';
import { authenticate, requireAuth, UNVERIFIED_MESSAGE } from '../http/requireAuth';
import { ok } from '../http/envelope';
import type { AppEnv, AuthUser, ResolvedDeps } from '../types';
import { logoutAllHandler } from '../users/logoutAll';
import { notifyAdminsOfPendingUser } from '../users/notify';
import { forgotPassword, resetPassword } from './authPassword';
import { recordSignUp, recordUserCreated } from '../users/recordCreated';
import { requestInfo } from './routeHelpers';

/** Logout takes an optional refresh token (or null); the domain has no form for it. */
const LogoutBody = object({ refresh_token: optional(union([string(), literal(null)])) });

function sessionDeps(deps: ResolvedDeps): SessionDeps {
  return {
    db: deps.db,
    tokens: deps.tokens,
    now: deps.now,
    refreshTtlSeconds: deps.config.refreshTokenTtlSeconds,
  };
}

async function login(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const { db, now, passwordHasher, rateLimits } = deps;
  const body = await readBody(c, loginStruct);
  const email = body.email;
  const info = requestInfo(c);
  const limited: LimitedKey[] = [
    { key: `login:email:${email}`, rule: rateLimits.loginPerEmail },
    { key: `login:ip:${info.ip}`, rule: rateLimits.loginPerIp },
  ];
  // Counted before the password is checked, so parallel guesses cannot all pass one check.
  await takeHits(db, limited, now());

  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  const matched = user
    ? await passwordHasher.verify(user.password_hash, body.password)
    : (await passwordHasher.verifyDummy(body.password), false);
  if (!user || !matched) {
    await db.transaction().execute(async (trx) => {
      await logActivity(trx, {
        userId: user?.id ?? null,
        action: 'login_failed',
        description: `Failed sign-in for ${email}`,
        ...info,
        at: now(),
      });
      await audit(trx, c, {
        entity: 'user',
        entityId: user?.id ?? null,
        entityLabel: email,
        entityVersion: null,
        action: 'sign_in_failed',
      });
    });
    throw new ApiError(401, AUTH_MESSAGES.invalidCredentials);
  }
  // The right password: this attempt was no guess, so it does not count.
  await clearHits(db, limited[0].key);
  await giveBack(db, [limited[1]], now());
  if (user.is_verified !== 1) {
    await logActivity(db, {
      userId: user.id,
      action: 'login_unverified',
      description: 'Sign-in refused: account awaits verification',
      ...info,
      at: now(),
    });
    throw new ApiError(403, UNVERIFIED_MESSAGE);
  }
  const session = await createSession(sessionDeps(deps), user.id);
  await logActivity(db, {
    userId: user.id,
    action: 'login',
    description: 'Signed in',
    ...info,
    at: now(),
  });
  const publicUser = toPublicUser(user);
  return ok(
    c,
    {
      tokens: { access_token: session.access_token, refresh_token: session.refresh_token },
      user: {
        id: publicUser.id,
        name: publicUser.name,
        username: publicUser.username,
        email: publicUser.email,
        role: publicUser.role,
        is_verified: publicUser.is_verified,
        created_at: publicUser.created_at,
        version: publicUser.version,
      },
    },
    AUTH_MESSAGES.loginSuccess,
  );
}

async function optionalCaller(c: Context<AppEnv>): Promise<AuthUser | null> {
  if (!c.req.header('authorization')) return null;
  try {
    return (await authenticate(c)).user;
  } catch {
    return null;
  }
}

/** Tries at deriving a free username when concurrent sign-ups share the email's local part. */
const MAX_USERNAME_ATTEMPTS = 8;

async function register(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const { db, now, passwordHasher, mailer, logger } = deps;
  const body = await readBody(c, registerStruct);
  const caller = await optionalCaller(c);
  const byAdmin = caller?.role === 'admin';
  const email = body.email;
  const username = body.username === undefined ? undefined : normaliseUsername(body.username);
  if (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
    throw new ApiError(409, AUTH_MESSAGES.emailTaken, 'email');
  }
  if (
    username &&
    (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst())
  ) {
    throw new ApiError(409, AUTH_MESSAGES.usernameTaken, 'username');
  }
  const passwordHash = await passwordHasher.hash(body.password);
  const stamp = now().toISOString();
  // An administrator adding a user is the caller the audit trail and activity name.
  if (byAdmin) c.set('user', caller!);
  const insert = async (attempt: number) => {
    const chosen = username ?? (await derivedUsername(db, usernameFromEmail(email), attempt));
    return db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          name: body.name,
          username: chosen,
          email,
          password_hash: passwordHash,
          // Anonymous sign-ups are always staff and wait for an administrator; an admin adding a user vouches for them.
          role: byAdmin ? (body.role ?? 'staff') : 'staff',
          is_verified: byAdmin && body.is_verified !== false ? 1 : 0,
          profile_image: null,
          profile_image_type: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (byAdmin) await recordUserCreated(trx, c, row);
      else await recordSignUp(trx, c, row);
      return row;
    });
  };
  let created: Awaited<ReturnType<typeof insert>> | undefined;
  for (let attempt = 1; !created; attempt++) {
    try {
      created = await insert(attempt);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two sign-ups raced; the email is what the person recognises, so it decides the message.
      if (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) {
        throw new ApiError(409, AUTH_MESSAGES.emailTaken, 'email');
      }
      // A username the person typed is theirs to change; a derived one that lost the race is derived anew.
      if (username !== undefined) throw new ApiError(409, AUTH_MESSAGES.usernameTaken, 'username');
      if (attempt >= MAX_USERNAME_ATTEMPTS) throw error;
    }
  }
  if (!byAdmin) {
    mailer
      .send({
        to: email,
        subject: 'Your Dashboard Invoice account awaits verification',
        text: `Hello ${created.name},\n\nThank you for registering. An administrator will verify your account; you can sign in once it is verified.\n`,
      })
      .catch((error) =>
        logger.warn('registration mail failed', { to: email, error: String(error) }),
      );
    void notifyAdminsOfPendingUser(deps, created);
  }
  return ok(
    c,
    { user: toPublicUser(created) },
    byAdmin ? AUTH_MESSAGES.registeredByAdmin : AUTH_MESSAGES.registered,
    201,
  );
}

async function logout(c: Context<AppEnv>) {
  const { db, now, tokens } = c.get('deps');
  const body = await readBody(c, LogoutBody);
  let session: { familyId: string; userId: number } | null = null;
  if (body.refresh_token) session = await sessionOfRefreshToken(db, body.refresh_token);
  if (!session) {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const claims = token ? await tokens.verifyAccess(token) : null;
    if (claims) session = { familyId: claims.sessionId, userId: claims.userId };
  }
  if (session) {
    await revokeSession(db, session.familyId, now());
    await logActivity(db, {
      userId: session.userId,
      action: 'logout',
      description: 'Signed out',
      ...requestInfo(c),
      at: now(),
    });
  }
  // Idempotent: signing out of an already-ended session is still a success for the client.
  return ok(c, undefined, AUTH_MESSAGES.loggedOut);
}

async function refresh(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const body = await readBody(c, refreshStruct);
  const rotated = await rotateRefreshToken(sessionDeps(deps), body.refresh_token.trim());
  const user = await deps.db
    .selectFrom('users')
    .select('is_verified')
    .where('id', '=', rotated.userId)
    .executeTakeFirst();
  if (!user || user.is_verified !== 1) {
    await revokeSession(deps.db, rotated.sessionId, deps.now());
    throw new ApiError(
      user ? 403 : 401,
      user ? UNVERIFIED_MESSAGE : 'Invalid or expired refresh token',
    );
  }
  return ok(
    c,
    { access_token: rotated.access_token, refresh_token: rotated.refresh_token },
    AUTH_MESSAGES.refreshed,
  );
}

export function authRoutes() {
  return new Hono<AppEnv>()
    .post('/login', login)
    .post('/register', register)
    .post('/logout', logout)
    .post('/logout-all', requireAuth, logoutAllHandler)
    .post('/refresh', refresh)
    .post('/forgot-password', forgotPassword)
    .post('/reset-password', resetPassword);
}
