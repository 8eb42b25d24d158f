// The per-user menus (docs/product.md#flows "Menu cache"): loaded after sign-in, valid for 5 minutes.
// Start uses a fresh cache; a load when stale fetches again (keeping the old lists meanwhile);
// a refresh clears the cache and fetches both lists (all menus and the user's menus).
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '../../domain/serviceResult';
import type { Menu, MenuLists, MenusContext, MenusEvent, MenusInput, MenusStatus } from './types';

export type * from './types';

/** docs/product.md#limits: menu cache 5 minutes. */
export const MENU_CACHE_MS = 300_000;
export const MENUS_FAILED_MESSAGE = 'Failed to fetch user menus';

export const menusMachine = setup({
  types: {
    context: {} as MenusContext,
    events: {} as MenusEvent,
    input: {} as MenusInput,
  },
  actors: {
    fetchUserMenus: fromPromise<Menu[]>(async () => []),
    fetchAllMenus: fromPromise<Menu[]>(async () => []),
  },
  actions: {
    persistMenus: (_, _lists: MenuLists) => {},
    clearMenuCache: () => {},
  },
  guards: {
    cacheIsFresh: ({ context }) => context.cached !== null && context.cached.ageMs < MENU_CACHE_MS,
  },
  delays: {
    menuCacheTtl: ({ context }) => context.ttlMs,
  },
}).createMachine({
  id: 'menus',
  context: ({ input }) => ({
    userMenus: [],
    allMenus: [],
    error: null,
    ttlMs: MENU_CACHE_MS,
    cached: input.cached ?? null,
  }),
  initial: 'starting',
  on: {
    'menus.refresh': '.refreshing',
  },
  states: {
    starting: {
      always: [
        {
          guard: 'cacheIsFresh',
          target: 'loaded',
          actions: assign(({ context }) => {
            const cached = context.cached;
            if (!cached) return { cached: null };
            const { userMenus, allMenus, ageMs } = cached;
            return { userMenus, allMenus, ttlMs: MENU_CACHE_MS - ageMs, cached: null };
          }),
        },
        { target: 'loading', actions: assign({ cached: null }) },
      ],
    },
    loading: {
      invoke: {
        src: 'fetchUserMenus',
        onDone: {
          target: 'loaded',
          actions: [
            assign({ userMenus: ({ event }) => event.output, error: null, ttlMs: MENU_CACHE_MS }),
            {
              type: 'persistMenus',
              params: ({ context }) => ({
                userMenus: context.userMenus,
                allMenus: context.allMenus,
              }),
            },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => failureText(event.error, MENUS_FAILED_MESSAGE) }),
        },
      },
    },
    refreshing: {
      entry: ['clearMenuCache', assign({ error: null })],
      initial: 'allMenus',
      states: {
        allMenus: {
          invoke: {
            src: 'fetchAllMenus',
            // Only administrators may need the full list; a failure here must not hide the sidebar.
            onDone: {
              target: 'userMenus',
              actions: assign({ allMenus: ({ event }) => event.output }),
            },
            onError: 'userMenus',
          },
        },
        userMenus: {
          invoke: {
            src: 'fetchUserMenus',
            onDone: {
              target: '#menus.loaded',
              actions: [
                assign({ userMenus: ({ event }) => event.output, ttlMs: MENU_CACHE_MS }),
                {
                  type: 'persistMenus',
                  params: ({ context }) => ({
                    userMenus: context.userMenus,
                    allMenus: context.allMenus,
                  }),
                },
              ],
            },
            onError: {
              target: '#menus.failed',
              actions: assign({
                error: ({ event }) => failureText(event.error, MENUS_FAILED_MESSAGE),
              }),
            },
          },
        },
      },
    },
    loaded: {
      initial: 'fresh',
      states: {
        fresh: {
          after: { menuCacheTtl: 'stale' },
        },
        stale: {
          on: { 'menus.load': 'revalidating' },
        },
        revalidating: {
          invoke: {
            src: 'fetchUserMenus',
            onDone: {
              target: 'fresh',
              actions: [
                assign({ userMenus: ({ event }) => event.output, ttlMs: MENU_CACHE_MS }),
                {
                  type: 'persistMenus',
                  params: ({ context }) => ({
                    userMenus: context.userMenus,
                    allMenus: context.allMenus,
                  }),
                },
              ],
            },
            // Keep showing the lists we have; the next load tries again.
            onError: 'stale',
          },
        },
      },
    },
    failed: {
      on: { 'menus.retry': 'loading', 'menus.load': 'loading' },
    },
  },
});

/** What the sidebar and the guard need to know. */
export function menusStatus(snapshot: {
  matches: (v: 'loaded' | 'failed') => boolean;
}): MenusStatus {
  if (snapshot.matches('loaded')) return 'loaded';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}
