// /signup (spec §2, §5, §8): name, email, password with the strength meter, confirm password;
// after success the message shows and the page goes to /signin 3 s later.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { passwordStrength } from '../../domain/password';
import { Alert } from '../components/Alert';
import { TextField } from '../components/TextField';
import { validateSignUp } from '../../domain/validation/forms';
import { liveFieldErrors, useAuthForm } from '../shell/useAuthForm';

const BAND: Record<string, string> = { Weak: 'danger', Fair: 'warning', Good: 'info', Strong: 'success' };

export default function SignUpPage() {
  const { fieldErrors: submittedErrors, alert, busy, done, send } = useAuthForm('signUp');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const fieldErrors = liveFieldErrors(submittedErrors, validateSignUp({ name, email, password, confirmPassword }));
  const strength = passwordStrength(password);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'auth.register', name, email, password, confirmPassword });
  };

  return (
    <section aria-labelledby="signup-title">
      <hgroup>
        <h1 id="signup-title">Sign Up</h1>
        <p>Create an account. An administrator verifies it before you can sign in.</p>
      </hgroup>
      {alert && (
        <Alert type={alert.type} reveal>
          {alert.message}
        </Alert>
      )}
      {done && <p className="app-muted" role="status">Redirecting to sign in...</p>}
      <form noValidate onSubmit={submit} aria-label="Sign up">
        <fieldset disabled={busy || done}>
          <TextField label="Name" name="name" autoComplete="name" value={name} onValueChange={setName} error={fieldErrors.name} required />
          <TextField label="Email" type="email" name="email" autoComplete="email" value={email} onValueChange={setEmail} error={fieldErrors.email} required />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onValueChange={setPassword}
            error={fieldErrors.password}
            required
          />
          {password && (
            <div className="app-strength">
              <progress
                className="app-progress"
                data-band={BAND[strength.label]}
                value={strength.score}
                max={100}
                aria-label="Password strength"
                aria-valuetext={strength.label}
              />
              <small>
                Password strength: <strong>{strength.label}</strong>
              </small>
            </div>
          )}
          <TextField
            label="Confirm Password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            value={confirmPassword}
            onValueChange={setConfirmPassword}
            error={fieldErrors.confirmPassword}
            required
          />
        </fieldset>
        <button type="submit" disabled={busy || done} aria-busy={busy || undefined}>
          Sign Up
        </button>
      </form>
      <p className="app-auth-switch">
        Already have an account? <Link href="/signin">Sign in</Link>
      </p>
    </section>
  );
}
