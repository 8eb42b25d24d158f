// /reset-password?token=… : a new password (at least 8) twice, then sign in with it.
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { Alert } from '../components/Alert';
import { TextField } from '../components/TextField';
import { validateResetPassword } from '../../domain/validation/forms';
import { liveFieldErrors, useAuthForm } from '../shell/useAuthForm';

export default function ResetPasswordPage() {
  const { fieldErrors: submittedErrors, alert, busy, send } = useAuthForm('resetPassword');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const fieldErrors = liveFieldErrors(submittedErrors, validateResetPassword({ password, confirmPassword }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'auth.resetPassword', token, password, confirmPassword });
  };

  return (
    <section aria-labelledby="reset-title">
      <hgroup>
        <h1 id="reset-title">Reset Password</h1>
        <p>Choose a new password of at least 8 characters.</p>
      </hgroup>
      {!token && <Alert type="error">This reset link is incomplete. Please request a new one.</Alert>}
      {alert && (
        <Alert type={alert.type} reveal>
          {alert.message}
        </Alert>
      )}
      <form noValidate onSubmit={submit} aria-label="Reset password">
        <fieldset disabled={busy || !token}>
          <TextField
            label="New Password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={fieldErrors.password}
            required
          />
          <TextField
            label="Confirm New Password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onValueChange={setConfirmPassword}
            error={fieldErrors.confirmPassword}
            required
          />
        </fieldset>
        <button type="submit" disabled={busy || !token} aria-busy={busy || undefined}>
          Reset Password
        </button>
      </form>
      <p className="app-auth-switch">
        <Link href="/forgot-password">Request a new link</Link> · <Link href="/signin">Back to Sign In</Link>
      </p>
    </section>
  );
}
