// The Change Password modal of /profile (docs/product.md#input-rules "Change password", #messages, #limits): the rules of
// src/domain, then the injected call; on success the server's message shows and the modal
// closes 2 s later.
import { assign, fromPromise, setup } from 'xstate';
import { TIMING_MS } from '../../domain/constants';
import {
  hasErrors,
  validateChangePassword,
  type ChangePasswordForm,
} from '../../domain/validation';
import { failureText, type ServiceResult } from '../../domain/serviceResult';

export type PasswordField = keyof ChangePasswordForm;

export interface ChangePasswordContext {
  readonly values: ChangePasswordForm;
  readonly errors: Partial<Record<PasswordField, string>>;
  readonly error: string | null;
  readonly success: string | null;
}

export type ChangePasswordEvent =
  | { type: 'password.open' }
  | { type: 'password.change'; field: PasswordField; value: string }
  | { type: 'password.submit' }
  | { type: 'password.close' };

export const PASSWORD_CHANGED = 'Password changed successfully.';
const PASSWORD_FALLBACK = 'Failed to change password';
const EMPTY: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export const changePasswordMachine = setup({
  types: {
    context: {} as ChangePasswordContext,
    events: {} as ChangePasswordEvent,
  },
  actors: {
    changePassword: fromPromise<ServiceResult<unknown>, ChangePasswordForm>(() =>
      Promise.reject(new Error('changePassword is not provided')),
    ),
  },
  actions: {
    /** The page reloads the activity list. */
    passwordChanged: () => {},
  },
  guards: {
    isValid: ({ context }) => !hasErrors(validateChangePassword(context.values)),
  },
  delays: {
    closeAfterSuccess: TIMING_MS.closeAfterPasswordChange,
  },
}).createMachine({
  id: 'changePassword',
  context: { values: EMPTY, errors: {}, error: null, success: null },
  initial: 'closed',
  states: {
    closed: {
      // Passwords never stay in memory longer than the modal is open.
      entry: assign({ values: EMPTY, errors: {}, error: null, success: null }),
      on: { 'password.open': 'editing' },
    },
    editing: {
      on: {
        'password.close': 'closed',
        'password.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _gone, ...errors } = context.errors;
            return { values: { ...context.values, [event.field]: event.value }, errors };
          }),
        },
        'password.submit': [
          { guard: 'isValid', target: 'submitting', actions: assign({ errors: {}, error: null }) },
          { actions: assign({ errors: ({ context }) => validateChangePassword(context.values) }) },
        ],
      },
    },
    submitting: {
      invoke: {
        src: 'changePassword',
        input: ({ context }) => context.values,
        onDone: {
          target: 'succeeded',
          actions: [
            assign({ success: ({ event }) => event.output.message || PASSWORD_CHANGED }),
            'passwordChanged',
          ],
        },
        // 400 'Current password is incorrect.', 422 'New password does not meet security requirements.' (docs/product.md#messages).
        onError: {
          target: 'editing',
          actions: assign({ error: ({ event }) => failureText(event.error, PASSWORD_FALLBACK) }),
        },
      },
    },
    succeeded: {
      entry: assign({ values: EMPTY }),
      on: { 'password.close': 'closed' },
      after: { closeAfterSuccess: 'closed' },
    },
  },
});
