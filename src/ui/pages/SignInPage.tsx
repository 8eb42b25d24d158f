// /signin (docs/product.md#screens, #input-rules, #messages): email and password, Forgot Password and Sign up links, an alert.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { SIGN_IN_TEXTS } from '../../domain/i18n/en/signIn';
import { validateSignIn } from '../../domain/validation/forms';
import { Alert } from '../components/Alert';
import { LockoutAlert } from '../components/LockoutAlert';
import { TextField } from '../components/TextField';
import { useTexts, useTranslate } from '../layout/i18n';
import { liveFieldErrors, useAuthForm } from '../shell/useAuthForm';

export default function SignInPage() {
  const { fieldErrors: submittedErrors, alert, busy, send } = useAuthForm('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fieldErrors = liveFieldErrors(submittedErrors, validateSignIn({ email, password }));
  const t = useTexts('signIn', SIGN_IN_TEXTS);
  const tr = useTranslate();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'auth.signIn', email, password });
  };

  return (
    <section aria-labelledby="signin-title">
      <hgroup>
        <h1 id="signin-title">{t.signInTitle}</h1>
        <p>{t.signInLead}</p>
      </hgroup>
      {alert?.retryAfterSeconds !== undefined ? (
        <LockoutAlert seconds={alert.retryAfterSeconds} form="signIn" />
      ) : (
        alert && (
          <Alert type={alert.type} reveal>
            {tr(alert.message)}
          </Alert>
        )
      )}
      <form noValidate onSubmit={submit} aria-label={t.signInForm}>
        <TextField
          label={t.email}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onValueChange={setEmail}
          error={tr(fieldErrors.email)}
          required
        />
        <TextField
          label={t.password}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={tr(fieldErrors.password)}
          required
        />
        <p className="app-form-aside">
          <Link href="/forgot-password">{t.forgotLink}</Link>
        </p>
        <button type="submit" disabled={busy} aria-busy={busy}>
          {t.signInButton}
        </button>
      </form>
      <p className="app-auth-switch">
        {t.noAccount} <Link href="/signup">{t.signUpLink}</Link>
      </p>
    </section>
  );
}
