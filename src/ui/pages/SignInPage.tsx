// /signin (spec §2, §5, §8): email and password, Forgot Password and Sign up links, an alert.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Alert } from '../components/Alert';
import { TextField } from '../components/TextField';
import { validateSignIn } from '../../domain/validation/forms';
import { liveFieldErrors, useAuthForm } from '../shell/useAuthForm';

export default function SignInPage() {
  const { fieldErrors: submittedErrors, alert, busy, send } = useAuthForm('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fieldErrors = liveFieldErrors(submittedErrors, validateSignIn({ email, password }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'auth.signIn', email, password });
  };

  return (
    <section aria-labelledby="signin-title">
      <hgroup>
        <h1 id="signin-title">Sign In</h1>
        <p>Sign in to continue to Dashboard Invoice.</p>
      </hgroup>
      {alert && (
        <Alert type={alert.type} reveal>
          {alert.message}
        </Alert>
      )}
      <form noValidate onSubmit={submit} aria-label="Sign in">
        <TextField label="Email" type="email" name="email" autoComplete="username" value={email} onValueChange={setEmail} error={fieldErrors.email} required />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={fieldErrors.password}
          required
        />
        <p className="app-form-aside">
          <Link href="/forgot-password">Forgot Password?</Link>
        </p>
        <button type="submit" disabled={busy} aria-busy={busy || undefined}>
          Sign In
        </button>
      </form>
      <p className="app-auth-switch">
        Don&apos;t have an account? <Link href="/signup">Sign up</Link>
      </p>
    </section>
  );
}
