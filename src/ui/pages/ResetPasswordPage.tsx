// /reset-password?token=… : a new password (at least 8) twice, then sign in with it.
import { useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { Alert } from '../components/Alert';
import { TextField } from '../components/TextField';
import { validateResetPassword } from '../../domain/validation/forms';
import { AUTH_TEXTS } from '../../domain/i18n/en/auth';
import { useTexts, useTranslate } from '../layout/i18n';
import { liveFieldErrors, useAuthForm } from '../shell/useAuthForm';

export default function ResetPasswordPage() {
  const { fieldErrors: submittedErrors, alert, busy, send } = useAuthForm('resetPassword');
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const fieldErrors = liveFieldErrors(
    submittedErrors,
    validateResetPassword({ password, confirmPassword }),
  );
  const t = useTexts('auth', AUTH_TEXTS);
  const tr = useTranslate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'auth.resetPassword', token, password, confirmPassword });
  };

  return (
    <section aria-labelledby="reset-title">
      <hgroup>
        <h1 id="reset-title">{t.resetTitle}</h1>
        <p>{t.resetLead}</p>
      </hgroup>
      {!token && <Alert type="error">{t.resetIncomplete}</Alert>}
      {alert && (
        <Alert type={alert.type} reveal>
          {tr(alert.message)}
        </Alert>
      )}
      <form noValidate onSubmit={submit} aria-label={t.resetForm}>
        <fieldset disabled={busy || !token}>
          <TextField
            label={t.newPassword}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={tr(fieldErrors.password)}
            required
          />
          <TextField
            label={t.confirmNewPassword}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onValueChange={setConfirmPassword}
            error={tr(fieldErrors.confirmPassword)}
            required
          />
        </fieldset>
        <button type="submit" disabled={busy || !token} aria-busy={busy}>
          {t.resetButton}
        </button>
      </form>
      <p className="app-auth-switch">
        <Link href="/forgot-password">{t.requestNewLink}</Link> ·{' '}
        <Link href="/signin">{t.backToSignIn}</Link>
      </p>
    </section>
  );
}
