// What an auth page needs from the auth machine: its field errors, its alert, busy, send.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AuthEvent, AuthForm } from '../../machines/auth/machine';
import { useShell } from './hooks';

const BUSY_STATE: Record<AuthForm, string> = {
  signIn: 'signingIn',
  signUp: 'registering',
  forgotPassword: 'requestingReset',
  resetPassword: 'resettingPassword',
};

export function useAuthForm(form: AuthForm) {
  const { auth } = useShell();
  useEffect(() => {
    auth.send({ type: 'auth.formOpened', form });
  }, [auth, form]);
  const fieldErrors = useSelector(auth, (s) => s.context.fieldErrors) as Record<
    string,
    string | undefined
  >;
  const alert = useSelector(auth, (s) => (s.context.alert?.form === form ? s.context.alert : null));
  const busy = useSelector(auth, (s) => s.matches({ signedOut: BUSY_STATE[form] as 'signingIn' }));
  /** Registered / reset email sent: the timed redirect to /signin is running. */
  const done = useSelector(
    auth,
    (s) => s.matches({ signedOut: 'registered' }) || s.matches({ signedOut: 'resetRequested' }),
  );
  const send = (event: AuthEvent) => auth.send(event);
  return { fieldErrors, alert, busy, done, send };
}

/**
 * The errors of the last submit, minus those whose field is valid now: a field's message goes
 * as soon as the user has fixed it, instead of staying under a filled field until the next submit.
 */
export function liveFieldErrors(
  submitted: Record<string, string | undefined>,
  now: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const live: Record<string, string | undefined> = {};
  for (const [field, message] of Object.entries(submitted))
    if (message && now[field]) live[field] = message;
  return live;
}
