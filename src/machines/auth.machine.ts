// Authentication (spec §4 "Authentication", §5 sign in/up/forgot rules, §8 401 handling):
// signed out (with the sign-in, registration and password-reset flows) → authenticated, where the
// per-user menus machine runs. Logout and an expired session clear local state even when the
// server cannot be told. Side effects (calls, storage, navigation, notices) are injected.
import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import {
  hasErrors,
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
} from '../domain/validation/forms';
import type {
  AuthContext,
  AuthEvent,
  AuthForm,
  AuthInput,
  AuthNotice,
  CurrentUser,
  RegisterInput,
  SignInInput,
} from './auth.types';
import { menusMachine } from './menus.machine';

export type * from './auth.types';
export { toCurrentUser } from './auth.types';

export const SIGN_UP_SUCCESS_DEFAULT = 'Registration successful. Please wait for admin verification.';
export const RESET_EMAIL_SENT_DEFAULT = 'If an account exists for this email, a password reset link has been sent. Please check your inbox.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. Please sign in with your new password.';
export const SESSION_EXPIRED_NOTICE: AuthNotice = {
  type: 'warning',
  title: 'Session Expired',
  message: 'Your session has expired. Redirecting to sign in...',
  duration: 3000,
};
/** §8: pages where a 401 is a normal answer, not an expired session. */
export const AUTH_PAGES = ['/signin', '/signup', '/forgot-password'];

const errorText = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : typeof error === 'string' && error ? error : fallback;

const EXPIRY_GUARD_ID = 'auth-expiry-guard';

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    children: {} as { menus: 'menus' },
  },
  actors: {
    menus: menusMachine,
    signIn: fromPromise<{ user: CurrentUser }, SignInInput>(async () => {
      throw new Error('signIn not provided');
    }),
    register: fromPromise<{ message?: string }, Omit<RegisterInput, 'confirmPassword'>>(async () => ({})),
    requestPasswordReset: fromPromise<{ message?: string }, { email: string }>(async () => ({})),
    resetPassword: fromPromise<{ message?: string }, { token: string; password: string }>(async () => ({})),
    logout: fromPromise<void>(async () => {}),
    fetchCurrentUser: fromPromise<CurrentUser | null>(async () => null),
    fetchAvatar: fromPromise<string | null>(async () => null),
  },
  actions: {
    notify: (_, _notice: AuthNotice) => {},
    navigate: (_, _params: { to: string }) => {},
    /** Go to the remembered intended route (and forget it), else /dashboard. */
    redirectAfterSignIn: () => {},
    /** Remove tokens, stored user and cached menus. */
    clearSession: () => {},
    persistUser: (_, _user: CurrentUser) => {},
  },
  guards: {
    signInValid: ({ event }) => event.type === 'auth.signIn' && !hasErrors(validateSignIn(event)),
    signUpValid: ({ event }) => event.type === 'auth.register' && !hasErrors(validateSignUp(event)),
    forgotValid: ({ event }) => event.type === 'auth.forgotPassword' && !hasErrors(validateForgotPassword(event)),
    resetValid: ({ event }) => event.type === 'auth.resetPassword' && !hasErrors(validateResetPassword(event)) && event.token.trim() !== '',
    expiryToHandle: ({ context, event }) =>
      event.type === 'auth.sessionExpired' && !context.authErrorHandled && !AUTH_PAGES.includes(event.path),
    otherForm: ({ context, event }) => event.type === 'auth.formOpened' && context.alert?.form !== event.form,
    signedOutElsewhere: ({ event }) => event.type === 'auth.sessionChanged' && event.user === null,
    signedInElsewhere: ({ event }) => event.type === 'auth.sessionChanged' && event.user !== null,
    otherUserElsewhere: ({ context, event }) =>
      event.type === 'auth.sessionChanged' && event.user !== null && event.user.id !== context.user?.id,
  },
  delays: {
    signUpRedirect: 3000,
    resetEmailRedirect: 5000,
    sessionExpiredLogout: 500,
    sessionExpiredGuard: 5000,
    /** Logout does not wait longer than this for the server. */
    logoutTimeout: 3000,
  },
}).createMachine({
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
      always: [{ guard: ({ context }) => context.user !== null, target: 'authenticated' }, { target: 'signedOut' }],
    },

    signedOut: {
      initial: 'idle',
      entry: assign({ user: null, avatar: null, menuCache: null }),
      on: {
        'auth.formOpened': {
          actions: assign({
            fieldErrors: {},
            alert: ({ context, event }) => (context.alert?.form === event.form ? context.alert : null),
          }),
        },
        'auth.sessionExpired': { actions: 'clearSession' },
        'auth.sessionChanged': { guard: 'signedInElsewhere', target: 'authenticated', actions: assign({ user: ({ event }) => event.user }) },
      },
      states: {
        idle: {
          on: {
            'auth.signIn': [
              { guard: 'signInValid', target: 'signingIn', actions: assign({ fieldErrors: {}, alert: null }) },
              { actions: assign({ fieldErrors: ({ event }) => validateSignIn(event), alert: null }) },
            ],
            'auth.register': [
              { guard: 'signUpValid', target: 'registering', actions: assign({ fieldErrors: {}, alert: null }) },
              { actions: assign({ fieldErrors: ({ event }) => validateSignUp(event), alert: null }) },
            ],
            'auth.forgotPassword': [
              { guard: 'forgotValid', target: 'requestingReset', actions: assign({ fieldErrors: {}, alert: null }) },
              { actions: assign({ fieldErrors: ({ event }) => validateForgotPassword(event), alert: null }) },
            ],
            'auth.resetPassword': [
              { guard: 'resetValid', target: 'resettingPassword', actions: assign({ fieldErrors: {}, alert: null }) },
              {
                actions: assign({
                  fieldErrors: ({ event }) => validateResetPassword(event),
                  alert: ({ event }) =>
                    event.token.trim() === ''
                      ? { form: 'resetPassword' as AuthForm, type: 'error' as const, message: 'Reset token is missing or invalid' }
                      : null,
                }),
              },
            ],
          },
        },
        signingIn: {
          invoke: {
            src: 'signIn',
            input: ({ event }) => {
              const e = event as Extract<AuthEvent, { type: 'auth.signIn' }>;
              return { email: e.email.trim(), password: e.password };
            },
            onDone: {
              target: '#auth.authenticated',
              actions: [assign({ user: ({ event }) => event.output.user, alert: null }), 'redirectAfterSignIn'],
            },
            onError: {
              target: 'idle',
              actions: assign({
                alert: ({ event }) => ({ form: 'signIn' as AuthForm, type: 'error' as const, message: errorText(event.error, 'Login failed') }),
              }),
            },
          },
        },
        registering: {
          invoke: {
            src: 'register',
            input: ({ event }) => {
              const e = event as Extract<AuthEvent, { type: 'auth.register' }>;
              return { name: e.name.trim(), email: e.email.trim(), password: e.password };
            },
            onDone: {
              target: 'registered',
              actions: assign({
                alert: ({ event }) => ({ form: 'signUp' as AuthForm, type: 'success' as const, message: event.output.message || SIGN_UP_SUCCESS_DEFAULT }),
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                alert: ({ event }) => ({ form: 'signUp' as AuthForm, type: 'error' as const, message: errorText(event.error, 'Registration failed') }),
              }),
            },
          },
        },
        registered: {
          on: {
            'auth.formOpened': {
              guard: 'otherForm',
              target: 'idle',
              // Following the Sign in link early keeps the success message there.
              actions: assign({
                fieldErrors: {},
                alert: ({ context, event }) =>
                  event.form === 'signIn' && context.alert ? { ...context.alert, form: 'signIn' as AuthForm } : null,
              }),
            },
          },
          after: {
            signUpRedirect: {
              target: 'idle',
              actions: [
                assign({ alert: ({ context }) => (context.alert ? { ...context.alert, form: 'signIn' as AuthForm } : null) }),
                { type: 'navigate', params: { to: '/signin' } },
              ],
            },
          },
        },
        requestingReset: {
          invoke: {
            src: 'requestPasswordReset',
            input: ({ event }) => ({ email: (event as Extract<AuthEvent, { type: 'auth.forgotPassword' }>).email.trim() }),
            onDone: {
              target: 'resetRequested',
              actions: assign({
                alert: ({ event }) => ({ form: 'forgotPassword' as AuthForm, type: 'success' as const, message: event.output.message || RESET_EMAIL_SENT_DEFAULT }),
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                alert: ({ event }) => ({
                  form: 'forgotPassword' as AuthForm,
                  type: 'error' as const,
                  message: errorText(event.error, 'Failed to send password reset email'),
                }),
              }),
            },
          },
        },
        resetRequested: {
          on: { 'auth.formOpened': { guard: 'otherForm', target: 'idle', actions: assign({ alert: null, fieldErrors: {} }) } },
          after: {
            resetEmailRedirect: { target: 'idle', actions: [assign({ alert: null }), { type: 'navigate', params: { to: '/signin' } }] },
          },
        },
        resettingPassword: {
          invoke: {
            src: 'resetPassword',
            input: ({ event }) => {
              const e = event as Extract<AuthEvent, { type: 'auth.resetPassword' }>;
              return { token: e.token.trim(), password: e.password };
            },
            onDone: {
              target: 'idle',
              actions: [
                assign({ alert: { form: 'signIn', type: 'success', message: PASSWORD_RESET_DONE } }),
                { type: 'navigate', params: { to: '/signin' } },
              ],
            },
            onError: {
              target: 'idle',
              actions: assign({
                alert: ({ event }) => ({ form: 'resetPassword' as AuthForm, type: 'error' as const, message: errorText(event.error, 'Failed to reset password') }),
              }),
            },
          },
        },
      },
    },

    authenticated: {
      type: 'parallel',
      invoke: {
        id: 'menus',
        systemId: 'menus',
        src: 'menus',
        input: ({ context }) => ({ cached: context.menuCache }),
      },
      on: {
        'auth.logout': '.session.loggingOut',
        'auth.refreshMenus': {
          actions: enqueueActions(({ enqueue }) => enqueue.sendTo('menus', { type: 'menus.refresh' })),
        },
        'auth.sessionExpired': {
          guard: 'expiryToHandle',
          target: '.session.expiring',
          actions: [
            assign({ authErrorHandled: true }),
            { type: 'notify', params: SESSION_EXPIRED_NOTICE },
            raise({ type: 'auth.expiryGuardReset' }, { id: EXPIRY_GUARD_ID, delay: 'sessionExpiredGuard' }),
          ],
        },
        'auth.sessionChanged': [
          {
            guard: 'signedOutElsewhere',
            target: 'signedOut',
            actions: ['clearSession', { type: 'navigate', params: { to: '/signin' } }],
          },
          {
            // Another account signed in in another tab: start over as that user (fresh menus).
            guard: 'otherUserElsewhere',
            target: 'authenticated',
            reenter: true,
            actions: [assign({ user: ({ event }) => event.user, menuCache: null }), { type: 'navigate', params: { to: '/dashboard' } }],
          },
        ],
      },
      states: {
        session: {
          initial: 'active',
          states: {
            active: {
              on: { 'auth.refreshUser': 'refreshingUser' },
            },
            refreshingUser: {
              invoke: {
                src: 'fetchCurrentUser',
                onDone: {
                  target: 'active',
                  actions: enqueueActions(({ event, enqueue }) => {
                    if (!event.output) return;
                    enqueue.assign({ user: event.output });
                    enqueue({ type: 'persistUser', params: event.output });
                  }),
                },
                onError: 'active',
              },
            },
            loggingOut: {
              invoke: {
                src: 'logout',
                onDone: { target: '#auth.signedOut', actions: ['clearSession', { type: 'navigate', params: { to: '/signin' } }] },
                onError: { target: '#auth.signedOut', actions: ['clearSession', { type: 'navigate', params: { to: '/signin' } }] },
              },
              after: {
                logoutTimeout: { target: '#auth.signedOut', actions: ['clearSession', { type: 'navigate', params: { to: '/signin' } }] },
              },
            },
            expiring: {
              after: {
                sessionExpiredLogout: {
                  target: '#auth.signedOut',
                  actions: ['clearSession', { type: 'navigate', params: { to: '/signin' } }],
                },
              },
            },
          },
        },
        avatar: {
          initial: 'loading',
          // The avatar may have changed with the profile.
          on: { 'auth.refreshUser': '.loading' },
          states: {
            loading: {
              invoke: {
                src: 'fetchAvatar',
                onDone: { target: 'shown', actions: assign({ avatar: ({ event }) => event.output }) },
                onError: 'shown',
              },
            },
            shown: {},
          },
        },
      },
    },
  },
});
