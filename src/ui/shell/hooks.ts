// The UI shell contract: what pages use to reach the shell (the signed-in user, menus, notices,
// navigation and the inspector), so no page reaches into the shell's machines.
import { useSelector } from '@xstate/react';
import { useCallback, useContext, useMemo } from 'react';
import { hasMenu } from '../../domain/users/menu';
import type { CurrentUser } from '../../machines/auth/machine';
import type { InspectObserver } from '../../machines/inspect';
import { menusStatus, type Menu, type MenusStatus } from '../../machines/menus/machine';
import { ShellContext, type Shell } from './ShellProvider';

export type { CurrentUser };

/** The shell's actors (for the layout and the auth pages; pages use the narrower hooks). */
export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside <ShellProvider>');
  return shell;
}

/** The signed-in user, or null. */
export function useCurrentUser(): CurrentUser | null {
  return useSelector(useShell().auth, (s) => s.context.user);
}

/** The caller's menus from the server and their loading status. */
export function useMenus(): {
  status: MenusStatus;
  menus: Menu[];
  error: string | null;
  retry: () => void;
} {
  const menusActor = useSelector(useShell().auth, (s) => s.children.menus);
  const status = useSelector(menusActor, (s) => (s ? menusStatus(s) : 'loading'));
  const menus = useSelector(menusActor, (s) => s?.context.userMenus ?? EMPTY);
  const error = useSelector(menusActor, (s) => s?.context.error ?? null);
  const retry = useCallback(() => menusActor?.send({ type: 'menus.retry' }), [menusActor]);
  return { status, menus, error, retry };
}
const EMPTY: Menu[] = [];

/** Whether the server's per-user menus grant `menuName` (false while they load). */
export function useHasMenu(menuName: string): boolean {
  const { menus } = useMenus();
  return useMemo(() => hasMenu(menus, menuName), [menus, menuName]);
}

export interface AuthActions {
  logout(): void;
  /** Reload the current user (and avatar) after a profile change. */
  refreshUser(): void;
  /** Report a 401 the page could not recover from (warns, logs out, goes to /signin). */
  sessionExpired(): void;
  /** Reload the menus, clearing their cache (e.g. after an admin changed them). */
  refreshMenus(): void;
}

export function useAuthActions(): AuthActions {
  const { auth } = useShell();
  return useMemo(
    () => ({
      logout: () => auth.send({ type: 'auth.logout' }),
      refreshUser: () => auth.send({ type: 'auth.refreshUser' }),
      sessionExpired: () =>
        auth.send({ type: 'auth.sessionExpired', path: window.location.pathname }),
      refreshMenus: () => auth.send({ type: 'auth.refreshMenus' }),
    }),
    [auth],
  );
}

/** Pass to useMachine(machine, { inspect }) so a page's machine shows in the Stately inspector in development. */
export function useInspect(): InspectObserver | undefined {
  return useShell().inspect;
}
