// The user list machine's setup: its types, the injected actors, and the actions, guards and
// delays its regions share (list.ts, rowAction.ts). The services are injected
// at the app root (src/ui/wiring/users.ts) and in tests.
import { fromPromise, raise, setup } from 'xstate';
import { TIMING_MS } from '../../domain/constants';
import { editConflictGuards } from '../shared/editConflict';
import { PAGE_SIZES, sameFilters } from './filters';
import type {
  Banner,
  FetchUsersInput,
  FetchUsersOutput,
  RunActionInput,
  RunActionOutput,
  UserFilters,
  UserListContext,
  UserListEvent,
  UserListInput,
} from './types';

function notProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`${name} is not provided`));
}

export const userListSetup = setup({
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
    savedMeanwhile: editConflictGuards.savedMeanwhile,
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
});
