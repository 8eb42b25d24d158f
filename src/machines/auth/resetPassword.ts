// Reset password (docs/product.md#flows, #input-rules): the token from the mailed link and a new password; success sends
// the user to /signin with a confirmation, a missing token is said on the form.
import { assertEvent, assign } from 'xstate';
import { validateResetPassword } from '../../domain/validation/forms';
import { failureText } from '../../domain/serviceResult';
import { authSetup, formAlert, PASSWORD_RESET_DONE } from './setup';

export const resetPasswordFlow = {
  /** Transitions of signedOut.idle. */
  on: authSetup.createStateConfig({
    on: {
      'auth.resetPassword': [
        {
          guard: 'resetValid',
          target: 'resettingPassword',
          actions: assign({ fieldErrors: {}, alert: null }),
        },
        {
          actions: assign({
            fieldErrors: ({ event }) => validateResetPassword(event),
            alert: ({ event }) =>
              event.token.trim() === ''
                ? formAlert('resetPassword', 'error', 'Reset token is missing or invalid')
                : null,
          }),
        },
      ],
    },
  }).on,
  states: {
    resettingPassword: authSetup.createStateConfig({
      invoke: {
        src: 'resetPassword',
        input: ({ event }) => {
          assertEvent(event, 'auth.resetPassword');
          return { token: event.token.trim(), password: event.password };
        },
        onDone: {
          target: 'idle',
          actions: [
            assign({ alert: formAlert('signIn', 'success', PASSWORD_RESET_DONE) }),
            { type: 'navigate', params: { to: '/signin' } },
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({
            alert: ({ event }) =>
              formAlert(
                'resetPassword',
                'error',
                failureText(event.error, 'Failed to reset password'),
              ),
          }),
        },
      },
    }),
  },
};
