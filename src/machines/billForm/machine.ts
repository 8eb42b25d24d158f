// The bill forms (docs/product.md#screens "/create-progress-bill", "/update-progress-bill", #input-rules, #messages): values kept
// as typed, checked by the shared rules on submit, saved through an injected actor. Create
// redirects to /dashboard 2 s after success; update hands the saved summary to its owner.
import { assign, fromPromise, raise, setup } from 'xstate';
import { failureText, isServiceError } from '../../domain/serviceResult';
import { appliedMine, conflictShown, editConflictGuards, reloaded } from '../shared/editConflict';
import { TIMING_MS } from '../../domain/constants';
import {
  INVOICE_SUMMARY_FIELDS,
  SUMMARY_FIELD_BY_KEY,
  SUMMARY_SAVED_TEXTS,
  type InvoiceSummary,
  type SummaryFieldKey,
} from '../../domain/billing/invoiceSummary';
import { formatRupiah, parseRupiah } from '../../domain/values/rupiah';
import {
  VALIDATION_MESSAGES,
  validateCreateBill,
  validateUpdateBill,
  type FieldErrors,
} from '../../domain/validation';
import type {
  BillFormContext,
  BillFormEvent,
  BillFormInput,
  BillFormMode,
  BillFormValues,
  SaveBillInput,
  SaveBillOutput,
} from './types';

export type * from './types';

export const BILL_CREATED_MESSAGE: string = SUMMARY_SAVED_TEXTS.created;
export const BILL_UPDATED_MESSAGE: string = SUMMARY_SAVED_TEXTS.updated;

/** An amount as the form shows it: 'Rp 1.500.000'; text that is not a number is left as typed. */
export function amountText(value: string): string {
  const n = parseRupiah(value);
  return n === null ? value : formatRupiah(Math.round(n));
}

/** The form's starting values: empty for create (counts and amounts blank), the summary's for update. */
export function initialBillValues(summary?: InvoiceSummary | null, period = ''): BillFormValues {
  const out = {} as BillFormValues;
  for (const f of INVOICE_SUMMARY_FIELDS) {
    if (!summary) out[f.key] = f.key === 'period' ? period : '';
    else if (f.kind === 'amount') out[f.key] = formatRupiah(summary[f.key] as number);
    else out[f.key] = String(summary[f.key] ?? '');
  }
  return out;
}

/**
 * Whether leaving now would lose typing: the form is being edited (not saved, not saving) and
 * some field differs from what it opened with. Spaces around a value do not count.
 */
export function isBillFormDirty(snapshot: {
  matches: (state: { form: 'editing' }) => boolean;
  context: Pick<BillFormContext, 'values' | 'initialValues'>;
}): boolean {
  if (!snapshot.matches({ form: 'editing' })) return false;
  const { values, initialValues } = snapshot.context;
  return INVOICE_SUMMARY_FIELDS.some((f) => values[f.key].trim() !== initialValues[f.key].trim());
}

export function validateBillForm(
  mode: BillFormMode,
  values: BillFormValues,
): FieldErrors<SummaryFieldKey> {
  return mode === 'create' ? validateCreateBill(values) : validateUpdateBill(values);
}

export const billFormMachine = setup({
  types: {
    context: {} as BillFormContext,
    events: {} as BillFormEvent,
    input: {} as BillFormInput,
  },
  actors: {
    saveBill: fromPromise<SaveBillOutput, SaveBillInput>(async () => ({
      summary: null,
      message: BILL_CREATED_MESSAGE,
    })),
  },
  actions: {
    /** create: go to /dashboard. */
    redirectToDashboard: () => {},
    /** update: the owner (the summary list) takes the saved summary. */
    billSaved: (_, _params: { summary: InvoiceSummary | null; message: string }) => {},
    /** Batal. */
    leaveForm: () => {},
    showMessage: raise({ type: 'bill.messageShown' }),
  },
  guards: {
    ...editConflictGuards,
    formValid: ({ context }) =>
      Object.keys(validateBillForm(context.mode, context.values)).length === 0,
    isCreate: ({ context }) => context.mode === 'create',
  },
  delays: {
    messageTimeout: TIMING_MS.messageDisplay,
    redirectDelay: TIMING_MS.redirectAfterCreateBill,
  },
}).createMachine({
  id: 'billForm',
  context: ({ input }) => ({
    mode: input.mode,
    id: input.summary?.id ?? null,
    values: initialBillValues(input.summary, input.period),
    initialValues: initialBillValues(input.summary, input.period),
    fieldErrors: {},
    existingPeriod: null,
    error: null,
    success: null,
    version: input.summary?.version ?? null,
    conflict: null,
  }),
  type: 'parallel',
  states: {
    // The success banner vanishes 5 s after it was shown (docs/product.md#limits "Message display 5 s"); an
    // error stays until the user sends the form again, so it is never lost unseen.
    banner: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'bill.messageShown': 'shown' } },
        // Re-entering itself (not its parent) restarts the timer without touching the form region.
        shown: {
          on: { 'bill.messageShown': { target: 'shown', reenter: true } },
          after: { messageTimeout: { target: 'hidden', actions: assign({ success: null }) } },
        },
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'bill.fieldChanged': {
              actions: assign(({ context, event }) => ({
                values: { ...context.values, [event.field]: event.value },
                fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
                existingPeriod: event.field === 'period' ? null : context.existingPeriod,
              })),
            },
            'bill.fieldBlurred': {
              guard: ({ event }) => SUMMARY_FIELD_BY_KEY[event.field].kind === 'amount',
              actions: assign(({ context, event }) => ({
                values: {
                  ...context.values,
                  [event.field]: amountText(context.values[event.field]),
                },
              })),
            },
            'bill.submit': [
              {
                guard: 'formValid',
                target: 'submitting',
                actions: assign({
                  fieldErrors: {},
                  error: null,
                  success: null,
                  existingPeriod: null,
                  conflict: null,
                }),
              },
              {
                actions: assign(({ context }) => ({
                  fieldErrors: validateBillForm(context.mode, context.values),
                })),
              },
            ],
            'bill.cancel': { actions: 'leaveForm' },
            'bill.conflictReload': {
              guard: 'canReload',
              actions: assign(({ context }) => ({
                ...reloaded(context, (current: InvoiceSummary) => {
                  const values = initialBillValues(current);
                  return { values, initialValues: values };
                }),
                fieldErrors: {},
                error: null,
              })),
            },
            'bill.conflictApplyMine': {
              guard: 'hasConflict',
              target: 'submitting',
              actions: assign(({ context }) => ({ ...appliedMine(context), error: null })),
            },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'saveBill',
            input: ({ context }) => ({
              mode: context.mode,
              id: context.id,
              values: context.values,
              version: context.version,
            }),
            onDone: {
              target: 'saved',
              actions: [
                assign(({ event }) => ({ success: event.output.message })),
                'showMessage',
                { type: 'billSaved', params: ({ event }) => event.output },
              ],
            },
            onError: [
              {
                // Someone saved the summary meanwhile: keep the typed values, show what changed.
                guard: 'savedMeanwhile',
                target: 'editing',
                actions: assign(conflictShown<InvoiceSummary>),
              },
              {
                target: 'editing',
                actions: [
                  assign({
                    error: ({ event }) =>
                      failureText(event.error, VALIDATION_MESSAGES.SUMMARY_SAVE_FAILED),
                    // The period is taken: said on the period field too, with the way to its edit form.
                    existingPeriod: ({ context, event }) =>
                      context.mode === 'create' &&
                      isServiceError(event.error) &&
                      event.error.result.status === 409
                        ? context.values.period.trim()
                        : null,
                  }),
                  'showMessage',
                ],
              },
            ],
          },
        },
        saved: {
          initial: 'deciding',
          states: {
            deciding: {
              always: [{ guard: 'isCreate', target: 'redirecting' }, { target: 'done' }],
            },
            redirecting: {
              after: { redirectDelay: { target: 'done', actions: 'redirectToDashboard' } },
            },
            done: { type: 'final' },
          },
        },
      },
    },
  },
});
