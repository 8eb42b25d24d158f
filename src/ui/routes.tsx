// Routes of docs/product.md#screens: every location goes through the navigation guard before its lazily loaded
// page renders, inside the layout it belongs to (app shell, auth card, or bare for guests' 404).
import { useSelector } from '@xstate/react';
import {
  lazy,
  Suspense,
  useEffect,
  useMemo,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { useLocation, useSearch } from 'wouter';
import { findRoute, pageTitle, routeTitle } from '../domain/users/menu';
import { guardAllows, type GuardSession } from '../machines/navigationGuard/machine';
import { LoadingOverlay } from './components/LoadingOverlay';
import { AuthLayout } from './layout/AuthLayout';
import { useTranslate } from './layout/i18n';
import { useMenus, useShell } from './shell/hooks';
import SignInPage from './pages/SignInPage';
import { RouteErrorBoundary } from './shell/RouteErrorBoundary';
import { loadFullStylesheet } from './shell/stylesheet';

type Page = LazyExoticComponent<ComponentType>;

/** docs/product.md#limits: a page's code that has not arrived after 120 s counts as failed (the error boundary offers a reload). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A lazily loaded page; all but the auth pages also wait for the whole stylesheet. */
function page(load: () => Promise<{ default: ComponentType }>, authPage = false): Page {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('Failed to fetch dynamically imported module: timed out')),
          CHUNK_LOAD_TIMEOUT_MS,
        );
        const styles = authPage ? undefined : loadFullStylesheet();
        Promise.all([load(), styles]).then(
          ([module]) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      }),
  );
}

export const PAGES: Record<string, Page> = {
  '/dashboard': page(() => import('./pages/DashboardPage')),
  '/create-progress-bill': page(() => import('./pages/CreateProgressBillPage')),
  '/update-progress-bill': page(() => import('./pages/UpdateProgressBillPage')),
  '/user-management': page(() => import('./pages/UserManagementPage')),
  '/invoice-document-generator': page(() => import('./pages/InvoiceDocumentGeneratorPage')),
  '/company-settings': page(() => import('./pages/CompanySettingsPage')),
  '/deliveries': page(() => import('./pages/DeliveriesPage')),
  '/profile': page(() => import('./pages/ProfilePage')),
  // The first page most visitors see is part of the app's first download.
  '/signin': page(() => Promise.resolve({ default: SignInPage }), true),
  '/signup': page(() => import('./pages/SignUpPage'), true),
  '/forgot-password': page(() => import('./pages/ForgotPasswordPage'), true),
  '/reset-password': page(() => import('./pages/ResetPasswordPage'), true),
  '/403': page(() => import('./pages/ForbiddenPage')),
};
const NotFoundPage = page(() => import('./pages/NotFoundPage'));
// Guests never see the signed-in layout, so the sign-in page does not load it.
const AppLayout = lazy(() =>
  Promise.all([import('./layout/AppLayout'), loadFullStylesheet()]).then(([m]) => ({
    default: m.AppLayout,
  })),
);

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

  // The tab's title in the language on screen (the billing screens' titles are Indonesian in both).
  const tr = useTranslate();
  const title = tr(routeTitle(path));
  useEffect(() => {
    if (path !== '/') document.title = pageTitle(title);
  }, [path, title]);

  const allowed = useSelector(shell.guard, (s) => guardAllows(s, { path }));
  const route = findRoute(path);
  const Page = (route && PAGES[route.path]) ?? NotFoundPage;
  const content = (
    <RouteErrorBoundary resetKey={path}>
      <Suspense fallback={pageFallback}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );

  if (route?.access === 'guest') {
    return <AuthLayout>{allowed ? content : pageFallback}</AuthLayout>;
  }
  if (!session.authenticated) {
    // Guests only ever see the 403 and 404 pages outside the auth card; everything else redirects.
    if (!allowed) return <LoadingOverlay />;
    return (
      <main className="app-bare" id="main-content">
        {content}
      </main>
    );
  }
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <AppLayout>{allowed ? content : pageFallback}</AppLayout>
    </Suspense>
  );
}
