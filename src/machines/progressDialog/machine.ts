// The progress edit dialog (docs/product.md#screens "Progress edit dialog", #input-rules): one step's count (0..total) and,
// for steps with a document, its URL. Saving shows 'Progress berhasil diupdate!', closes after
// 1.5 s and tells the dashboard to refresh; messages disappear after 5 s.
import { assign, fromPromise, raise, setup } from 'xstate';
import { failureText } from '../../domain/serviceResult';
import { appliedMine, conflictShown, editConflictGuards, reloaded } from '../shared/editConflict';
import type { InvoiceSummary } from '../../domain/billing/invoiceSummary';
import { TIMING_MS } from '../../domain/constants';
import { parseRupiah } from '../../domain/values/rupiah';
import { pipelineStep } from '../../domain/billing/pipeline';
import { VALIDATION_MESSAGES, validateProgressUpdate } from '../../domain/validation';
import type {
  ProgressDialogContext,
  ProgressDialogEvent,
  SaveProgressInput,
  SaveProgressOutput,
} from './types';
import { required } from '../shared/required';

export type * from './types';

function formErrors(context: ProgressDialogContext) {
  return validateProgressUpdate(
    {
      invoiceId: context.invoiceId,
      count: context.countText,
      total: context.total,
      url: pipelineStep(context.stepKey).urlKey ? context.url : undefined,
    },
    context.stepKey,
  );
}

/** The count the dialog would save (NaN while the text is not a number). */
export function dialogCount(context: Pick<ProgressDialogContext, 'countText'>): number {
  return context.countText.trim() === ''
    ? Number.NaN
    : (parseRupiah(context.countText) ?? Number.NaN);
}

/** The dialog's fields from the summary as it is now (after a conflict). */
function reloadedTarget(context: ProgressDialogContext): Partial<ProgressDialogContext> {
  const step = pipelineStep(context.stepKey);
  return {
    ...reloaded(context, (current: InvoiceSummary) => {
      const count = current[step.countKey];
      return {
        count,
        countText: String(count),
        total: current.totalTransactionCount,
        url: step.urlKey ? current[step.urlKey] : context.url,
      };
    }),
    fieldErrors: {},
    error: null,
  };
}

export const progressDialogMachine = setup({
  types: {
    context: {} as ProgressDialogContext,
    events: {} as ProgressDialogEvent,
  },
  actors: {
    saveProgress: fromPromise<SaveProgressOutput, SaveProgressInput>(async () => ({
      message: VALIDATION_MESSAGES.PROGRESS_SAVED,
    })),
  },
  actions: {
    /** Tells the owner (the dashboard) that a step changed. */
    progressSaved: () => {},
    showMessages: raise({ type: 'progress.messagesShown' }),
  },
  guards: {
    ...editConflictGuards,
    formValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
  },
  delays: {
    messageTimeout: TIMING_MS.messageDisplay,
    dialogCloseDelay: TIMING_MS.progressDialogClose,
  },
}).createMachine({
  id: 'progressDialog',
  context: {
    invoiceId: null,
    period: '',
    stepKey: 'usage',
    count: 0,
    total: 0,
    url: '',
    version: null,
    countText: '0',
    fieldErrors: {},
    error: null,
    success: null,
    conflict: null,
  },
  type: 'parallel',
  states: {
    // Messages (field errors, banner, success) disappear 5 s after they were last shown.
    messages: {
      initial: 'quiet',
      states: {
        quiet: { on: { 'progress.messagesShown': 'showing' } },
        // Re-entering itself (not its parent) restarts the timer without touching the dialog region.
        showing: {
          on: {
            'progress.messagesShown': { target: 'showing', reenter: true },
            'progress.open': 'quiet',
          },
          after: {
            messageTimeout: {
              target: 'quiet',
              actions: assign({ fieldErrors: {}, error: null, success: null }),
            },
          },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'progress.open': {
              target: 'open',
              actions: [
                assign(({ event }) => ({
                  ...event.target,
                  url: event.target.url ?? '',
                  version: event.target.version ?? null,
                  countText: String(event.target.count),
                  fieldErrors: {},
                  error: null,
                  success: null,
                  conflict: null,
                })),
              ],
            },
          },
        },
        open: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'progress.countChanged': {
                  actions: assign(({ context, event }) => ({
                    countText: event.value,
                    fieldErrors: { ...context.fieldErrors, count: undefined },
                  })),
                },
                'progress.urlChanged': {
                  actions: assign(({ context, event }) => ({
                    url: event.value,
                    fieldErrors: { ...context.fieldErrors, url: undefined },
                  })),
                },
                'progress.save': [
                  {
                    guard: 'formValid',
                    target: 'saving',
                    actions: assign({ fieldErrors: {}, error: null, conflict: null }),
                  },
                  {
                    actions: [
                      assign(({ context }) => {
                        const { count, url, invoiceId } = formErrors(context);
                        return { fieldErrors: { count, url }, error: invoiceId ?? null };
                      }),
                      'showMessages',
                    ],
                  },
                ],
                'progress.cancel': '#progressDialog.dialog.closed',
                'progress.conflictReload': {
                  guard: 'canReload',
                  actions: assign(({ context }) => reloadedTarget(context)),
                },
                'progress.conflictApplyMine': {
                  guard: 'hasConflict',
                  target: 'saving',
                  actions: assign(({ context }) => ({ ...appliedMine(context), error: null })),
                },
              },
            },
            saving: {
              tags: ['busy'],
              invoke: {
                src: 'saveProgress',
                input: ({ context }) => ({
                  stepKey: context.stepKey,
                  invoiceId: required(context.invoiceId, 'The invoice of the step'),
                  count: dialogCount(context),
                  ...(pipelineStep(context.stepKey).urlKey ? { url: context.url.trim() } : {}),
                  version: context.version,
                }),
                onDone: {
                  target: 'saved',
                  actions: [
                    assign(({ context, event }) => ({
                      success: event.output.message || VALIDATION_MESSAGES.PROGRESS_SAVED,
                      count: dialogCount(context),
                    })),
                    'showMessages',
                    'progressSaved',
                  ],
                },
                onError: [
                  {
                    // Someone saved the summary meanwhile: keep the typed count, show what changed.
                    guard: 'savedMeanwhile',
                    target: 'editing',
                    actions: assign(conflictShown<InvoiceSummary>),
                  },
                  {
                    target: 'editing',
                    actions: [
                      assign({
                        error: ({ event }) =>
                          failureText(event.error, VALIDATION_MESSAGES.PROGRESS_SAVE_FAILED),
                      }),
                      'showMessages',
                    ],
                  },
                ],
              },
            },
            saved: {
              after: { dialogCloseDelay: '#progressDialog.dialog.closed' },
            },
          },
        },
      },
    },
  },
});
