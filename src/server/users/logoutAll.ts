import type { Context } from 'hono';
import { logActivity } from '../auth/activity';
import { AUTH_MESSAGES } from '../auth/messages';
import { endAllSessions } from '../auth/sessions';
import { requestInfo } from '../http/clientInfo';
import { ok } from '../http/envelope';
import type { AppEnv } from '../types';

/**
 * POST …/logout-all (after requireAuth): ends every session of the caller. Mounted under /auth,
 * /account and /users (docs/product.md#api lists all three).
 */
export async function logoutAllHandler(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const user = c.get('user');
  await endAllSessions(db, user.id, now());
  await logActivity(db, {
    userId: user.id,
    action: 'logout_all',
    description: 'Signed out from all devices',
    ...requestInfo(c),
    at: now(),
  });
  return ok(c, undefined, AUTH_MESSAGES.loggedOutAll);
}
