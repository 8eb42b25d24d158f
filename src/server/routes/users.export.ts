import type { Context } from 'hono';
import { object } from 'superstruct';
import { USERS_TEXTS } from '../../domain/i18n/en/users';
import { USERS_ID } from '../../domain/i18n/id';
import { displayName } from '../../domain/users/user';
import type { UserRow } from '../db/schema';
import { EXPORT_BATCH, EXPORT_QUERY, exportFileName, sendExport } from '../export/response';
import type { ExportColumn } from '../export/table';
import { queryParam, readQuery } from '../http/query';
import type { AppEnv } from '../types';
import { UserListQueryStruct, userBatches, userFilters } from './users.queries';

type ListedUser = Pick<
  UserRow,
  'name' | 'username' | 'email' | 'role' | 'is_verified' | 'created_at' | 'updated_at'
>;

/** The columns of the user table on screen, headed and worded in the page's language. */
function columns(texts: typeof USERS_TEXTS | typeof USERS_ID): ExportColumn<ListedUser>[] {
  return [
    { header: texts.name, kind: 'text', value: (u) => displayName(u) },
    { header: texts.username, kind: 'text', value: (u) => u.username },
    { header: texts.email, kind: 'text', value: (u) => u.email },
    { header: texts.role, kind: 'text', value: (u) => texts[u.role] },
    {
      header: texts.status,
      kind: 'text',
      value: (u) => (u.is_verified ? texts.verified : texts.unverified),
    },
    { header: texts.created, kind: 'date', value: (u) => u.created_at || u.updated_at },
  ];
}

const UserExportQuery = object({
  ...UserListQueryStruct.schema,
  ...EXPORT_QUERY,
  lang: queryParam<'en' | 'id'>(
    (text) => (text === 'en' || text === 'id' ? text : undefined),
    'lang must be en or id',
    'en',
  ),
});

/** GET /users/export?format=xlsx|csv&…: every user the list's filters select, newest first. */
export async function exportUsers(c: Context<AppEnv>) {
  const { db, now } = c.get('deps');
  const query = readQuery(c, UserExportQuery);
  const filters = userFilters(query);
  const texts = query.lang === 'id' ? USERS_ID : USERS_TEXTS;
  const verified = filters.verified === undefined ? undefined : filters.verified ? 'yes' : 'no';
  const fileName = exportFileName(
    'users',
    [
      ['role', filters.role],
      ['verified', verified],
      ['search', filters.search],
    ],
    query.format,
    now(),
    query.tz,
  );
  return sendExport(
    c,
    {
      sheetName: texts.users,
      columns: columns(texts),
      batches: userBatches(db, filters, EXPORT_BATCH),
      timeZone: query.tz,
    },
    query.format,
    fileName,
  );
}
