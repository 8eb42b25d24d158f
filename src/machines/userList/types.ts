// Types of the user list machine (docs/product.md#screens "/user-management", #data "User in the list", #api "Users").
// The services are injected, so these types say what the machine needs, not how HTTP is done.

import type { EditConflict } from '../../domain/history';
import type { ServiceResult } from '../../domain/serviceResult';

export type RoleFilter = '' | 'admin' | 'staff';
export type VerifiedFilter = '' | 'true' | 'false';

/** What the list shows; kept in the URL query string so a reload or a shared link shows the same list. */
export interface UserFilters {
  readonly search: string;
  readonly role: RoleFilter;
  readonly verified: VerifiedFilter;
  readonly page: number;
  readonly limit: number;
}

export interface ListedUserRow {
  readonly id: string | number;
  readonly name?: string;
  readonly username?: string;
  readonly email: string;
  readonly role: string;
  readonly isVerified: boolean;
  readonly createdAt?: string;
  readonly updatedAt?: string;
  /** +1 on every write; sent back as If-Match (issue 25). */
  readonly version?: number;
}

export interface ListPagination {
  readonly page?: number;
  readonly limit?: number;
  readonly total?: number;
  readonly totalPages?: number;
}

export interface FetchUsersInput {
  readonly search?: string;
  readonly role?: string;
  readonly isVerified?: boolean;
  readonly page: number;
  readonly limit: number;
}
/** The answer of a call that succeeded; a refused one rejects with a ServiceError. */
export type FetchUsersOutput = ServiceResult<{
  users: readonly ListedUserRow[];
  pagination: ListPagination | null;
}>;

export type RowActionKind = 'delete' | 'verify' | 'invalidate';

export interface RowAction {
  readonly kind: RowActionKind;
  readonly user: ListedUserRow;
  /** Verify only: optional notes for the activity log. */
  readonly notes: string;
  /** The user changed since the list was read (412): who changed what; confirming applies anyway. */
  readonly conflict?: EditConflict<ListedUserRow> | null;
}

export interface RunActionInput {
  readonly kind: RowActionKind;
  readonly id: string | number;
  readonly notes: string;
  /** If-Match; null or undefined acts regardless. */
  readonly version?: number | null;
}
/** The answer of an action that succeeded; a refused one rejects with a ServiceError. */
export type RunActionOutput = ServiceResult<unknown>;

export interface Banner {
  readonly type: 'success' | 'error';
  readonly text: string;
}

export interface UserListContext {
  readonly filters: UserFilters;
  /** The search box as typed; copied into filters.search 500 ms after the last keystroke. */
  readonly searchInput: string;
  readonly users: readonly ListedUserRow[];
  readonly pagination: ListPagination | null;
  readonly loadError: string | null;
  readonly banner: Banner | null;
  readonly action: RowAction | null;
}

export interface UserListInput {
  readonly filters?: Partial<UserFilters>;
}

export type UserListEvent =
  | { type: 'users.searchTyped'; text: string }
  | { type: 'users.roleFilter'; role: RoleFilter }
  | { type: 'users.verifiedFilter'; verified: VerifiedFilter }
  | { type: 'users.page'; page: number }
  | { type: 'users.pageSize'; limit: number }
  | { type: 'users.reload' }
  /** The URL changed under the page (back/forward, a pasted link). */
  | { type: 'users.urlChanged'; filters: UserFilters }
  /** The add/edit modal saved a user. */
  | { type: 'users.saved'; message: string }
  | { type: 'users.delete'; user: ListedUserRow }
  | { type: 'users.verify'; user: ListedUserRow }
  | { type: 'users.invalidate'; user: ListedUserRow }
  | { type: 'action.notes'; notes: string }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' }
  | { type: 'banner.dismiss' };
