// The list region of the user list machine: load a page of users for the filters, follow the
// filters (role, verified, paging, the URL), and step back a page when the one shown ran past
// the end.
import { assign } from 'xstate';
import { failureText } from '../../domain/serviceResult';
import { fetchInput, withFilters } from './filters';
import { userListSetup } from './setup';
import type { RoleFilter, VerifiedFilter } from './types';

const LIST_FALLBACK = 'Failed to fetch users';

export const listRegion = userListSetup.createStateConfig({
  initial: 'loading',
  on: {
    'users.reload': { target: '.loading' },
    'users.roleFilter': {
      target: '.loading',
      actions: [
        assign({
          filters: ({ context, event }) =>
            withFilters(context.filters, { role: event.role as RoleFilter }),
        }),
        { type: 'syncUrl', params: ({ context }) => context.filters },
      ],
    },
    'users.verifiedFilter': {
      target: '.loading',
      actions: [
        assign({
          filters: ({ context, event }) =>
            withFilters(context.filters, { verified: event.verified as VerifiedFilter }),
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
          filters: ({ context, event }) => withFilters(context.filters, { limit: event.limit }),
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
});
