// The user list of /user-management (docs/product.md#screens, #api "Users", #messages "User management", #limits): filters,
// debounced search, paging, row actions behind a confirmation, and 5 s banners. The filters live
// in the URL: the page parses them into the input (filters.ts), and `syncUrl` writes them
// back (replace). Four parallel regions: list (list.ts), search and banner (below), and
// the row action (rowAction.ts).
import { assign } from 'xstate';
import { DEFAULT_USER_FILTERS, withFilters } from './filters';
import { listRegion } from './list';
import { rowActionRegion } from './rowAction';
import { userListSetup } from './setup';

export type * from './types';
export { parseUserQuery, userQueryString } from './filters';

export const userListMachine = userListSetup.createMachine({
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
    list: listRegion,

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
                      withFilters(context.filters, { search: context.searchInput.trim() }),
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

    action: rowActionRegion,
  },
});
