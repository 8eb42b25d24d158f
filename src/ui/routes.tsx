// Routes of spec §2: every location goes through the navigation guard before its lazily loaded
// page renders, inside the layout it belongs to (app shell, auth card, or bare for guests' 404).
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { findRoute, pageTitle, routeTitle } from '../domain/menu';
import { guardAllows, type GuardSession } from '../machines/navigationGuard.machine';
import { LoadingOverlay } from './components/LoadingOverlay';
import { AuthLayout } from './layout/AuthLayout';
import { useMenus, useShell } from './shell/hooks';
import { RouteErrorBoundary } from './shell/RouteErrorBoundary';

type Page = LazyExoticComponent<ComponentType>;

export const PAGES: Record<string, Page> = {
  '/dashboard': lazy(() => import('./pages/DashboardPage')),
  '/create-progress-bill': lazy(() => import('./pages/CreateProgressBillPage')),
  '/update-progress-bill': lazy(() => import('./pages/UpdateProgressBillPage')),
  '/user-management': lazy(() => import('./pages/UserManagementPage')),
  '/invoice-document-generator': lazy(() => import('./pages/InvoiceDocumentGeneratorPage')),
  '/profile': lazy(() => import('./pages/ProfilePage')),
  '/signin': lazy(() => import('./pages/SignInPage')),
  '/signup': lazy(() => import('./pages/SignUpPage')),
  '/forgot-password': lazy(() => import('./pages/ForgotPasswordPage')),
  '/reset-password': lazy(() => import('./pages/ResetPasswordPage')),
  '/403': lazy(() => import('./pages/ForbiddenPage')),
};
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
// Guests never see the signed-in layout, so the sign-in page does not load it.
const AppLayout = lazy(() => import('./layout/AppLayout').then((m) => ({ default: m.AppLayout })));

function normalisePath(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function useGuardSession(): GuardSession {
  const { auth } = useShell();
  const authenticated = useSelector(auth, (s) => s.matches('authenticated'));
  const authErrorHandled = useSelector(auth, (s) => s.context.authErrorHandled);
  const { status, menus } = useMenus();
  return useMemo(
    () => ({ authenticated, authErrorHandled, menusStatus: status, menus }),
    [authenticated, authErrorHandled, status, menus],
  );
}

const pageFallback = <LoadingOverlay inline size="medium" />;

export function AppRoutes() {
  const [rawPath] = useLocation();
  const rawSearch = useSearch();
  const path = normalisePath(rawPath);
  const search = rawSearch ? `?${rawSearch}` : '';
  const shell = useShell();
  const session = useGuardSession();
  const menusActor = useSelector(shell.auth, (s) => s.children.menus);

  useEffect(() => {
    shell.guard.send({ type: 'guard.check', location: { path, search }, session });
  }, [shell.guard, path, search, session]);

  // Stale menus (older than 5 minutes) are fetched again on the next navigation.
  useEffect(() => {
    menusActor?.send({ type: 'menus.load' });
  }, [menusActor, path]);

  useEffect(() => {
    if (path !== '/') document.title = pageTitle(routeTitle(path));
  }, [path]);

  const allowed = useSelector(shell.guard, (s) => guardAllows(s, { path, search }));
  const route = findRoute(path);
  const Page = (route && PAGES[route.path]) ?? NotFoundPage;
  const page = (
    <RouteErrorBoundary resetKey={path}>
      <Suspense fallback={pageFallback}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );

  if (route?.access === 'guest') {
    return <AuthLayout>{allowed ? page : pageFallback}</AuthLayout>;
  }
  if (!session.authenticated) {
    // Guests only ever see the 403 and 404 pages outside the auth card; everything else redirects.
    if (!allowed) return <LoadingOverlay />;
    return (
      <main className="app-bare" id="main-content">
        {page}
      </main>
    );
  }
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <AppLayout>
        {allowed ? page : pageFallback}
      </AppLayout>
    </Suspense>
  );
}
