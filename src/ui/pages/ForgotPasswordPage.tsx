// /forgot-password (docs/product.md#screens, #input-rules, #messages): email only; after success /signin follows 5 s later.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Alert } from '../components/Alert';
import { LockoutAlert } from '../components/LockoutAlert';
import { TextField } from '../components/TextField';
import { validateForgotPassword } from '../../domain/validation/forms';
import { AUTH_TEXTS } from '../../domain/i18n/en/auth';
import { SIGN_IN_TEXTS } from '../../domain/i18n/en/signIn';
import { useTexts, useTranslate } from '../layout/i18n';
import { liveFieldErrors, useAuthForm } from '../shell/useAuthForm';

export default function ForgotPasswordPage() {
  const { fieldErrors: submittedErrors, alert, busy, done, send } = useAuthForm('forgotPassword');
  const [email, setEmail] = useState('');
  const fieldErrors = liveFieldErrors(submittedErrors, validateForgotPassword({ email }));
  const t = useTexts('auth', AUTH_TEXTS);
  const f = useTexts('signIn', SIGN_IN_TEXTS);
  const tr = useTranslate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'auth.forgotPassword', email });
  };

  return (
    <section aria-labelledby="forgot-title">
      <hgroup>
        <h1 id="forgot-title">{t.forgotTitle}</h1>
        <p>{t.forgotLead}</p>
      </hgroup>
      {alert?.retryAfterSeconds !== undefined ? (
        <LockoutAlert seconds={alert.retryAfterSeconds} form="reset" />
      ) : (
        alert && (
          <Alert type={alert.type} reveal>
            {tr(alert.message)}
          </Alert>
        )
      )}
      {done && (
        <p className="app-muted" role="status">
          {t.redirecting}
        </p>
      )}
      <form noValidate onSubmit={submit} aria-label={t.forgotForm}>
        <TextField
          label={f.email}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={tr(fieldErrors.email)}
          disabled={busy || done}
          required
        />
        <button type="submit" disabled={busy || done} aria-busy={busy}>
          {t.sendLink}
        </button>
      </form>
      <p className="app-auth-switch">
        <Link href="/signin">{t.backToSignIn}</Link>
      </p>
    </section>
  );
}
