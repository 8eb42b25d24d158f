// Menu calls of docs/product.md#api "Menus"; entries come back with the defaults of docs/product.md#data.

import { normaliseMenu, type Menu } from '../../domain/users/menu';
import { getHttpClient, type HttpClient } from '../http';
import { FALLBACK } from '../messages';
import { lazyService } from './lazy';
import { call, idPath, type ServiceResult } from './result';

export interface MenuInput {
  name: string;
  path: string;
  icon?: string;
  order?: number;
  parentId?: string | number | null;
  active?: boolean;
}

function menuList(data: unknown): Menu[] {
  const d = data as { menus?: unknown; items?: unknown } | undefined;
  const raw = Array.isArray(data)
    ? data
    : Array.isArray(d?.menus)
      ? d.menus
      : Array.isArray(d?.items)
        ? d.items
        : [];
  return (raw as unknown[])
    .filter((m): m is Record<string, unknown> => Boolean(m) && typeof m === 'object')
    .map(normaliseMenu);
}

const oneMenu = (data: unknown): Menu | null =>
  data && typeof data === 'object' && !Array.isArray(data)
    ? normaliseMenu(data as Record<string, unknown>)
    : null;

export function createMenusService(http: HttpClient) {
  return {
    list(): Promise<ServiceResult<Menu[]>> {
      return call<unknown, Menu[]>(() => http.get('/menus'), {
        fallback: FALLBACK.menus,
        pick: menuList,
      });
    },
    /** The signed-in user's menus (what the sidebar and permission checks use). */
    userMenus(): Promise<ServiceResult<Menu[]>> {
      return call<unknown, Menu[]>(() => http.get('/menus/user'), {
        fallback: FALLBACK.userMenus,
        pick: menuList,
      });
    },
    get(id: string | number): Promise<ServiceResult<Menu | null>> {
      return call<unknown, Menu | null>(() => http.get(idPath('/menus', id)), {
        fallback: FALLBACK.menu,
        pick: oneMenu,
      });
    },
    create(menu: MenuInput): Promise<ServiceResult<Menu | null>> {
      return call<unknown, Menu | null>(() => http.post('/menus', menu), {
        fallback: FALLBACK.createMenu,
        pick: oneMenu,
      });
    },
    update(id: string | number, menu: Partial<MenuInput>): Promise<ServiceResult<Menu | null>> {
      return call<unknown, Menu | null>(() => http.put(idPath('/menus', id), menu), {
        fallback: FALLBACK.updateMenu,
        pick: oneMenu,
      });
    },
    remove(id: string | number): Promise<ServiceResult<unknown>> {
      return call(() => http.delete(idPath('/menus', id)), { fallback: FALLBACK.deleteMenu });
    },
  };
}

export type MenusService = ReturnType<typeof createMenusService>;

/** The app's menu calls on the app's http client, built on first use. */
export const menus: MenusService = /* @__PURE__ */ lazyService(() =>
  createMenusService(getHttpClient()),
);
