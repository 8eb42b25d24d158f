// Menu names, the route table of docs/product.md#screens and sidebar grouping.

export const MENU_DASHBOARD = 'Dashboard';
export const MENU_CREATE_BILL = 'Buat Progres Tagihan';
export const MENU_UPDATE_BILL = 'Update Progres Tagihan';
export const MENU_USER_MANAGEMENT = 'Manajemen User';
export const MENU_INVOICE_GENERATOR = 'Generate Tagihan Voice';
export const MENU_COMPANY_SETTINGS = 'Pengaturan Perusahaan';

export const MENU_NAMES = [
  MENU_DASHBOARD,
  MENU_CREATE_BILL,
  MENU_UPDATE_BILL,
  MENU_USER_MANAGEMENT,
  MENU_INVOICE_GENERATOR,
  MENU_COMPANY_SETTINGS,
] as const;
export type MenuName = (typeof MENU_NAMES)[number];

export const APP_NAME = 'Dashboard Invoice';

export type RouteAccess = 'protected' | 'guest' | 'public';

export interface RouteInfo {
  readonly path: string;
  readonly title: string;
  /** Menu permission checked by the guard; null = any signed-in user (or not protected). */
  readonly menuName: MenuName | null;
  readonly access: RouteAccess;
}

/** The route table of docs/product.md#screens (the redirect '/' and the catch-all are handled by routeTitle). */
export const ROUTES: readonly RouteInfo[] = [
  { path: '/dashboard', title: 'Dashboard', menuName: MENU_DASHBOARD, access: 'protected' },
  {
    path: '/create-progress-bill',
    title: 'Buat Progres Tagihan',
    menuName: MENU_CREATE_BILL,
    access: 'protected',
  },
  {
    path: '/update-progress-bill',
    title: 'Update Progres Tagihan',
    menuName: MENU_UPDATE_BILL,
    access: 'protected',
  },
  {
    path: '/user-management',
    title: 'Manajemen User',
    menuName: MENU_USER_MANAGEMENT,
    access: 'protected',
  },
  {
    path: '/invoice-document-generator',
    title: 'Generate Tagihan Voice',
    menuName: MENU_INVOICE_GENERATOR,
    access: 'protected',
  },
  {
    path: '/company-settings',
    title: 'Pengaturan Perusahaan',
    menuName: MENU_COMPANY_SETTINGS,
    access: 'protected',
  },
  {
    path: '/deliveries',
    title: 'Pengiriman Tagihan',
    menuName: MENU_INVOICE_GENERATOR,
    access: 'protected',
  },
  { path: '/profile', title: 'Profile Settings', menuName: null, access: 'protected' },
  { path: '/signin', title: 'Sign In', menuName: null, access: 'guest' },
  { path: '/signup', title: 'Sign Up', menuName: null, access: 'guest' },
  { path: '/forgot-password', title: 'Forgot Password', menuName: null, access: 'guest' },
  { path: '/reset-password', title: 'Reset Password', menuName: null, access: 'guest' },
  { path: '/403', title: 'Access Denied', menuName: null, access: 'public' },
];

export const NOT_FOUND_TITLE = 'Page Not Found';

function stripPath(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The route of a pathname (query and trailing slash ignored), or undefined. */
export function findRoute(pathname: string): RouteInfo | undefined {
  const path = stripPath(pathname);
  return ROUTES.find((r) => r.path === path);
}

/** The route title, 'Page Not Found' for unknown paths. */
export function routeTitle(pathname: string): string {
  return findRoute(pathname)?.title ?? NOT_FOUND_TITLE;
}

/** The document title: '<route title> - Dashboard Invoice'. */
export function pageTitle(title: string): string {
  return `${title} - ${APP_NAME}`;
}

export interface Menu {
  id: string | number;
  name: string;
  path: string;
  icon: string;
  order: number;
  parentId: string | number | null;
  active: boolean;
}

/** A menu from the server (snake or camel case) with the defaults of docs/product.md#data. */
export function normaliseMenu(raw: Record<string, unknown>): Menu {
  const parent = raw.parentId ?? raw.parent_id;
  const order = Number(raw.order);
  const id = raw.id;
  return {
    id: typeof id === 'number' || typeof id === 'string' ? id : String(raw.name ?? ''),
    name: typeof raw.name === 'string' ? raw.name : '',
    path: typeof raw.path === 'string' ? raw.path : '',
    icon: typeof raw.icon === 'string' && raw.icon.trim() !== '' ? raw.icon : 'fa-circle',
    order:
      raw.order !== null && raw.order !== undefined && raw.order !== '' && Number.isFinite(order)
        ? order
        : 0,
    parentId: typeof parent === 'number' || typeof parent === 'string' ? parent : null,
    active: raw.active !== false,
  };
}

/** Whether a per-user menu list grants a menu, by id or name (docs/product.md#roles-and-menus). */
export function hasMenu(
  menus: readonly Pick<Menu, 'id' | 'name'>[],
  menu: string | number,
): boolean {
  const wanted = typeof menu === 'string' ? menu.trim().toLowerCase() : menu;
  return menus.some(
    (m) => m.id === menu || (typeof wanted === 'string' && m.name.trim().toLowerCase() === wanted),
  );
}
