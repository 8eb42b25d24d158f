// The answer to too many attempts (429) on the sign-in and forgot-password pages: what happened,
// the wait the server named in Retry-After ('Try again in 7 minutes'), and on sign-in the way out
// for someone who no longer knows the password.
import { Link } from 'wouter';
import { fill } from '../../domain/i18n';
import { SIGN_IN_TEXTS } from '../../domain/i18n/en/signIn';
import { waitTime } from '../../domain/text/waitTime';
import { useTexts } from '../layout/i18n';
import { Alert } from './Alert';

export function LockoutAlert({ seconds, form }: { seconds: number; form: 'signIn' | 'reset' }) {
  const t = useTexts('signIn', SIGN_IN_TEXTS);
  const { count, unit } = waitTime(seconds);
  const template =
    unit === 'minute'
      ? count === 1
        ? t.tryAgainMinute
        : t.tryAgainMinutes
      : count === 1
        ? t.tryAgainSecond
        : t.tryAgainSeconds;
  const what = form === 'signIn' ? t.tooManySignIns : t.tooManyResets;
  return (
    <Alert type="error" reveal title={what}>
      <p className="app-lockout-wait">{fill(template, { count })}</p>
      {form === 'signIn' && (
        <p className="app-lockout-way-out">
          <Link href="/forgot-password">{t.resetPasswordLink}</Link>
        </p>
      )}
    </Alert>
  );
}
