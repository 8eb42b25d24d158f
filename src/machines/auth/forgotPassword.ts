// Forgot password (docs/product.md#flows, #input-rules): a valid email asks for a reset link; the neutral answer stays on
// the form for a few seconds, then the page goes to /signin.
import { assertEvent, assign } from 'xstate';
import { validateForgotPassword } from '../../domain/validation/forms';
import { failureText, lockoutWaitOf } from '../../domain/serviceResult';
import { authSetup, formAlert, RESET_EMAIL_SENT_DEFAULT } from './setup';

export const forgotPasswordFlow = {
  /** Transitions of signedOut.idle. */
  on: authSetup.createStateConfig({
    on: {
      'auth.forgotPassword': [
        {
          guard: 'forgotValid',
          target: 'requestingReset',
          actions: assign({ fieldErrors: {}, alert: null }),
        },
        {
          actions: assign({
            fieldErrors: ({ event }) => validateForgotPassword(event),
            alert: null,
          }),
        },
      ],
    },
  }).on,
  states: {
    requestingReset: authSetup.createStateConfig({
      invoke: {
        src: 'requestPasswordReset',
        input: ({ event }) => {
          assertEvent(event, 'auth.forgotPassword');
          return { email: event.email.trim() };
        },
        onDone: {
          target: 'resetRequested',
          actions: assign({
            alert: ({ event }) =>
              formAlert(
                'forgotPassword',
                'success',
                event.output.message || RESET_EMAIL_SENT_DEFAULT,
              ),
          }),
        },
        onError: {
          target: 'idle',
          actions: assign({
            alert: ({ event }) =>
              formAlert(
                'forgotPassword',
                'error',
                failureText(event.error, 'Failed to send password reset email'),
                lockoutWaitOf(event.error),
              ),
          }),
        },
      },
    }),
    resetRequested: authSetup.createStateConfig({
      on: {
        'auth.formOpened': {
          guard: 'otherForm',
          target: 'idle',
          actions: assign({ alert: null, fieldErrors: {} }),
        },
      },
      after: {
        resetEmailRedirect: {
          target: 'idle',
          actions: [assign({ alert: null }), { type: 'navigate', params: { to: '/signin' } }],
        },
      },
    }),
  },
};
