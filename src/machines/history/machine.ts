// A record's history (issue 25): 'Riwayat Perubahan' of a period's summary on the dashboard, and a
// user's history in user management. Reads one page of the record's audit events through an
// injected actor, newest first; reloads when the record changes or another page is asked for.
import { assign, fromPromise, setup } from 'xstate';
import type { AuditEventEntry } from '../../domain/history';
import { failureText } from '../../domain/serviceResult';

export interface HistoryPage {
  events: AuditEventEntry[];
  /** Events of the record in all (every page), when the server said. */
  total: number | null;
}

export interface LoadHistoryInput {
  id: string | number;
  page: number;
  limit: number;
}

export interface HistoryInput {
  id: string | number;
  limit?: number;
  /** Shown when the read fails for a reason that has no text of its own. */
  failedText: string;
}

export interface HistoryContext {
  id: string | number;
  page: number;
  limit: number;
  events: AuditEventEntry[];
  total: number | null;
  error: string | null;
  failedText: string;
}

export type HistoryEvent =
  /** The record was saved (or another one shown): read again from the first page. */
  { type: 'history.reload'; id?: string | number } | { type: 'history.page'; page: number };

export const HISTORY_PAGE_SIZE = 10;

export const historyMachine = setup({
  types: {
    context: {} as HistoryContext,
    events: {} as HistoryEvent,
    input: {} as HistoryInput,
  },
  actors: {
    loadHistory: fromPromise<HistoryPage, LoadHistoryInput>(async () => ({
      events: [],
      total: 0,
    })),
  },
}).createMachine({
  id: 'history',
  context: ({ input }) => ({
    id: input.id,
    page: 1,
    limit: input.limit ?? HISTORY_PAGE_SIZE,
    events: [],
    total: null,
    error: null,
    failedText: input.failedText,
  }),
  initial: 'loading',
  on: {
    'history.reload': {
      target: '.loading',
      actions: assign(({ context, event }) => ({ id: event.id ?? context.id, page: 1 })),
    },
    'history.page': {
      target: '.loading',
      actions: assign({ page: ({ event }) => Math.max(1, event.page) }),
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadHistory',
        input: ({ context }) => ({ id: context.id, page: context.page, limit: context.limit }),
        onDone: {
          target: 'loaded',
          actions: assign(({ event }) => ({
            events: event.output.events,
            total: event.output.total,
            error: null,
          })),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ context, event }) => failureText(event.error, context.failedText),
          }),
        },
      },
    },
    loaded: {},
    failed: {},
  },
});

export type HistoryMachine = typeof historyMachine;
