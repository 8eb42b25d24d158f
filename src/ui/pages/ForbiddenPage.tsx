// /403: loaded lazily when the guard refuses a menu.
import { Link } from 'wouter';
import { useCurrentUser } from '../shell/hooks';

export default function ForbiddenPage() {
  const user = useCurrentUser();
  return (
    <section className="app-status-page" aria-labelledby="forbidden-title">
      <p className="app-status-code" aria-hidden="true">403</p>
      <h1 id="forbidden-title">Access Denied</h1>
      <p>You don&apos;t have permission to access this page.</p>
      <Link href={user ? '/dashboard' : '/signin'} role="button">
        {user ? 'Back to Dashboard' : 'Go to Sign In'}
      </Link>
    </section>
  );
}
