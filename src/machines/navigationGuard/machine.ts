// The navigation guard of docs/product.md#screens: every location change is checked against the route table,
// the session and the caller's menus. The decision is a pure function; the machine runs its
// side effects (notice, redirect, remembering the intended route) through injected actions and
// turns a failing decision into a high-severity navigation error.
import { assign, enqueueActions, setup } from 'xstate';
import { findRoute, hasMenu, ROUTES, type RouteInfo } from '../../domain/users/menu';
import type {
  GuardDecision,
  GuardLocation,
  GuardNotice,
  GuardSession,
  NavigationGuardContext,
  NavigationGuardEvent,
  NavigationMenuEntry,
} from './types';

export type * from './types';

export const GUARD_NOTICES = {
  // Keyed: the signed-in layout takes it down once sign-in has landed on the intended page.
  signInRequired: {
    type: 'info',
    title: 'Sign In Required',
    message: 'Please sign in to access this page.',
    duration: 3000,
    key: 'guard.signInRequired',
  },
  accessDenied: {
    type: 'error',
    title: 'Access Denied',
    message: "You don't have permission to access this page.",
    duration: 4000,
  },
  permissionCheckFailed: {
    type: 'warning',
    title: 'Permission Check Failed',
    message: 'Unable to verify permissions. Contact support if issues persist.',
    duration: 4000,
  },
  alreadySignedIn: {
    type: 'info',
    title: 'Already Signed In',
    message: 'You are already signed in.',
    duration: 3000,
  },
} as const satisfies Record<string, GuardNotice>;

export const NAVIGATION_ERROR_TITLE = 'Navigation Error';

/** The pure decision of docs/product.md#screens "Navigation guard". Throws only on a broken input. */
export function decideNavigation(location: GuardLocation, session: GuardSession): GuardDecision {
  const path = location.path.length > 1 ? location.path.replace(/\/+$/, '') : location.path;
  if (path === '/')
    return { kind: 'redirect', to: session.authenticated ? '/dashboard' : '/signin' };

  const route = findRoute(path);
  if (!route || route.access === 'public') return { kind: 'allow' };

  if (route.access === 'guest') {
    return session.authenticated
      ? { kind: 'redirect', to: '/dashboard', notice: GUARD_NOTICES.alreadySignedIn }
      : { kind: 'allow' };
  }

  if (!session.authenticated) {
    const intended = `${path}${location.search}`;
    return {
      kind: 'redirect',
      to: '/signin',
      ...(path !== '/signin' ? { rememberRoute: intended } : {}),
      ...(session.authErrorHandled ? {} : { notice: GUARD_NOTICES.signInRequired }),
    };
  }

  if (!route.menuName) return { kind: 'allow' };
  if (session.menusStatus === 'loading') return { kind: 'wait' };
  if (session.menusStatus === 'failed')
    return { kind: 'allow', notice: GUARD_NOTICES.permissionCheckFailed };
  let permitted: boolean;
  try {
    permitted = hasMenu(session.menus, route.menuName);
  } catch {
    return { kind: 'allow', notice: GUARD_NOTICES.permissionCheckFailed };
  }
  return permitted
    ? { kind: 'allow' }
    : { kind: 'redirect', to: '/403', notice: GUARD_NOTICES.accessDenied };
}

/** What a guard error turns into: a high-severity notice and a safe place to go. */
export function navigationErrorDecision(error: unknown, authenticated: boolean): GuardDecision {
  const message =
    error instanceof Error && error.message ? error.message : 'An unexpected error occurred.';
  return {
    kind: 'redirect',
    to: authenticated ? '/dashboard' : '/signin',
    notice: { type: 'error', title: NAVIGATION_ERROR_TITLE, message, severity: 'high' },
  };
}

const NAV_META: Record<string, { description: string; icon: string }> = {
  '/dashboard': { description: 'Billing progress per period', icon: 'fa-tachometer-alt' },
  '/create-progress-bill': {
    description: 'Create the invoice summary of a period',
    icon: 'fa-plus-circle',
  },
  '/update-progress-bill': {
    description: 'Update the invoice summary of a period',
    icon: 'fa-edit',
  },
  '/user-management': { description: 'Users, roles and verification', icon: 'fa-users' },
  '/invoice-document-generator': {
    description: 'Merge a Word template with Excel rows',
    icon: 'fa-file-word',
  },
  '/profile': { description: 'Your profile, avatar and password', icon: 'fa-user' },
};

/**
 * The navigation-menu list of docs/product.md#screens: protected, non-hidden routes; routes with a menu name
 * only when the user may open that menu; Profile always.
 */
export function buildNavigationMenu(
  userHasMenu: (menuName: string) => boolean,
  routes: readonly RouteInfo[] = ROUTES,
): NavigationMenuEntry[] {
  return routes
    .filter((r) => r.access === 'protected' && NAV_META[r.path])
    .filter((r) => r.path === '/profile' || !r.menuName || userHasMenu(r.menuName))
    .map((r) => ({
      path: r.path,
      name: r.menuName ?? r.title,
      title: r.title,
      description: NAV_META[r.path].description,
      icon: NAV_META[r.path].icon,
      menuName: r.menuName,
    }));
}

// The query string never changes a decision (it is only remembered for later), so a page that
// keeps its state in the URL is not checked, hidden and remounted on every change of it.
const checkKey = (location: GuardLocation, session: GuardSession) =>
  `${location.path}|${session.authenticated}|${session.menusStatus}`;

export const navigationGuardMachine = setup({
  types: {
    context: {} as NavigationGuardContext,
    events: {} as NavigationGuardEvent,
  },
  actions: {
    notify: (_, _notice: GuardNotice) => {},
    /** Replace the current location (the guarded one must not stay in history). */
    redirect: (_, _params: { to: string }) => {},
    rememberIntendedRoute: (_, _params: { route: string }) => {},
  },
  guards: {
    isRepeat: ({ context, event }) => context.key === checkKey(event.location, event.session),
    allows: ({ context }) => context.decision?.kind === 'allow',
    waits: ({ context }) => context.decision?.kind === 'wait',
  },
}).createMachine({
  id: 'navigationGuard',
  context: { key: null, location: null, decision: null },
  initial: 'idle',
  on: {
    'guard.check': [
      { guard: 'isRepeat' },
      {
        target: '.deciding',
        actions: assign(({ event }) => {
          let decision: GuardDecision;
          try {
            decision = decideNavigation(event.location, event.session);
          } catch (error) {
            decision = navigationErrorDecision(error, event.session.authenticated);
          }
          return {
            key: checkKey(event.location, event.session),
            location: event.location,
            decision,
          };
        }),
      },
    ],
  },
  states: {
    idle: {},
    deciding: {
      always: [
        { guard: 'waits', target: 'waiting' },
        { guard: 'allows', target: 'allowed' },
        { target: 'redirecting' },
      ],
    },
    waiting: {},
    allowed: {
      entry: enqueueActions(({ context, enqueue }) => {
        const d = context.decision;
        if (d?.kind === 'allow' && d.notice) enqueue({ type: 'notify', params: d.notice });
      }),
    },
    redirecting: {
      entry: enqueueActions(({ context, enqueue }) => {
        const d = context.decision;
        if (d?.kind !== 'redirect') return;
        if (d.rememberRoute)
          enqueue({ type: 'rememberIntendedRoute', params: { route: d.rememberRoute } });
        if (d.notice) enqueue({ type: 'notify', params: d.notice });
        enqueue({ type: 'redirect', params: { to: d.to } });
      }),
    },
  },
});

/** Whether the page at `location` may render now (its path was checked and allowed). */
export function guardAllows(
  snapshot: { matches: (v: 'allowed') => boolean; context: NavigationGuardContext },
  location: Pick<GuardLocation, 'path'>,
): boolean {
  return snapshot.matches('allowed') && snapshot.context.location?.path === location.path;
}
