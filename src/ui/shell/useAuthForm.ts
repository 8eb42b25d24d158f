// What an auth page needs from the auth machine: its field errors, its alert, busy, send.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AuthEvent, AuthForm } from '../../machines/auth.machine';
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
  const fieldErrors = useSelector(auth, (s) => s.context.fieldErrors) as Record<string, string | undefined>;
  const alert = useSelector(auth, (s) => (s.context.alert?.form === form ? s.context.alert : null));
  const busy = useSelector(auth, (s) => s.matches({ signedOut: BUSY_STATE[form] as 'signingIn' }));
  /** Registered / reset email sent: the timed redirect to /signin is running. */
  const done = useSelector(auth, (s) => s.matches({ signedOut: 'registered' }) || s.matches({ signedOut: 'resetRequested' }));
  const send = (event: AuthEvent) => auth.send(event);
  return { fieldErrors, alert, busy, done, send };
}
