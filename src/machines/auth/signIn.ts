// Sign in (docs/product.md#flows, #input-rules): a valid form calls the server; success goes to the authenticated state
// and the remembered route, failure shows the server's message on the form.
import { assertEvent, assign } from 'xstate';
import { validateSignIn } from '../../domain/validation/forms';
import { failureText, lockoutWaitOf } from '../../domain/serviceResult';
import { authSetup, formAlert } from './setup';

export const signInFlow = {
  /** Transitions of signedOut.idle. */
  on: authSetup.createStateConfig({
    on: {
      'auth.signIn': [
        {
          guard: 'signInValid',
          target: 'signingIn',
          actions: assign({ fieldErrors: {}, alert: null }),
        },
        { actions: assign({ fieldErrors: ({ event }) => validateSignIn(event), alert: null }) },
      ],
    },
  }).on,
  states: {
    signingIn: authSetup.createStateConfig({
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          assertEvent(event, 'auth.signIn');
          return { email: event.email.trim(), password: event.password };
        },
        onDone: {
          target: '#auth.authenticated',
          actions: [
            assign({ user: ({ event }) => event.output.user, alert: null }),
            'redirectAfterSignIn',
          ],
        },
        onError: {
          target: 'idle',
          actions: assign({
            alert: ({ event }) =>
              formAlert(
                'signIn',
                'error',
                failureText(event.error, 'Login failed'),
                lockoutWaitOf(event.error),
              ),
          }),
        },
      },
    }),
  },
};
