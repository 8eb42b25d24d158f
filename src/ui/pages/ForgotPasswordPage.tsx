// /forgot-password (spec §2, §5, §8): email only; after success /signin follows 5 s later.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Alert } from '../components/Alert';
import { TextField } from '../components/TextField';
import { validateForgotPassword } from '../../domain/validation/forms';
import { liveFieldErrors, useAuthForm } from '../shell/useAuthForm';

export default function ForgotPasswordPage() {
  const { fieldErrors: submittedErrors, alert, busy, done, send } = useAuthForm('forgotPassword');
  const [email, setEmail] = useState('');
  const fieldErrors = liveFieldErrors(submittedErrors, validateForgotPassword({ email }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'auth.forgotPassword', email });
  };

  return (
    <section aria-labelledby="forgot-title">
      <hgroup>
        <h1 id="forgot-title">Forgot Password</h1>
        <p>Enter your email and we will send you a link to set a new password.</p>
      </hgroup>
      {alert && (
        <Alert type={alert.type} reveal>
          {alert.message}
        </Alert>
      )}
      {done && <p className="app-muted" role="status">Redirecting to sign in...</p>}
      <form noValidate onSubmit={submit} aria-label="Forgot password">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={fieldErrors.email}
          disabled={busy || done}
          required
        />
        <button type="submit" disabled={busy || done} aria-busy={busy || undefined}>
          Send Reset Link
        </button>
      </form>
      <p className="app-auth-switch">
        <Link href="/signin">Back to Sign In</Link>
      </p>
    </section>
  );
}
