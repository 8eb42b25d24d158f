// "Record in progress for {period}" after a merge (issue 22): choose the period, see the counts,
// save the generation run and the period's generated count. A run already recorded with the same
// files asks before its rows are counted twice. Side effects are injected actors.
import { assign, fromPromise, setup } from 'xstate';
import { required } from '../shared/required';
import type { GenerationRun } from '../../domain/billing/generationRun';
import { defaultRunPeriod } from '../../domain/billing/recordRun';
import { validateProgressUpdate } from '../../domain/validation/billForms';
import { errorText } from '../../domain/text/errorText';

export interface RunPeriod {
  readonly id: string | number;
  readonly period: string;
  readonly generated: number;
  readonly total: number;
}

export interface RecordRunInput {
  readonly dataFileName: string;
  readonly documents: number;
}

export interface SaveInput {
  readonly summary: RunPeriod;
  readonly count: number;
  readonly confirmDuplicate: boolean;
}

export type SaveOutput = { readonly saved: true } | { readonly duplicateOf: GenerationRun };

interface Context {
  readonly documents: number;
  readonly dataFileName: string;
  readonly periods: readonly RunPeriod[];
  readonly period: string;
  readonly duplicateOf: GenerationRun | null;
  readonly error: string;
}

const notProvided = () => {
  throw new Error('not provided');
};

export function chosenPeriod(context: Context): RunPeriod | undefined {
  return context.periods.find((p) => p.period === context.period);
}

/** The count after recording, and the progress dialog's error for it ('' when it may be saved). */
export function nextCount(context: Context): { count: number; error: string } {
  const summary = chosenPeriod(context);
  if (!summary) return { count: 0, error: '' };
  const count = summary.generated + context.documents;
  const errors = validateProgressUpdate({ invoiceId: summary.id, count, total: summary.total });
  return { count, error: errors.count ?? errors.invoiceId ?? '' };
}

export const recordRunMachine = setup({
  types: {
    context: {} as Context,
    input: {} as RecordRunInput,
    events: {} as
      | { type: 'record.periodChanged'; period: string }
      | { type: 'record.save' }
      | { type: 'record.confirm' }
      | { type: 'record.dismiss' },
  },
  actors: {
    loadPeriods: fromPromise<RunPeriod[]>(notProvided),
    save: fromPromise<SaveOutput, SaveInput>(notProvided),
  },
  guards: {
    canSave: ({ context }) => chosenPeriod(context) !== undefined && !nextCount(context).error,
  },
}).createMachine({
  id: 'recordRun',
  context: ({ input }) => ({
    documents: input.documents,
    dataFileName: input.dataFileName,
    periods: [],
    period: '',
    duplicateOf: null,
    error: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadPeriods',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            periods: event.output,
            period: defaultRunPeriod(
              context.dataFileName,
              event.output.map((p) => p.period),
            ),
          })),
        },
        onError: { target: 'unavailable' },
      },
    },
    /** No summaries could be read: nothing to record in. */
    unavailable: {},
    ready: {
      on: {
        'record.periodChanged': {
          actions: assign(({ event }) => ({ period: event.period, error: '' })),
        },
        'record.save': { guard: 'canSave', target: 'saving' },
        'record.dismiss': { target: 'dismissed' },
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          summary: required(chosenPeriod(context), 'The period chosen'),
          count: nextCount(context).count,
          confirmDuplicate: context.duplicateOf !== null,
        }),
        onDone: [
          {
            guard: ({ event }) => 'duplicateOf' in event.output,
            target: 'askingTwice',
            actions: assign(({ event }) => ({
              duplicateOf: 'duplicateOf' in event.output ? event.output.duplicateOf : null,
            })),
          },
          { target: 'saved' },
        ],
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({
            error: errorText(event.error),
            duplicateOf: null,
          })),
        },
      },
    },
    /** The same files were recorded for this period before: count them again only if asked. */
    askingTwice: {
      on: {
        'record.confirm': { target: 'saving' },
        'record.dismiss': { target: 'ready', actions: assign({ duplicateOf: null }) },
      },
    },
    saved: { type: 'final' },
    dismissed: { type: 'final' },
  },
});
