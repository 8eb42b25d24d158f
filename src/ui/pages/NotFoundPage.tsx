// Any unknown path: loaded lazily.
import { Link } from 'wouter';
import { useCurrentUser } from '../shell/hooks';

export default function NotFoundPage() {
  const user = useCurrentUser();
  return (
    <section className="app-status-page" aria-labelledby="not-found-title">
      <p className="app-status-code" aria-hidden="true">404</p>
      <h1 id="not-found-title">Page Not Found</h1>
      <p>The page you are looking for does not exist or has been moved.</p>
      <Link href={user ? '/dashboard' : '/signin'} role="button">
        {user ? 'Back to Dashboard' : 'Go to Sign In'}
      </Link>
    </section>
  );
}
