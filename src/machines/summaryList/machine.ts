// /update-progress-bill (docs/product.md#screens): the table of summaries (limit 50, newest period first), one
// summary's edit form, and delete after a confirmation. ?period= auto-selects its summary.
import { assign, fromPromise, raise, setup } from 'xstate';
import { failureText } from '../../domain/serviceResult';
import { TIMING_MS } from '../../domain/constants';
import { SUMMARY_SAVED_TEXTS, type InvoiceSummary } from '../../domain/billing/invoiceSummary';
import { VALIDATION_MESSAGES } from '../../domain/validation';
import type {
  DeleteSummaryInput,
  SummaryId,
  SummaryListContext,
  SummaryListEvent,
  SummaryListInput,
} from './types';
import { required } from '../shared/required';

export type * from './types';

export const SUMMARY_DELETED_MESSAGE: string = SUMMARY_SAVED_TEXTS.deleted;
export const SUMMARY_LIST_FAILED = 'Gagal memuat daftar invoice summary';
export const SUMMARY_DELETE_FAILED = 'Gagal menghapus invoice summary';

const sameId = (a: SummaryId | null, b: SummaryId | null): boolean =>
  a !== null && b !== null && String(a) === String(b);

/** The summary the editor shows, or undefined. */
export function selectedSummary(
  context: Pick<SummaryListContext, 'summaries' | 'selectedId'>,
): InvoiceSummary | undefined {
  return context.summaries.find((s) => sameId(s.id, context.selectedId));
}

export const summaryListMachine = setup({
  types: {
    context: {} as SummaryListContext,
    events: {} as SummaryListEvent,
    input: {} as SummaryListInput,
  },
  actors: {
    loadSummaries: fromPromise<InvoiceSummary[]>(async () => []),
    deleteSummary: fromPromise<string, DeleteSummaryInput>(async () => SUMMARY_DELETED_MESSAGE),
  },
  actions: {
    showMessage: raise({ type: 'list.messageShown' }),
    /** The editor closed: drop ?period= from the address so a reload shows the table. */
    editorClosed: () => {},
  },
  guards: {
    requestedPeriodFound: ({ context }) =>
      context.requestedPeriod !== null &&
      context.summaries.some((s) => s.period === context.requestedPeriod),
    periodRequested: ({ context }) => context.requestedPeriod !== null,
    selectionExists: ({ context }) => selectedSummary(context) !== undefined,
  },
  delays: {
    messageTimeout: TIMING_MS.messageDisplay,
  },
}).createMachine({
  id: 'summaryList',
  context: ({ input }) => ({
    summaries: [],
    requestedPeriod: input.period || null,
    selectedId: null,
    pendingDeleteId: null,
    error: null,
    success: null,
    notice: null,
  }),
  type: 'parallel',
  states: {
    banner: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'list.messageShown': 'shown' } },
        // Re-entering itself (not its parent) restarts the timer without touching the list region.
        shown: {
          on: { 'list.messageShown': { target: 'shown', reenter: true } },
          after: {
            messageTimeout: {
              target: 'hidden',
              actions: assign({ error: null, success: null, notice: null }),
            },
          },
        },
      },
    },
    list: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'loadSummaries',
            onDone: {
              target: 'choosing',
              actions: assign({ summaries: ({ event }) => event.output }),
            },
            onError: {
              target: 'failed',
              actions: assign({
                error: ({ event }) => failureText(event.error, SUMMARY_LIST_FAILED),
              }),
            },
          },
        },
        // After a load: open the summary of ?period= (once), keep an open editor, or show the table.
        choosing: {
          always: [
            {
              guard: 'requestedPeriodFound',
              target: 'editing',
              actions: assign(({ context }) => ({
                selectedId: required(
                  context.summaries.find((s) => s.period === context.requestedPeriod),
                  'The summary of the period requested',
                ).id,
                requestedPeriod: null,
              })),
            },
            {
              guard: 'periodRequested',
              target: 'browsing',
              actions: [
                assign({ requestedPeriod: null, notice: VALIDATION_MESSAGES.PERIOD_NOT_FOUND }),
                'showMessage',
              ],
            },
            { guard: 'selectionExists', target: 'editing' },
            { target: 'browsing', actions: assign({ selectedId: null }) },
          ],
        },
        failed: {
          on: { 'list.retry': { target: 'loading', actions: assign({ error: null }) } },
        },
        browsing: {
          on: {
            'list.edit': {
              target: 'editing',
              actions: assign({ selectedId: ({ event }) => event.id }),
            },
            'list.delete': {
              target: 'confirmingDelete',
              actions: assign({ pendingDeleteId: ({ event }) => event.id }),
            },
          },
        },
        editing: {
          on: {
            'list.closeEditor': {
              target: 'browsing',
              actions: [assign({ selectedId: null }), 'editorClosed'],
            },
            'list.saved': {
              target: 'loading',
              actions: [
                assign(({ event }) => ({ selectedId: null, success: event.message, error: null })),
                'showMessage',
                'editorClosed',
              ],
            },
            'list.edit': {
              target: 'editing',
              reenter: true,
              actions: assign({ selectedId: ({ event }) => event.id }),
            },
          },
        },
        confirmingDelete: {
          on: {
            'list.confirmDelete': 'deleting',
            'list.cancelDelete': { target: 'browsing', actions: assign({ pendingDeleteId: null }) },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            src: 'deleteSummary',
            // With the version the table shows: a summary changed since is not deleted unseen (412).
            input: ({ context }) => ({
              id: required(context.pendingDeleteId, 'The summary to delete'),
              version:
                context.summaries.find((s) => sameId(s.id, context.pendingDeleteId))?.version ??
                null,
            }),
            onDone: {
              target: 'loading',
              actions: [
                assign(({ event }) => ({
                  pendingDeleteId: null,
                  success: event.output || SUMMARY_DELETED_MESSAGE,
                  error: null,
                })),
                'showMessage',
              ],
            },
            onError: {
              target: 'browsing',
              actions: [
                assign(({ event }) => ({
                  pendingDeleteId: null,
                  error: failureText(event.error, SUMMARY_DELETE_FAILED),
                })),
                'showMessage',
              ],
            },
          },
        },
      },
    },
  },
});
