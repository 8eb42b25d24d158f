// The shell's long-lived actors, wired to the real services of src/api, the router and the
// browser. Created once per page load by ShellProvider.
import { navigate } from 'wouter/use-browser-location';
import {
  createActor,
  fromCallback,
  fromPromise,
  type InspectionEvent,
  type Observer,
} from 'xstate';
// The src/api modules the shell needs at start-up, each by name rather than through the index
// (which reaches every page's services); the http client and the services come through
// loadShellApi on the first call.
import { setAuthFailureHandler } from '../../api/authFailure';
import { onApiError } from '../../api/errorEvents';
import type { ErrorHistoryEntry } from '../../api/errorHistory';
import { ServiceError, succeeded, type ServiceResult } from '../../domain/serviceResult';
import { SIGN_IN_DEFAULT_ERROR, SIGN_IN_MESSAGES } from '../../api/signInMessages';
import {
  clearCredentials,
  getStoredUser,
  isSignedIn,
  setStoredUser,
  subscribeToTokenChanges,
} from '../../api/tokens';
import { authMachine, toCurrentUser, type CurrentUser } from '../../machines/auth/machine';
import {
  connectivityMachine,
  OFFLINE_NOTICE,
  type ConnectivityEvent,
} from '../../machines/connectivity/machine';
import { globalLoadingMachine } from '../../machines/globalLoading/machine';
import { menusMachine } from '../../machines/menus/machine';
import { navigationGuardMachine } from '../../machines/navigationGuard/machine';
import { notificationsMachine, type NotifyRequest } from '../../machines/notifications/machine';
import { createKept } from './kept';
import { loadShellApi } from './shellApiLoader';
import { intendedRoute, menuCache } from '../shell/storage';

/** Key of the 'server unreachable' notice, so it is shown once and hidden when the server is back. */
export const NETWORK_NOTICE_KEY = 'api.network';

function unwrap<T>(result: ServiceResult<T>): T {
  return succeeded(result, result.error ?? 'An unexpected error occurred.').data as T;
}

/** docs/product.md#messages "Sign in": 401 and 403 have their own texts, connectivity its own; anything else the default. */
export function signInErrorText(result: ServiceResult<unknown>): string {
  const byStatus = SIGN_IN_MESSAGES[result.status];
  if (byStatus) return byStatus;
  if ((result.status === 0 || result.status === 429) && result.error) return result.error;
  return SIGN_IN_DEFAULT_ERROR;
}

/** Whether a classified API error should become a notice (the 401 flow has its own). */
export function shouldNotify(error: ErrorHistoryEntry): boolean {
  return error.notify && error.kind !== 'authentication';
}

export function noticeFor(error: ErrorHistoryEntry): NotifyRequest {
  return {
    type: error.type,
    title: error.title,
    message: error.message,
    duration: error.duration,
    persistent: error.persistent,
    severity: error.severity,
    canRetry: error.retryable,
    errorId: error.id,
    ...(error.kind === 'network' ? { key: NETWORK_NOTICE_KEY } : {}),
  };
}

const go = (to: string, replace = false) => navigate(to, { replace });

export interface ShellActorsOptions {
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
}

export function createShellActors(options: ShellActorsOptions = {}) {
  const inspect = options.inspect;
  const notifications = createActor(notificationsMachine, { inspect });
  const notify = (notification: NotifyRequest) =>
    notifications.send({ type: 'notifications.show', notification });

  const loading = createActor(
    globalLoadingMachine.provide({
      actions: {
        loadingTimedOut: () =>
          notify({
            type: 'warning',
            title: 'Still working',
            message: 'This is taking longer than expected. Please try again.',
          }),
      },
    }),
    { inspect },
  );

  const shellMenus = menusMachine.provide({
    actors: {
      fetchUserMenus: fromPromise(async () =>
        unwrap(await (await loadShellApi()).menus.userMenus()),
      ),
      fetchAllMenus: fromPromise(async () => unwrap(await (await loadShellApi()).menus.list())),
    },
    actions: {
      persistMenus: (_, lists) => menuCache.write(lists),
      clearMenuCache: () => menuCache.clear(),
    },
  });

  const storedUser = isSignedIn() ? toCurrentUser(getStoredUser()) : null;
  const authActor = createActor(
    authMachine.provide({
      actors: {
        menus: shellMenus,
        signIn: fromPromise(async ({ input }) => {
          const { auth } = await loadShellApi();
          const result = await auth.login(input.email, input.password);
          const { data } = succeeded(result, signInErrorText(result));
          if (!data) throw ServiceError.of(SIGN_IN_DEFAULT_ERROR, result.status);
          const user = toCurrentUser(data.user);
          if (!user) throw ServiceError.of(SIGN_IN_DEFAULT_ERROR, result.status);
          return { user };
        }),
        register: fromPromise(async ({ input }) => {
          const { auth } = await loadShellApi();
          const result = await auth.register(input);
          unwrap(result);
          return { message: result.message };
        }),
        requestPasswordReset: fromPromise(async ({ input }) => {
          const { auth } = await loadShellApi();
          const result = await auth.forgotPassword(input.email);
          unwrap(result);
          return { message: result.message };
        }),
        resetPassword: fromPromise(async ({ input }) => {
          const { auth } = await loadShellApi();
          const result = await auth.resetPassword(input.token, input.password);
          unwrap(result);
          return { message: result.message };
        }),
        logout: fromPromise(async () => {
          await (await loadShellApi()).auth.logout();
        }),
        fetchCurrentUser: fromPromise<CurrentUser | null>(async () =>
          toCurrentUser(
            unwrap(await (await loadShellApi()).account.getProfile()) as Record<string, unknown>,
          ),
        ),
        fetchAvatar: fromPromise<string | null>(async () => {
          const { account } = await loadShellApi();
          const { data } = succeeded(await account.getProfileImage());
          return typeof data === 'string' && data ? data : null;
        }),
      },
      actions: {
        notify: (_, notice) => notify(notice),
        navigate: (_, { to }) => go(to),
        redirectAfterSignIn: () => go(intendedRoute.take() ?? '/dashboard', true),
        clearSession: () => {
          clearCredentials();
          menuCache.clear();
        },
        persistUser: (_, user) => setStoredUser(user),
      },
    }),
    { inspect, input: { user: storedUser, menuCache: storedUser ? menuCache.read() : null } },
  );

  const connectivity = createActor(
    connectivityMachine.provide({
      actors: {
        networkEvents: fromCallback<ConnectivityEvent>(({ sendBack }) => {
          const offline = () => sendBack({ type: 'connectivity.offline' });
          const online = () => sendBack({ type: 'connectivity.online' });
          window.addEventListener('offline', offline);
          window.addEventListener('online', online);
          return () => {
            window.removeEventListener('offline', offline);
            window.removeEventListener('online', online);
          };
        }),
        // Any HTTP answer, even an error status, means the server is reachable again.
        probeServer: fromPromise(async () => {
          const { getApiConfig, getHttpClient } = await loadShellApi();
          await getHttpClient().fetcher.raw(`${getApiConfig().apiRoot}/menus/user`, {
            timeout: 5000,
          });
        }),
      },
      actions: {
        showOfflineWarning: () => notify(OFFLINE_NOTICE),
        hideOfflineWarning: () =>
          notifications.send({ type: 'notifications.dismissKey', key: OFFLINE_NOTICE.key }),
        serverBack: () => {
          notifications.send({ type: 'notifications.dismissKey', key: NETWORK_NOTICE_KEY });
          notify({
            type: 'success',
            title: 'Connection Restored',
            message: 'The server is reachable again.',
            duration: 3000,
          });
          const menusActor = authActor.getSnapshot().children.menus;
          if (menusActor?.getSnapshot().matches('failed')) menusActor.send({ type: 'menus.retry' });
        },
      },
    }),
    {
      inspect,
      input: { online: typeof navigator === 'undefined' ? true : navigator.onLine !== false },
    },
  );

  const guard = createActor(
    navigationGuardMachine.provide({
      actions: {
        notify: (_, notice) => notify(notice),
        redirect: (_, { to }) => go(to, true),
        rememberIntendedRoute: (_, { route }) => intendedRoute.remember(route),
      },
    }),
    { inspect },
  );

  return {
    auth: authActor,
    notifications,
    loading,
    connectivity,
    guard,
    notify,
    kept: createKept(),
  };
}

export type ShellActors = ReturnType<typeof createShellActors>;

/** Starts the actors and connects them to the API client and other tabs; returns the teardown. */
export function startShell(actors: ShellActors): () => void {
  actors.notifications.start();
  actors.loading.start();
  actors.auth.start();
  actors.connectivity.start();
  actors.guard.start();

  setAuthFailureHandler(() =>
    actors.auth.send({ type: 'auth.sessionExpired', path: window.location.pathname }),
  );
  const stopErrors = onApiError((error) => {
    if (error.kind === 'network')
      actors.connectivity.send({ type: 'connectivity.serverUnreachable' });
    if (shouldNotify(error)) actors.notify(noticeFor(error));
  });
  const stopTabs = subscribeToTokenChanges((change) => {
    const signedInHere = actors.auth.getSnapshot().matches('authenticated');
    if (!change.signedIn && signedInHere)
      actors.auth.send({ type: 'auth.sessionChanged', user: null });
    if (change.signedIn && (!signedInHere || change.entry === 'user')) {
      actors.auth.send({ type: 'auth.sessionChanged', user: toCurrentUser(getStoredUser()) });
    }
  });

  // The guard may remount a page without any navigation, so mounts alone cannot tell a return to
  // /dashboard; wouter fires pushState/replaceState on window.
  const routeChanged = () => {
    if (window.location.pathname !== '/dashboard') actors.kept.leftDashboard = true;
  };
  const routeEvents = ['popstate', 'pushState', 'replaceState'];
  for (const type of routeEvents) window.addEventListener(type, routeChanged);

  return () => {
    for (const type of routeEvents) window.removeEventListener(type, routeChanged);
    actors.kept.stop();
    stopErrors();
    stopTabs();
    setAuthFailureHandler(() => window.location.assign('/signin'));
    actors.guard.stop();
    actors.connectivity.stop();
    actors.auth.stop();
    actors.loading.stop();
    actors.notifications.stop();
  };
}
