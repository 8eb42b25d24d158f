// User administration calls of docs/product.md#api "Users".

import { getHttpClient, type HttpClient } from '../http';
import { FALLBACK, SIGN_UP_MESSAGES } from '../messages';
import { lazyService } from './lazy';
import {
  call,
  idPath,
  ifMatch,
  SCREEN_HANDLED,
  type Pagination,
  type ServiceResult,
  type VersionedWrite,
} from './result';

export interface ListedUser {
  id: string | number;
  name?: string;
  username?: string;
  email: string;
  role: string;
  isVerified: boolean;
  createdAt?: string;
  updatedAt?: string;
  /** +1 on every write; pass it back as `write.version` so a stale edit is refused (412). */
  version?: number;
  [extra: string]: unknown;
}

export interface UserListQuery {
  search?: string;
  /** Sent lowercase. */
  role?: string;
  isVerified?: boolean;
  page?: number;
  limit?: number;
}

export interface UserList {
  users: ListedUser[];
  pagination: Pagination | null;
}

export interface NewUser {
  name: string;
  email: string;
  password: string;
  role: string;
  username?: string;
  /** Admin-added users are verified unless this is false. */
  isVerified?: boolean;
}

export interface UserUpdate {
  name?: string;
  email?: string;
  role?: string;
  isVerified?: boolean;
  username?: string;
}

function readUserList(data: unknown, envelopePagination: unknown): UserList {
  const d = (data ?? {}) as { users?: unknown; items?: unknown; pagination?: unknown };
  const users = Array.isArray(data)
    ? data
    : Array.isArray(d.users)
      ? d.users
      : Array.isArray(d.items)
        ? d.items
        : [];
  const pagination = (d.pagination ?? envelopePagination ?? null) as Pagination | null;
  return { users: users as ListedUser[], pagination };
}

const lower = (role: string | undefined): string | undefined =>
  role ? role.toLowerCase() : undefined;

export function createUsersService(http: HttpClient) {
  return {
    list(query: UserListQuery = {}): Promise<ServiceResult<UserList>> {
      return call<unknown, UserList>(
        () => http.get('/users', { query: { ...query, role: lower(query.role) } }),
        {
          fallback: FALLBACK.users,
          pick: (data, envelope) => readUserList(data, envelope.pagination),
        },
      );
    },

    get(id: string | number): Promise<ServiceResult<ListedUser>> {
      return call(() => http.get<ListedUser>(idPath('/users', id)), { fallback: FALLBACK.user });
    },

    /** An admin adds a user through the register call, role lowercase (docs/product.md#roles-and-menus); verify afterwards. */
    create(user: NewUser): Promise<ServiceResult<unknown>> {
      return call(
        () => http.post('/auth/register', { ...user, role: lower(user.role) }, SCREEN_HANDLED),
        {
          fallback: FALLBACK.createUser,
          // A 409 on the username keeps the server's text (the form shows it on that field).
          errorFor: (status, serverMessage) =>
            status === 409 && serverMessage && /username/i.test(serverMessage)
              ? serverMessage
              : SIGN_UP_MESSAGES[status],
        },
      );
    },

    update(
      id: string | number,
      fields: UserUpdate,
      write?: VersionedWrite,
    ): Promise<ServiceResult<ListedUser>> {
      return call(
        () =>
          http.put<ListedUser>(
            idPath('/users', id),
            { ...fields, role: lower(fields.role) },
            { ...SCREEN_HANDLED, ...ifMatch(write) },
          ),
        {
          fallback: FALLBACK.updateUser,
        },
      );
    },

    remove(id: string | number, write?: VersionedWrite): Promise<ServiceResult<unknown>> {
      return call(
        () => http.delete(idPath('/users', id), { ...SCREEN_HANDLED, ...ifMatch(write) }),
        {
          fallback: FALLBACK.deleteUser,
        },
      );
    },

    verify(
      id: string | number,
      notes = '',
      write?: VersionedWrite,
    ): Promise<ServiceResult<ListedUser>> {
      return call(
        () =>
          http.post<ListedUser>(
            `${idPath('/users', id)}/verify`,
            { notes },
            { ...SCREEN_HANDLED, ...ifMatch(write) },
          ),
        { fallback: FALLBACK.verifyUser },
      );
    },

    invalidate(id: string | number, write?: VersionedWrite): Promise<ServiceResult<ListedUser>> {
      return call(
        () =>
          http.patch<ListedUser>(`${idPath('/users', id)}/invalidate`, undefined, {
            ...SCREEN_HANDLED,
            ...ifMatch(write),
          }),
        { fallback: FALLBACK.invalidateUser },
      );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

/** The app's user administration calls on the app's http client, built on first use. */
export const users: UsersService = /* @__PURE__ */ lazyService(() =>
  createUsersService(getHttpClient()),
);
