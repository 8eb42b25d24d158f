// The user list of /user-management (spec §2, §7 "Users", §8 "User management", §9): filters,
// debounced search, paging, row actions behind a confirmation, and 5 s banners. The filters live
// in the URL: the page parses them into the input, and `syncUrl` writes them back (replace).
import { assign, fromPromise, raise, setup } from 'xstate';
import { PAGINATION, TIMING_MS } from '../domain/constants';
import { failureText, isServiceError } from '../domain/serviceResult';
import type {
  Banner,
  FetchUsersInput,
  FetchUsersOutput,
  RoleFilter,
  RowActionKind,
  RunActionInput,
  RunActionOutput,
  UserFilters,
  UserListContext,
  UserListEvent,
  UserListInput,
  VerifiedFilter,
} from './userList.types';

export type * from './userList.types';

export const DEFAULT_USER_FILTERS: UserFilters = {
  search: '',
  role: '',
  verified: '',
  page: 1,
  limit: PAGINATION.defaultPageSize,
};

const PAGE_SIZES: readonly number[] = PAGINATION.pageSizeChoices;

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

export const ACTION_SUCCESS: Readonly<Record<RowActionKind, string>> = {
  delete: 'User deleted successfully',
  verify: 'User verified successfully',
  invalidate: 'User invalidated successfully',
};
const LIST_FALLBACK = 'Failed to fetch users';
const ACTION_FALLBACK: Readonly<Record<RowActionKind, string>> = {
  delete: 'Failed to delete user',
  verify: 'Failed to verify user',
  invalidate: 'Failed to invalidate user',
};

function notProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`${name} is not provided`));
}

function withFilters(context: UserListContext, change: Partial<UserFilters>): UserFilters {
  return { ...context.filters, page: 1, ...change };
}

export const userListMachine = setup({
  types: {
    context: {} as UserListContext,
    events: {} as UserListEvent | { type: 'banner.show'; banner: Banner },
    input: {} as UserListInput,
  },
  actors: {
    fetchUsers: fromPromise<FetchUsersOutput, FetchUsersInput>(notProvided('fetchUsers')),
    runAction: fromPromise<RunActionOutput, RunActionInput>(notProvided('runAction')),
  },
  actions: {
    /** Write the filters into the URL (navigate with replace). */
    syncUrl: (_, _filters: UserFilters) => {},
    showBanner: raise((_, banner: Banner) => ({ type: 'banner.show' as const, banner })),
    reload: raise({ type: 'users.reload' as const }),
  },
  guards: {
    searchChanged: ({ context }) => context.searchInput.trim() !== context.filters.search,
    filtersDiffer: ({ context, event }) =>
      event.type === 'users.urlChanged' && !sameFilters(event.filters, context.filters),
    validPage: ({ context, event }) =>
      event.type === 'users.page' &&
      Number.isInteger(event.page) &&
      event.page >= 1 &&
      event.page !== context.filters.page,
    validPageSize: ({ context, event }) =>
      event.type === 'users.pageSize' &&
      PAGE_SIZES.includes(event.limit) &&
      event.limit !== context.filters.limit,
  },
  delays: {
    searchDebounce: TIMING_MS.userSearchDebounce,
    messageTimeout: TIMING_MS.messageDisplay,
  },
}).createMachine({
  id: 'userList',
  context: ({ input }) => {
    const filters = { ...DEFAULT_USER_FILTERS, ...input.filters };
    return {
      filters,
      searchInput: filters.search,
      users: [],
      pagination: null,
      loadError: null,
      banner: null,
      action: null,
    };
  },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        'users.reload': { target: '.loading' },
        'users.roleFilter': {
          target: '.loading',
          actions: [
            assign({
              filters: ({ context, event }) =>
                withFilters(context, { role: event.role as RoleFilter }),
            }),
            { type: 'syncUrl', params: ({ context }) => context.filters },
          ],
        },
        'users.verifiedFilter': {
          target: '.loading',
          actions: [
            assign({
              filters: ({ context, event }) =>
                withFilters(context, { verified: event.verified as VerifiedFilter }),
            }),
            { type: 'syncUrl', params: ({ context }) => context.filters },
          ],
        },
        'users.page': {
          guard: 'validPage',
          target: '.loading',
          actions: [
            assign({ filters: ({ context, event }) => ({ ...context.filters, page: event.page }) }),
            { type: 'syncUrl', params: ({ context }) => context.filters },
          ],
        },
        'users.pageSize': {
          guard: 'validPageSize',
          target: '.loading',
          actions: [
            assign({
              filters: ({ context, event }) => withFilters(context, { limit: event.limit }),
            }),
            { type: 'syncUrl', params: ({ context }) => context.filters },
          ],
        },
        'users.urlChanged': {
          guard: 'filtersDiffer',
          target: '.loading',
          actions: assign(({ event }) => ({
            filters: event.filters,
            searchInput: event.filters.search,
          })),
        },
      },
      states: {
        loading: {
          invoke: {
            src: 'fetchUsers',
            input: ({ context }) => fetchInput(context.filters),
            onDone: [
              {
                // The page ran past the end (its last row was deleted, or an old link): go to the last page.
                guard: ({ context, event }) =>
                  (event.output.data?.users.length ?? 0) === 0 &&
                  context.filters.page > 1 &&
                  (event.output.data?.pagination?.totalPages ?? 0) >= 1,
                target: 'loading',
                reenter: true,
                actions: [
                  assign({
                    filters: ({ context, event }) => ({
                      ...context.filters,
                      page: Math.min(
                        context.filters.page - 1,
                        event.output.data?.pagination?.totalPages ?? 1,
                      ),
                    }),
                  }),
                  { type: 'syncUrl', params: ({ context }) => context.filters },
                ],
              },
              {
                target: 'ready',
                actions: assign({
                  users: ({ event }) => event.output.data?.users ?? [],
                  pagination: ({ event }) => event.output.data?.pagination ?? null,
                  loadError: null,
                }),
              },
            ],
            onError: {
              target: 'failed',
              actions: assign({
                users: [],
                pagination: null,
                loadError: ({ event }) => failureText(event.error, LIST_FALLBACK),
              }),
            },
          },
        },
        ready: {},
        failed: {},
      },
    },

    search: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'users.searchTyped': {
              target: 'debouncing',
              actions: assign({ searchInput: ({ event }) => event.text }),
            },
          },
        },
        debouncing: {
          // Each keystroke restarts the 500 ms wait.
          on: {
            'users.searchTyped': {
              target: 'debouncing',
              reenter: true,
              actions: assign({ searchInput: ({ event }) => event.text }),
            },
          },
          after: {
            searchDebounce: [
              {
                guard: 'searchChanged',
                target: 'idle',
                actions: [
                  assign({
                    filters: ({ context }) =>
                      withFilters(context, { search: context.searchInput.trim() }),
                  }),
                  { type: 'syncUrl', params: ({ context }) => context.filters },
                  'reload',
                ],
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },

    banner: {
      initial: 'hidden',
      on: {
        'banner.show': {
          target: '.shown',
          actions: assign({ banner: ({ event }) => event.banner }),
        },
        'users.saved': {
          actions: [
            {
              type: 'showBanner',
              params: ({ event }) => ({ type: 'success', text: event.message }),
            },
            'reload',
          ],
        },
      },
      states: {
        hidden: { entry: assign({ banner: null }) },
        shown: {
          on: { 'banner.dismiss': 'hidden' },
          after: { messageTimeout: 'hidden' },
        },
      },
    },

    action: {
      initial: 'idle',
      states: {
        idle: {
          entry: assign({ action: null }),
          on: {
            'users.delete': {
              target: 'confirming',
              actions: assign({
                action: ({ event }) => ({ kind: 'delete', user: event.user, notes: '' }),
              }),
            },
            'users.verify': {
              target: 'confirming',
              actions: assign({
                action: ({ event }) => ({ kind: 'verify', user: event.user, notes: '' }),
              }),
            },
            'users.invalidate': {
              target: 'confirming',
              actions: assign({
                action: ({ event }) => ({ kind: 'invalidate', user: event.user, notes: '' }),
              }),
            },
          },
        },
        confirming: {
          on: {
            'action.notes': {
              actions: assign({
                action: ({ context, event }) =>
                  context.action && { ...context.action, notes: event.notes },
              }),
            },
            'action.confirm': 'running',
            'action.cancel': 'idle',
          },
        },
        running: {
          invoke: {
            src: 'runAction',
            input: ({ context }) => ({
              kind: context.action!.kind,
              id: context.action!.user.id,
              notes: context.action!.notes.trim(),
            }),
            onDone: {
              target: 'idle',
              actions: [
                {
                  type: 'showBanner',
                  params: ({ context, event }) => ({
                    type: 'success',
                    text: event.output.message || ACTION_SUCCESS[context.action!.kind],
                  }),
                },
                'reload',
              ],
            },
            onError: [
              {
                // e.g. 409 'Cannot remove the last verified administrator': the admin reads the server's
                // reason, and the list is read again since the server may have changed it.
                guard: ({ event }) => isServiceError(event.error),
                target: 'idle',
                actions: [
                  {
                    type: 'showBanner',
                    params: ({ context, event }) => ({
                      type: 'error',
                      text: failureText(event.error, ACTION_FALLBACK[context.action!.kind]),
                    }),
                  },
                  'reload',
                ],
              },
              {
                target: 'idle',
                actions: {
                  type: 'showBanner',
                  params: ({ context }) => ({
                    type: 'error',
                    text: ACTION_FALLBACK[context.action!.kind],
                  }),
                },
              },
            ],
          },
        },
      },
    },
  },
});
