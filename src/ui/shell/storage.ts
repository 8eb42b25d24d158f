// Browser storage the shell keeps besides the session tokens (which src/api owns):
// the intended route (sessionStorage, docs/product.md#screens), the menu cache (sessionStorage, docs/product.md#flows) and the
// right-to-left preference (localStorage). Every access tolerates storage that throws.
import type { CachedMenus, MenuLists } from '../../machines/menus/machine';

export const INTENDED_ROUTE_KEY = 'intended_route';
export const MENU_CACHE_KEY = 'menu_cache';
export const DIRECTION_KEY = 'layout_direction';

function store(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? globalThis.sessionStorage : globalThis.localStorage;
  } catch {
    return null;
  }
}

function read(kind: 'session' | 'local', key: string): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'session' | 'local', key: string, value: string | null): void {
  try {
    if (value === null) store(kind)?.removeItem(key);
    else store(kind)?.setItem(key, value);
  } catch {
    // Full or blocked storage: the app works without the memory.
  }
}

export const intendedRoute = {
  remember(route: string): void {
    if (route && route.startsWith('/') && !route.startsWith('//') && route !== '/signin')
      write('session', INTENDED_ROUTE_KEY, route);
  },
  /** The remembered route, removed once read. */
  take(): string | null {
    const route = read('session', INTENDED_ROUTE_KEY);
    write('session', INTENDED_ROUTE_KEY, null);
    return route && route.startsWith('/') && !route.startsWith('//') ? route : null;
  },
};

export const menuCache = {
  read(now = Date.now()): CachedMenus | null {
    const raw = read('session', MENU_CACHE_KEY);
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<MenuLists> & { savedAt?: number };
      if (!Array.isArray(parsed.userMenus) || typeof parsed.savedAt !== 'number') return null;
      return {
        userMenus: parsed.userMenus,
        allMenus: Array.isArray(parsed.allMenus) ? parsed.allMenus : [],
        ageMs: Math.max(0, now - parsed.savedAt),
      };
    } catch {
      return null;
    }
  },
  write(lists: MenuLists, now = Date.now()): void {
    write('session', MENU_CACHE_KEY, JSON.stringify({ ...lists, savedAt: now }));
  },
  clear(): void {
    write('session', MENU_CACHE_KEY, null);
  },
};

export type Direction = 'ltr' | 'rtl';

export const direction = {
  read(): Direction {
    return read('local', DIRECTION_KEY) === 'rtl' ? 'rtl' : 'ltr';
  },
  write(dir: Direction): void {
    write('local', DIRECTION_KEY, dir === 'rtl' ? 'rtl' : null);
  },
};

/** Applies the remembered direction to <html>; called once at start (the switch is in the user menu). */
export function applyStoredDirection(): void {
  document.documentElement.dir = direction.read();
}
