import type { Kysely } from 'kysely';
import { object, type Infer } from 'superstruct';
import { ROLES, type Role } from '../../domain/users/user';
import { PUBLIC_USER_COLUMNS } from '../auth/userView';
import { precompiled } from '../db/fast/precompiled';
import type { Database } from '../db/schema';
import { queryParam } from '../http/query';
import { PAGE_QUERY, type PageRequest } from '../pagination';
import { escapeLike } from './routeHelpers';

// The user list of Manajemen User: its filters and its order, shared by GET /users (one page)
// and GET /users/export (every matching row).

const VERIFIED_TEXT = new Map<string, 0 | 1>([
  ['true', 1],
  ['1', 1],
  ['false', 0],
  ['0', 0],
]);

/** GET /users query: page, limit, search (name, username or email), role, is_verified. */
export const UserListQueryStruct = object({
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

export interface UserFilters {
  search?: string;
  role?: Role;
  verified?: 0 | 1;
}

export function userFilters(query: Infer<typeof UserListQueryStruct>): UserFilters {
  return { search: query.search, role: query.role, verified: query.is_verified };
}

export function hasFilters(filters: UserFilters): boolean {
  return Boolean(filters.search || filters.role || filters.verified !== undefined);
}

/** The users the filters select, in no order yet. */
export function filteredUsers(db: Kysely<Database>, filters: UserFilters) {
  const { search, role, verified } = filters;
  return db.selectFrom('users').where((eb) => {
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
}

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

/** One page of the list, newest account first, with the filtered total. */
export async function listUsers(db: Kysely<Database>, filters: UserFilters, page: PageRequest) {
  if (!hasFilters(filters)) {
    const [rows, [count]] = await Promise.all([
      allUsersPage(db, page.limit, page.offset),
      allUsersCount(db),
    ]);
    return { rows, total: Number(count.total) };
  }
  const [rows, count] = await Promise.all([
    filteredUsers(db, filters)
      .select(PUBLIC_USER_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filteredUsers(db, filters)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every user the filters select, newest account first like the list, `batch` rows per query (keyset). */
export async function* userBatches(db: Kysely<Database>, filters: UserFilters, batch: number) {
  let last: { created_at: string; id: number } | undefined;
  for (;;) {
    const from = last;
    const rows = await filteredUsers(db, filters)
      .select(PUBLIC_USER_COLUMNS)
      .$if(from !== undefined, (query) =>
        query.where((eb) =>
          eb.or([
            eb('created_at', '<', from!.created_at),
            eb.and([eb('created_at', '=', from!.created_at), eb('id', '<', from!.id)]),
          ]),
        ),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(batch)
      .execute();
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    last = rows[rows.length - 1];
  }
}
