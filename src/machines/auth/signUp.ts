// Sign up (docs/product.md#flows, #input-rules): a valid form registers; the success message stays on the form for a few
// seconds (and follows the user to the sign-in page), then the page goes to /signin.
import { assertEvent, assign } from 'xstate';
import { validateSignUp } from '../../domain/validation/forms';
import { failureText } from '../../domain/serviceResult';
import { authSetup, formAlert, SIGN_UP_SUCCESS_DEFAULT } from './setup';

export const signUpFlow = {
  /** Transitions of signedOut.idle. */
  on: authSetup.createStateConfig({
    on: {
      'auth.register': [
        {
          guard: 'signUpValid',
          target: 'registering',
          actions: assign({ fieldErrors: {}, alert: null }),
        },
        { actions: assign({ fieldErrors: ({ event }) => validateSignUp(event), alert: null }) },
      ],
    },
  }).on,
  states: {
    registering: authSetup.createStateConfig({
      invoke: {
        src: 'register',
        input: ({ event }) => {
          assertEvent(event, 'auth.register');
          return { name: event.name.trim(), email: event.email.trim(), password: event.password };
        },
        onDone: {
          target: 'registered',
          actions: assign({
            alert: ({ event }) =>
              formAlert('signUp', 'success', event.output.message || SIGN_UP_SUCCESS_DEFAULT),
          }),
        },
        onError: {
          target: 'idle',
          actions: assign({
            alert: ({ event }) =>
              formAlert('signUp', 'error', failureText(event.error, 'Registration failed')),
          }),
        },
      },
    }),
    registered: authSetup.createStateConfig({
      on: {
        'auth.formOpened': {
          guard: 'otherForm',
          target: 'idle',
          // Following the Sign in link early keeps the success message there.
          actions: assign({
            fieldErrors: {},
            alert: ({ context, event }) =>
              event.form === 'signIn' && context.alert
                ? { ...context.alert, form: 'signIn' }
                : null,
          }),
        },
      },
      after: {
        signUpRedirect: {
          target: 'idle',
          actions: [
            assign({
              alert: ({ context }) => (context.alert ? { ...context.alert, form: 'signIn' } : null),
            }),
            { type: 'navigate', params: { to: '/signin' } },
          ],
        },
      },
    }),
  },
};
