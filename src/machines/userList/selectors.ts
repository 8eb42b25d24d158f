// What the user management screen reads from the user list machine, by name: components select
// these instead of digging in the machine's context.
import type { SnapshotFrom } from 'xstate';
import type { userListMachine } from './machine';

type State = SnapshotFrom<typeof userListMachine>;

export type ListStatus = 'loading' | 'failed' | 'ready';

export const selectListStatus = (s: State): ListStatus =>
  s.matches({ list: 'loading' }) ? 'loading' : s.matches({ list: 'failed' }) ? 'failed' : 'ready';
export const selectUsers = (s: State) => s.context.users;
export const selectPagination = (s: State) => s.context.pagination;
export const selectFilters = (s: State) => s.context.filters;
export const selectLoadError = (s: State) => s.context.loadError;
export const selectBanner = (s: State) => s.context.banner;
export const selectSearchInput = (s: State) => s.context.searchInput;
/** The row action waiting for confirmation or running, or null. */
export const selectRowAction = (s: State) => s.context.action;
export const selectActionOpen = (s: State) => !s.matches({ action: 'idle' });
export const selectActionRunning = (s: State) => s.matches({ action: 'running' });
