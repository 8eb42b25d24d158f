// /signup (docs/product.md#screens, #input-rules, #messages): name, email, password with the strength meter, confirm password;
// after success the message shows and the page goes to /signin 3 s later.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { passwordStrength } from '../../domain/users/password';
import { Alert } from '../components/Alert';
import { TextField } from '../components/TextField';
import { validateSignUp } from '../../domain/validation/forms';
import { AUTH_TEXTS } from '../../domain/i18n/en/auth';
import { SIGN_IN_TEXTS } from '../../domain/i18n/en/signIn';
import { useTexts, useTranslate } from '../layout/i18n';
import { liveFieldErrors, useAuthForm } from '../shell/useAuthForm';

const BAND: Record<string, string> = {
  Weak: 'danger',
  Fair: 'warning',
  Good: 'info',
  Strong: 'success',
};

export default function SignUpPage() {
  const { fieldErrors: submittedErrors, alert, busy, done, send } = useAuthForm('signUp');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const fieldErrors = liveFieldErrors(
    submittedErrors,
    validateSignUp({ name, email, password, confirmPassword }),
  );
  const t = useTexts('auth', AUTH_TEXTS);
  const f = useTexts('signIn', SIGN_IN_TEXTS);
  const tr = useTranslate();
  const strength = passwordStrength(password);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'auth.register', name, email, password, confirmPassword });
  };

  return (
    <section aria-labelledby="signup-title">
      <hgroup>
        <h1 id="signup-title">{t.signUpTitle}</h1>
        <p>{t.signUpLead}</p>
      </hgroup>
      {alert && (
        <Alert type={alert.type} reveal>
          {tr(alert.message)}
        </Alert>
      )}
      {done && (
        <p className="app-muted" role="status">
          {t.redirecting}
        </p>
      )}
      <form noValidate onSubmit={submit} aria-label={t.signUpForm}>
        <fieldset disabled={busy || done}>
          <TextField
            label={t.name}
            name="name"
            autoComplete="name"
            value={name}
            onValueChange={setName}
            error={tr(fieldErrors.name)}
            required
          />
          <TextField
            label={f.email}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
            error={tr(fieldErrors.email)}
            required
          />
          <TextField
            label={f.password}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={tr(fieldErrors.password)}
            required
          />
          {password && (
            <div className="app-strength">
              <progress
                className="app-progress"
                data-band={BAND[strength.label]}
                value={strength.score}
                max={100}
                aria-label={t.strength}
                aria-valuetext={t[strength.label as 'Weak'] ?? strength.label}
              />
              <small>
                {t.strengthLine} <strong>{t[strength.label as 'Weak'] ?? strength.label}</strong>
              </small>
            </div>
          )}
          <TextField
            label={t.confirmPassword}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onValueChange={setConfirmPassword}
            error={tr(fieldErrors.confirmPassword)}
            required
          />
        </fieldset>
        <button type="submit" disabled={busy || done} aria-busy={busy}>
          {t.signUpButton}
        </button>
      </form>
      <p className="app-auth-switch">
        {t.haveAccount} <Link href="/signin">{t.signInLink}</Link>
      </p>
    </section>
  );
}
