import type { Context, MiddlewareHandler } from 'hono';
import { precompiled } from '../db/fast/precompiled';
import { ApiError, ERROR_MESSAGES } from '../errors';
import type { AppEnv, AuthUser } from '../types';
import { PUBLIC_USER_COLUMNS, toPublicUser } from '../auth/userView';

export const UNVERIFIED_MESSAGE =
  'Your account is pending verification. Please contact an administrator.';

/**
 * The user, provided the session (refresh-token family) is still alive, in one query. Asked on
 * every request, so logout, logout-all, invalidation and deletion end access at once.
 */
const userOfLiveSession = precompiled((db, userId: number, sessionId: string, nowIso: string) =>
  db
    .selectFrom('users')
    .innerJoin('refresh_tokens', 'refresh_tokens.user_id', 'users.id')
    .select(PUBLIC_USER_COLUMNS.map((column) => `users.${column}` as const))
    .where('users.id', '=', userId)
    .where('refresh_tokens.family_id', '=', sessionId)
    .where('refresh_tokens.revoked_at', 'is', null)
    .where('refresh_tokens.expires_at', '>', nowIso)
    .limit(1),
);

function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}

/**
 * Who is calling: valid access token, user exists, session not ended, user verified.
 * Throws ApiError 401/403. requireAuth uses it; routes with optional auth call it in a try.
 */
export async function authenticate(
  c: Context<AppEnv>,
): Promise<{ user: AuthUser; sessionId: string }> {
  const token = bearerToken(c);
  if (!token) throw new ApiError(401, ERROR_MESSAGES.unauthenticated);
  const { db, tokens, now } = c.get('deps');
  const claims = await tokens.verifyAccess(token);
  if (!claims) throw new ApiError(401, ERROR_MESSAGES.invalidToken);
  const [row] = await userOfLiveSession(db, claims.userId, claims.sessionId, now().toISOString());
  if (!row) throw new ApiError(401, ERROR_MESSAGES.invalidToken);
  if (row.is_verified !== 1) throw new ApiError(403, UNVERIFIED_MESSAGE);
  return { user: toPublicUser(row), sessionId: claims.sessionId };
}

/** Valid access token of a verified user with a live session; sets c.get('user') and c.get('sessionId'). */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { user, sessionId } = await authenticate(c);
  c.set('user', user);
  c.set('sessionId', sessionId);
  await next();
};

/** After requireAuth: the caller's role must hold the active menu with this name (docs/product.md#roles-and-menus). */
export function requireMenu(menuName: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw new ApiError(401, ERROR_MESSAGES.unauthenticated);
    if (!(await roleHasMenu(c, user.role, menuName)))
      throw new ApiError(403, ERROR_MESSAGES.forbidden);
    await next();
  };
}

/** After requireAuth: the caller must be an administrator. */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user) throw new ApiError(401, ERROR_MESSAGES.unauthenticated);
  if (user.role !== 'admin') throw new ApiError(403, ERROR_MESSAGES.forbidden);
  await next();
};

/** Asked on every request of a menu-guarded route, so compiled once like the session query. */
const activeMenuOfRole = precompiled((db, role: AuthUser['role'], menuName: string) =>
  db
    .selectFrom('role_menus')
    .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
    .select('menus.id')
    .where('role_menus.role', '=', role)
    .where('menus.name', '=', menuName)
    .where('menus.active', '=', 1)
    .limit(1),
);

async function roleHasMenu(
  c: Context<AppEnv>,
  role: AuthUser['role'],
  menuName: string,
): Promise<boolean> {
  const rows = await activeMenuOfRole(c.get('deps').db, role, menuName);
  return rows.length > 0;
}
