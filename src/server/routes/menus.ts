import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { menuCreateStruct, menuUpdateStruct } from '../../domain/validation';
import { logActivity } from '../auth/activity';
import { isUniqueViolation } from '../db/connection';
import { precompiled } from '../db/fast/precompiled';
import type { Database, MenuRow, Role } from '../db/schema';
import { ApiError } from '../errors';
import { readBody } from '../http/body';
import { ok } from '../http/envelope';
import { requireAdmin, requireAuth } from '../http/requireAuth';
import type { AppEnv } from '../types';
import { requestInfo } from './routeHelpers';

export const MENU_MESSAGES = {
  list: 'Menus retrieved successfully',
  userList: 'User menus retrieved successfully',
  found: 'Menu retrieved successfully',
  created: 'Menu created successfully',
  updated: 'Menu updated successfully',
  deleted: 'Menu deleted successfully',
  notFound: 'Menu not found',
  nameTaken: 'A menu with this name already exists.',
} as const;

export interface MenuView {
  id: number;
  name: string;
  path: string;
  icon: string;
  order: number;
  parent_id: number | null;
  active: boolean;
  /** Roles that see this menu. */
  roles: Role[];
}

async function rolesByMenu(db: Kysely<Database>, menuIds: number[]): Promise<Map<number, Role[]>> {
  const map = new Map<number, Role[]>();
  if (menuIds.length === 0) return map;
  const rows = await db
    .selectFrom('role_menus')
    .select(['menu_id', 'role'])
    .where('menu_id', 'in', menuIds)
    .orderBy('role')
    .execute();
  for (const row of rows) map.set(row.menu_id, [...(map.get(row.menu_id) ?? []), row.role]);
  return map;
}

async function present(db: Kysely<Database>, rows: MenuRow[]): Promise<MenuView[]> {
  const roles = await rolesByMenu(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toView(row, roles.get(row.id) ?? []));
}

/**
 * The caller's menus (GET /menus/user) in one query: the active menus of `role`, each row repeated
 * once per role that holds the menu (role_name), ordered for the sidebar.
 */
export function userMenusQuery(db: Kysely<Database>, role: Role) {
  return db
    .selectFrom('menus')
    .innerJoin('role_menus as mine', 'mine.menu_id', 'menus.id')
    .innerJoin('role_menus as holders', 'holders.menu_id', 'menus.id')
    .selectAll('menus')
    .select('holders.role as role_name')
    .where('mine.role', '=', role)
    .where('menus.active', '=', 1)
    .orderBy('menus.order')
    .orderBy('menus.id')
    .orderBy('holders.role');
}

const userMenus = precompiled(userMenusQuery);

function menusWithRoles(rows: (MenuRow & { role_name: Role })[]): MenuView[] {
  const views: MenuView[] = [];
  for (const row of rows) {
    const last = views.at(-1);
    if (last?.id === row.id) last.roles.push(row.role_name);
    else views.push(toView(row, [row.role_name]));
  }
  return views;
}

// Fields named one by one: an object spread or rest here was the route's largest cost of its own.
function toView(row: MenuRow, roles: Role[]): MenuView {
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    icon: row.icon,
    order: row.order,
    parent_id: row.parent_id,
    active: row.active === 1,
    roles,
  };
}

function menuId(c: Context<AppEnv>): number {
  const raw = c.req.param('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new ApiError(404, MENU_MESSAGES.notFound);
  return id;
}

async function findMenu(db: Kysely<Database>, id: number): Promise<MenuRow> {
  const row = await db.selectFrom('menus').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, MENU_MESSAGES.notFound);
  return row;
}

/** Deeper than any sidebar; also bounds the walk up the parents. */
const MAX_MENU_DEPTH = 50;

async function assertParent(
  db: Kysely<Database>,
  parentId: number | null | undefined,
  selfId?: number,
) {
  if (parentId === undefined || parentId === null) return;
  if (parentId === selfId)
    throw new ApiError(400, 'parent_id cannot be the menu itself', 'parent_id');
  if (!(await db.selectFrom('menus').select('id').where('id', '=', parentId).executeTakeFirst())) {
    throw new ApiError(400, 'parent_id does not name an existing menu', 'parent_id');
  }
  // Walk up from the new parent: meeting the menu itself means it would become its own ancestor.
  let current: number | null = parentId;
  for (let depth = 0; current !== null; depth++) {
    if (current === selfId)
      throw new ApiError(
        400,
        "parent_id cannot be one of the menu's own sub-menus (that would make a cycle)",
        'parent_id',
      );
    if (depth >= MAX_MENU_DEPTH)
      throw new ApiError(400, `Menus nest at most ${MAX_MENU_DEPTH} levels deep`, 'parent_id');
    const row: { parent_id: number | null } | undefined = await db
      .selectFrom('menus')
      .select('parent_id')
      .where('id', '=', current)
      .executeTakeFirst();
    current = row?.parent_id ?? null;
  }
}

async function audit(c: Context<AppEnv>, action: string, description: string) {
  const { db, now } = c.get('deps');
  await logActivity(db, {
    userId: c.get('user').id,
    action,
    description,
    ...requestInfo(c),
    at: now(),
  });
}

function conflictOnName(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiError(409, MENU_MESSAGES.nameTaken, 'name');
  throw error;
}

export function menuRoutes() {
  const app = new Hono<AppEnv>();
  app.use('*', requireAuth);

  app.get('/user', async (c) => {
    const rows = await userMenus(c.get('deps').db, c.get('user').role);
    return ok(c, menusWithRoles(rows), MENU_MESSAGES.userList);
  });

  app.get('/', async (c) => {
    const { db } = c.get('deps');
    const rows = await db.selectFrom('menus').selectAll().orderBy('order').orderBy('id').execute();
    return ok(c, await present(db, rows), MENU_MESSAGES.list);
  });

  app.get('/:id', async (c) => {
    const { db } = c.get('deps');
    const [menu] = await present(db, [await findMenu(db, menuId(c))]);
    return ok(c, menu, MENU_MESSAGES.found);
  });

  app.post('/', requireAdmin, async (c) => {
    const { db } = c.get('deps');
    const body = await readBody(c, menuCreateStruct);
    await assertParent(db, body.parent_id);
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const created = await trx
          .insertInto('menus')
          .values({
            name: body.name,
            path: body.path,
            icon: body.icon || 'fa-circle',
            order: body.order ?? 0,
            parent_id: body.parent_id ?? null,
            active: body.active === false ? 0 : 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // A new menu nobody can see is useless; administrators get it unless roles says otherwise.
        for (const role of new Set<Role>(body.roles ?? ['admin'])) {
          await trx.insertInto('role_menus').values({ role, menu_id: created.id }).execute();
        }
        return created.id;
      })
      .catch(conflictOnName);
    await audit(c, 'menu_created', `Created menu ${body.name}`);
    const [menu] = await present(db, [await findMenu(db, id)]);
    return ok(c, menu, MENU_MESSAGES.created, 201);
  });

  app.put('/:id', requireAdmin, async (c) => {
    const { db } = c.get('deps');
    const id = menuId(c);
    await findMenu(db, id);
    const body = await readBody(c, menuUpdateStruct);
    await assertParent(db, body.parent_id, id);
    await db
      .transaction()
      .execute(async (trx) => {
        const changes = {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.path !== undefined && { path: body.path }),
          ...(body.icon !== undefined && { icon: body.icon || 'fa-circle' }),
          ...(body.order !== undefined && { order: body.order }),
          ...(body.parent_id !== undefined && { parent_id: body.parent_id }),
          ...(body.active !== undefined && { active: body.active ? (1 as const) : (0 as const) }),
        };
        if (Object.keys(changes).length > 0)
          await trx.updateTable('menus').set(changes).where('id', '=', id).execute();
        if (body.roles !== undefined) {
          await trx.deleteFrom('role_menus').where('menu_id', '=', id).execute();
          for (const role of new Set(body.roles))
            await trx.insertInto('role_menus').values({ role, menu_id: id }).execute();
        }
      })
      .catch(conflictOnName);
    const [menu] = await present(db, [await findMenu(db, id)]);
    await audit(c, 'menu_updated', `Updated menu ${menu.name}`);
    return ok(c, menu, MENU_MESSAGES.updated);
  });

  app.delete('/:id', requireAdmin, async (c) => {
    const { db } = c.get('deps');
    const menu = await findMenu(db, menuId(c));
    const deleted = await db.deleteFrom('menus').where('id', '=', menu.id).executeTakeFirst();
    // A concurrent delete got there first: this one removed nothing.
    if (Number(deleted.numDeletedRows) === 0) throw new ApiError(404, MENU_MESSAGES.notFound);
    await audit(c, 'menu_deleted', `Deleted menu ${menu.name}`);
    return ok(c, { id: menu.id }, MENU_MESSAGES.deleted);
  });

  return app;
}
