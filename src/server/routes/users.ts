import { Hono, type Context } from 'hono';
import { MENU_USER_MANAGEMENT } from '../../domain/users/menu';
import { toPublicUser } from '../auth/userView';
import { ok } from '../http/envelope';
import { answerHeader } from '../http/fast/answerHeaders';
import { versionTag } from '../http/ifMatch';
import { readQuery } from '../http/query';
import { requireAuth, requireMenu } from '../http/requireAuth';
import { pageRequest, paginationOf } from '../pagination';
import type { AppEnv } from '../types';
import { logoutAllHandler } from '../users/logoutAll';
import { HISTORY_GUARDS, recordHistory } from './auditEvents';
import { idParam } from './routeHelpers';
import { exportUsers } from './users.export';
import { loadUser } from './users.guards';
import { listUsers, UserListQueryStruct, userFilters } from './users.queries';
import { invalidateUser, verifyUser } from './users.status';
import { createUser, deleteUser, updateUser } from './users.writes';

async function list(c: Context<AppEnv>) {
  const query = readQuery(c, UserListQueryStruct);
  const page = pageRequest(query);
  const { rows, total } = await listUsers(c.get('deps').db, userFilters(query), page);
  return ok(c, { users: rows.map(toPublicUser), pagination: paginationOf(page, total) });
}

async function getUser(c: Context<AppEnv>) {
  const row = await loadUser(c.get('deps').db, idParam(c));
  answerHeader(c, 'ETag', versionTag(row.version));
  return ok(c, toPublicUser(row));
}

export function usersRoutes() {
  const manage = requireMenu(MENU_USER_MANAGEMENT);
  return (
    new Hono<AppEnv>()
      .use('*', requireAuth)
      // docs/product.md#api lists this beside /account/logout-all: the caller's own sessions, no menu needed.
      .post('/logout-all', logoutAllHandler)
      .get('/', manage, list)
      .get('/export', manage, exportUsers)
      .post('/', manage, createUser)
      .get('/:id', manage, getUser)
      .get('/:id/audit-events', ...HISTORY_GUARDS.user, recordHistory('user'))
      .put('/:id', manage, updateUser)
      .delete('/:id', manage, deleteUser)
      .post('/:id/verify', manage, verifyUser)
      .patch('/:id/invalidate', manage, invalidateUser)
  );
}
