// Authentication (docs/product.md#flows "Authentication", #input-rules sign in/up/forgot rules, #messages 401 handling):
// signed out (with the sign-in, registration and password-reset flows) → authenticated, where the
// per-user menus machine runs. Logout and an expired session clear local state even when the
// server cannot be told. Side effects (calls, storage, navigation, notices) are injected; the
// setup is in setup.ts and each flow's states in its own module.
import { assign } from 'xstate';
import { forgotPasswordFlow } from './forgotPassword';
import { resetPasswordFlow } from './resetPassword';
import { authenticatedState } from './session';
import { authSetup } from './setup';
import { signInFlow } from './signIn';
import { signUpFlow } from './signUp';

export type * from './types';
export { toCurrentUser } from './types';
export { PASSWORD_RESET_DONE, SESSION_EXPIRED_NOTICE } from './setup';

export const authMachine = authSetup.createMachine({
  id: 'auth',
  context: ({ input }) => ({
    user: input.user,
    avatar: null,
    fieldErrors: {},
    alert: null,
    authErrorHandled: false,
    menuCache: input.menuCache ?? null,
  }),
  initial: 'starting',
  on: {
    'auth.expiryGuardReset': { actions: assign({ authErrorHandled: false }) },
  },
  states: {
    starting: {
      always: [
        { guard: ({ context }) => context.user !== null, target: 'authenticated' },
        { target: 'signedOut' },
      ],
    },

    signedOut: {
      initial: 'idle',
      entry: assign({ user: null, avatar: null, menuCache: null }),
      on: {
        'auth.formOpened': {
          actions: assign({
            fieldErrors: {},
            alert: ({ context, event }) =>
              context.alert?.form === event.form ? context.alert : null,
          }),
        },
        'auth.sessionExpired': { actions: 'clearSession' },
        'auth.sessionChanged': {
          guard: 'signedInElsewhere',
          target: 'authenticated',
          actions: assign({ user: ({ event }) => event.user }),
        },
      },
      states: {
        idle: {
          on: {
            ...signInFlow.on,
            ...signUpFlow.on,
            ...forgotPasswordFlow.on,
            ...resetPasswordFlow.on,
          },
        },
        ...signInFlow.states,
        ...signUpFlow.states,
        ...forgotPasswordFlow.states,
        ...resetPasswordFlow.states,
      },
    },

    authenticated: authenticatedState,
  },
});
