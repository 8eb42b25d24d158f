// Types of the navigation guard (docs/product.md#screens "Navigation guard").
import type { Menu } from '../../domain/users/menu';
import type { MenusStatus } from '../menus/types';

export interface GuardLocation {
  /** Pathname, e.g. '/update-progress-bill'. */
  path: string;
  /** Query string including '?', or ''. */
  search: string;
}

export interface GuardSession {
  authenticated: boolean;
  menusStatus: MenusStatus;
  /** The caller's menus (GET /menus/user). */
  menus: readonly Pick<Menu, 'id' | 'name'>[];
  /** An authentication error was handled a moment ago (its own notice is already showing). */
  authErrorHandled: boolean;
}

export interface GuardNotice {
  type: 'info' | 'warning' | 'error';
  title: string;
  message: string;
  duration?: number;
  severity?: 'high';
  /** A stable key, so the notice can be taken down once it no longer applies. */
  key?: string;
}

export type GuardDecision =
  | { kind: 'allow'; notice?: GuardNotice }
  /** The permission cannot be decided yet (menus still loading). */
  | { kind: 'wait' }
  | { kind: 'redirect'; to: string; notice?: GuardNotice; rememberRoute?: string };

export interface NavigationGuardContext {
  /** Key of the last check, so repeated checks of the same situation do nothing. */
  key: string | null;
  location: GuardLocation | null;
  decision: GuardDecision | null;
}

export type NavigationGuardEvent = {
  type: 'guard.check';
  location: GuardLocation;
  session: GuardSession;
};

export interface NavigationMenuEntry {
  path: string;
  name: string;
  title: string;
  description: string;
  icon: string;
  menuName: string | null;
}
