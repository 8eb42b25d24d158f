// Any unknown path: loaded lazily.
import { Link } from 'wouter';
import { SHELL_TEXTS } from '../../domain/i18n/en/shell';
import { useTexts } from '../layout/i18n';
import { useCurrentUser } from '../shell/hooks';

export default function NotFoundPage() {
  const user = useCurrentUser();
  const t = useTexts('shell', SHELL_TEXTS);
  return (
    <section className="app-status-page" aria-labelledby="not-found-title">
      <p className="app-status-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t.notFoundTitle}</h1>
      <p>{t.notFoundText}</p>
      <Link href={user ? '/dashboard' : '/signin'} role="button">
        {user ? t.backToDashboard : t.goToSignIn}
      </Link>
    </section>
  );
}
