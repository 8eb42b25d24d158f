// TEMPORARY stub (build engineer): lets build.mjs exercise code splitting and size reporting.
// The shell engineer replaces this file with the real routes and layout.
import { lazy, Suspense } from 'react';

const DashboardPage = lazy(() => import('./pages/DashboardPage'));

export function App() {
  const onDashboard = window.location.pathname === '/dashboard';
  return (
    <main className="container">
      <h1>Dashboard Invoice</h1>
      {onDashboard && (
        <Suspense fallback={<p aria-busy="true">Loading...</p>}>
          <DashboardPage />
        </Suspense>
      )}
    </main>
  );
}
