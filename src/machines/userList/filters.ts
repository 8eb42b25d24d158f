// The user list's filters (docs/product.md#api "Users"): kept in the URL query string so a reload or a shared
// link shows the same list. Pure: parsed from and written to a query string, and turned into the
// list call's query.
import { PAGINATION } from '../../domain/constants';
import type { FetchUsersInput, UserFilters } from './types';

export const DEFAULT_USER_FILTERS: UserFilters = {
  search: '',
  role: '',
  verified: '',
  page: 1,
  limit: PAGINATION.defaultPageSize,
};

export const PAGE_SIZES: readonly number[] = PAGINATION.pageSizeChoices;

function positive(raw: string | null, fallback: number): number {
  const n = raw !== null && /^\d{1,6}$/.test(raw) ? Number(raw) : NaN;
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** Filters from a query string ('?q=budi&role=staff&verified=false&page=2&limit=25'); bad values fall back. */
export function parseUserQuery(query: string): UserFilters {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const role = (params.get('role') ?? '').toLowerCase();
  const verified = (params.get('verified') ?? '').toLowerCase();
  const limit = positive(params.get('limit'), DEFAULT_USER_FILTERS.limit);
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    role: role === 'admin' || role === 'staff' ? role : '',
    verified: verified === 'true' || verified === 'false' ? verified : '',
    page: positive(params.get('page'), 1),
    limit: PAGE_SIZES.includes(limit) ? limit : DEFAULT_USER_FILTERS.limit,
  };
}

/** The query string for filters, defaults left out ('' when everything is default). */
export function userQueryString(filters: UserFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.role) params.set('role', filters.role);
  if (filters.verified) params.set('verified', filters.verified);
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.limit !== DEFAULT_USER_FILTERS.limit) params.set('limit', String(filters.limit));
  return params.toString();
}

export function sameFilters(a: UserFilters, b: UserFilters): boolean {
  return (
    a.search === b.search &&
    a.role === b.role &&
    a.verified === b.verified &&
    a.page === b.page &&
    a.limit === b.limit
  );
}

/** The list call's query for the filters (role lowercase, is_verified a boolean). */
export function fetchInput(filters: UserFilters): FetchUsersInput {
  return {
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.role ? { role: filters.role } : {}),
    ...(filters.verified ? { isVerified: filters.verified === 'true' } : {}),
    page: filters.page,
    limit: filters.limit,
  };
}

/** Filters with `change` applied; any change but paging goes back to page 1. */
export function withFilters(filters: UserFilters, change: Partial<UserFilters>): UserFilters {
  return { ...filters, page: 1, ...change };
}
