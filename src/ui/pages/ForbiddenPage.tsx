// /403: loaded lazily when the guard refuses a menu.
import { Link } from 'wouter';
import { SHELL_TEXTS } from '../../domain/i18n/en/shell';
import { useTexts } from '../layout/i18n';
import { useCurrentUser } from '../shell/hooks';

export default function ForbiddenPage() {
  const user = useCurrentUser();
  const t = useTexts('shell', SHELL_TEXTS);
  return (
    <section className="app-status-page" aria-labelledby="forbidden-title">
      <p className="app-status-code" aria-hidden="true">
        403
      </p>
      <h1 id="forbidden-title">{t.forbiddenTitle}</h1>
      <p>{t.forbiddenText}</p>
      <Link href={user ? '/dashboard' : '/signin'} role="button">
        {user ? t.backToDashboard : t.goToSignIn}
      </Link>
    </section>
  );
}
