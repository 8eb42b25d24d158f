// Types of the per-user navigation menus (docs/product.md#data Menu, #flows Menu cache).
import type { Menu } from '../../domain/users/menu';

export type { Menu };

export interface MenuLists {
  /** The caller's menus (GET /menus/user): sidebar entries and menu permissions. */
  userMenus: Menu[];
  /** Every menu (GET /menus); loaded by a refresh. */
  allMenus: Menu[];
}

export interface CachedMenus extends MenuLists {
  /** How old the cached lists are, in ms. */
  ageMs: number;
}

export interface MenusInput {
  cached?: CachedMenus | null;
}

export interface MenusContext extends MenuLists {
  error: string | null;
  /** How long the current lists stay fresh. */
  ttlMs: number;
  cached: CachedMenus | null;
}

export type MenusEvent =
  { type: 'menus.load' } | { type: 'menus.retry' } | { type: 'menus.refresh' };

export type MenusStatus = 'loading' | 'loaded' | 'failed';
