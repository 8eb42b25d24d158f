// The dashboard of one period (docs/product.md#screens "/dashboard", #api, #limits): loads the period's summaries and
// the overview, keeps each period's result for 3 minutes, and shows loading, error, empty or
// loaded. Coming back to /dashboard from another route sends a forced periodChanged.
import { assign, fromPromise, raise, setup } from 'xstate';
import { failureText } from '../../domain/serviceResult';
import { CACHE_MS } from '../../domain/constants';
import type {
  CacheEntry,
  DashboardContext,
  DashboardData,
  DashboardEvent,
  DashboardInput,
  LoadDashboardInput,
} from './types';

export type * from './types';

export const DASHBOARD_LOADING_MESSAGE = 'Memuat data dashboard...';
export const DASHBOARD_LOAD_FAILED = 'Gagal memuat data dashboard';
export const DASHBOARD_LOAD_ERROR = 'Terjadi kesalahan saat memuat data dashboard';

const cachedEntry = (context: DashboardContext): CacheEntry | undefined =>
  context.cache[context.period];

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as DashboardInput,
  },
  actors: {
    loadDashboard: fromPromise<DashboardData, LoadDashboardInput>(async ({ input }) => ({
      period: input.period,
      summary: null,
      overview: [],
    })),
  },
  actions: {
    /** The period's cached figures, shown without a request (the `cached` guards checked them). */
    showCached: assign(({ context }) => {
      const entry = cachedEntry(context);
      return entry ? { data: entry.data, error: null } : {};
    }),
  },
  guards: {
    cachedWithSummary: ({ context }) => cachedEntry(context)?.data.summary != null,
    cached: ({ context }) => cachedEntry(context) !== undefined,
    hasSummary: ({ context }) => context.data?.summary != null,
  },
  delays: {
    dashboardCacheTtl: CACHE_MS.dashboard,
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    period: input.period,
    data: null,
    cache: {},
    cacheVersion: 0,
    error: null,
  }),
  initial: 'resolving',
  on: {
    'dashboard.periodChanged': {
      target: '.resolving',
      actions: assign(({ context, event }) => ({
        period: event.period,
        cache: event.force ? {} : context.cache,
      })),
    },
    'dashboard.refresh': {
      target: '.loading',
      actions: assign(({ context }) => {
        const { [context.period]: _dropped, ...rest } = context.cache;
        return { cache: rest };
      }),
    },
    'dashboard.cacheExpired': {
      actions: assign(({ context, event }) => {
        if (context.cache[event.period]?.version !== event.version) return {};
        const { [event.period]: _expired, ...rest } = context.cache;
        return { cache: rest };
      }),
    },
  },
  states: {
    resolving: {
      always: [
        {
          guard: 'cachedWithSummary',
          target: 'loaded',
          actions: 'showCached',
        },
        {
          guard: 'cached',
          target: 'empty',
          actions: 'showCached',
        },
        { target: 'loading' },
      ],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadDashboard',
        input: ({ context }) => ({ period: context.period }),
        onDone: {
          target: 'settling',
          actions: [
            assign(({ context, event }) => {
              const version = context.cacheVersion + 1;
              return {
                data: event.output,
                error: null,
                cacheVersion: version,
                cache: { ...context.cache, [event.output.period]: { data: event.output, version } },
              };
            }),
            raise(
              ({ context }) => ({
                type: 'dashboard.cacheExpired' as const,
                period: context.period,
                version: context.cacheVersion,
              }),
              { delay: 'dashboardCacheTtl' },
            ),
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => failureText(event.error, DASHBOARD_LOAD_ERROR),
            data: null,
          }),
        },
      },
    },
    settling: {
      always: [{ guard: 'hasSummary', target: 'loaded' }, { target: 'empty' }],
    },
    loaded: {},
    empty: {},
    failed: {
      on: { 'dashboard.retry': 'loading' },
    },
  },
});

export type DashboardStatus = 'loading' | 'loaded' | 'empty' | 'failed';

export function dashboardStatus(snapshot: {
  matches: (state: DashboardStatus) => boolean;
}): DashboardStatus {
  if (snapshot.matches('loaded')) return 'loaded';
  if (snapshot.matches('empty')) return 'empty';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}
