// Sidebar order and grouping of the menus (docs/product.md#screens "Layout"). Apart from ./menu, which the
// router and the guard need on every page, so the sign-in page does not carry the sidebar's rules.
import type { Menu } from './menu';

/** Active menus sorted by order, then name. */
export function visibleMenus(menus: readonly Menu[]): Menu[] {
  return menus
    .filter((m) => m.active)
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}

export type MenuGroupId = 'dashboard' | 'billing' | 'system' | 'other';

export interface MenuGroup<T> {
  id: MenuGroupId;
  heading: string | null;
  items: T[];
}

const BILLING_WORDS = ['buat', 'update', 'progres', 'tagihan', 'bill', 'invoice'];
const SYSTEM_WORDS = ['user', 'manajemen', 'pengaturan', 'settings'];

/**
 * The sidebar group of a menu name. 'user' is checked before the billing words so that a name
 * like 'Update User' is a system entry, then the billing words (so 'Generate Tagihan Voice' and
 * 'Update Progres Tagihan' are billing), then 'manajemen'.
 */
export function menuGroupOf(name: string): MenuGroupId {
  const n = name.toLowerCase();
  if (n.includes('dashboard')) return 'dashboard';
  if (n.includes('user')) return 'system';
  if (BILLING_WORDS.some((w) => n.includes(w))) return 'billing';
  if (SYSTEM_WORDS.some((w) => n.includes(w))) return 'system';
  return 'other';
}

const GROUP_HEADINGS: ReadonlyArray<readonly [MenuGroupId, string | null]> = [
  ['dashboard', null],
  ['billing', 'BILLING MANAGEMENT'],
  ['system', 'SYSTEM MANAGEMENT'],
  ['other', null],
];

/** Sidebar groups in display order; empty groups are left out; items keep their given order. */
export function groupMenus<T extends { name: string }>(menus: readonly T[]): MenuGroup<T>[] {
  return GROUP_HEADINGS.map(([id, heading]) => ({
    id,
    heading,
    items: menus.filter((m) => menuGroupOf(m.name) === id),
  })).filter((g) => g.items.length > 0);
}
