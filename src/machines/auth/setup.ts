// The setup shared by the flows of the authentication machine: its types, the injected side
// effects (actors and actions, swapped with provide() at the app root and in tests), guards and
// named delays. Each flow (signIn.ts, signUp.ts, forgotPassword.ts, resetPassword.ts,
// session.ts) builds its states from it; machine.ts puts them together.
import { fromPromise, setup } from 'xstate';
import {
  hasErrors,
  validateForgotPassword,
  validateResetPassword,
  validateSignIn,
  validateSignUp,
} from '../../domain/validation/forms';
import type {
  AuthAlert,
  AuthContext,
  AuthEvent,
  AuthForm,
  AuthInput,
  AuthNotice,
  CurrentUser,
  RegisterInput,
  SignInInput,
} from './types';
import { menusMachine } from '../menus/machine';
import { SIGN_UP_SUCCESS } from '../../domain/i18n/en/signUpSuccess';

/** The sign-up success text when the server sends none (the server's own text, from src/domain). */
export const SIGN_UP_SUCCESS_DEFAULT: string = SIGN_UP_SUCCESS;
export const RESET_EMAIL_SENT_DEFAULT =
  'If an account exists for this email, a password reset link has been sent. Please check your inbox.';
export const PASSWORD_RESET_DONE =
  'Your password has been reset. Please sign in with your new password.';
export const SESSION_EXPIRED_NOTICE: AuthNotice = {
  type: 'warning',
  title: 'Session Expired',
  message: 'Your session has expired. Redirecting to sign in...',
  duration: 3000,
};
/** docs/product.md#messages: pages where a 401 is a normal answer, not an expired session. */
export const AUTH_PAGES = ['/signin', '/signup', '/forgot-password'];

/** The alert a form's page shows. */
export const formAlert = (
  form: AuthForm,
  type: AuthAlert['type'],
  message: string,
  retryAfterSeconds?: number,
): AuthAlert => ({
  form,
  type,
  message,
  ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
});

export const authSetup = setup({
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
    register: fromPromise<{ message?: string }, Omit<RegisterInput, 'confirmPassword'>>(
      async () => ({}),
    ),
    requestPasswordReset: fromPromise<{ message?: string }, { email: string }>(async () => ({})),
    resetPassword: fromPromise<{ message?: string }, { token: string; password: string }>(
      async () => ({}),
    ),
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
    forgotValid: ({ event }) =>
      event.type === 'auth.forgotPassword' && !hasErrors(validateForgotPassword(event)),
    resetValid: ({ event }) =>
      event.type === 'auth.resetPassword' &&
      !hasErrors(validateResetPassword(event)) &&
      event.token.trim() !== '',
    expiryToHandle: ({ context, event }) =>
      event.type === 'auth.sessionExpired' &&
      !context.authErrorHandled &&
      !AUTH_PAGES.includes(event.path),
    otherForm: ({ context, event }) =>
      event.type === 'auth.formOpened' && context.alert?.form !== event.form,
    signedOutElsewhere: ({ event }) => event.type === 'auth.sessionChanged' && event.user === null,
    signedInElsewhere: ({ event }) => event.type === 'auth.sessionChanged' && event.user !== null,
    otherUserElsewhere: ({ context, event }) =>
      event.type === 'auth.sessionChanged' &&
      event.user !== null &&
      event.user.id !== context.user?.id,
  },
  delays: {
    signUpRedirect: 3000,
    resetEmailRedirect: 5000,
    sessionExpiredLogout: 500,
    sessionExpiredGuard: 5000,
    /** Logout does not wait longer than this for the server. */
    logoutTimeout: 3000,
  },
});
