import { describe, expect, test } from 'vitest';
import {
  findRoute,
  hasMenu,
  MENU_NAMES,
  normaliseMenu,
  pageTitle,
  routeTitle,
} from '../../../src/domain/users/menu';
import { groupMenus, menuGroupOf, visibleMenus } from '../../../src/domain/users/menuGroups';

test('the five menu names of docs/product.md#roles-and-menus, and Pengaturan Perusahaan (issue 33)', () => {
  expect(MENU_NAMES).toEqual([
    'Dashboard',
    'Buat Progres Tagihan',
    'Update Progres Tagihan',
    'Manajemen User',
    'Generate Tagihan Voice',
    'Pengaturan Perusahaan',
  ]);
});

describe('routes', () => {
  test.each([
    ['/dashboard', 'Dashboard', 'Dashboard'],
    ['/create-progress-bill', 'Buat Progres Tagihan', 'Buat Progres Tagihan'],
    ['/update-progress-bill?period=2024-01', 'Update Progres Tagihan', 'Update Progres Tagihan'],
    ['/user-management/', 'Manajemen User', 'Manajemen User'],
    ['/invoice-document-generator', 'Generate Tagihan Voice', 'Generate Tagihan Voice'],
    ['/profile', 'Profile Settings', null],
    ['/403', 'Access Denied', null],
  ])('%s has title %s and menu %s', (path, title, menu) => {
    expect(routeTitle(path)).toBe(title);
    expect(findRoute(path)?.menuName ?? null).toBe(menu);
  });

  test('unknown paths are Page Not Found', () => {
    expect(routeTitle('/nope')).toBe('Page Not Found');
  });

  test('page title', () => {
    expect(pageTitle('Dashboard')).toBe('Dashboard - Dashboard Invoice');
  });
});

describe('normaliseMenu', () => {
  test('fills icon, order and active defaults', () => {
    expect(normaliseMenu({ id: 1, name: 'Dashboard', path: '/dashboard' })).toEqual({
      id: 1,
      name: 'Dashboard',
      path: '/dashboard',
      icon: 'fa-circle',
      order: 0,
      parentId: null,
      active: true,
    });
  });

  test('keeps given values; only an explicit false hides an entry', () => {
    const m = normaliseMenu({
      id: '2',
      name: 'X',
      path: '/x',
      icon: 'fa-user',
      order: 3,
      parent_id: 1,
      active: false,
    });
    expect(m).toMatchObject({ icon: 'fa-user', order: 3, parentId: 1, active: false });
    expect(normaliseMenu({ id: 3, name: 'Y', path: '/y', active: null }).active).toBe(true);
    expect(normaliseMenu({ id: 3, name: 'Y', path: '/y', active: 0 }).active).toBe(true);
  });

  test('visibleMenus drops inactive entries and sorts by order', () => {
    const list = [
      normaliseMenu({ id: 1, name: 'B', path: '/b', order: 2 }),
      normaliseMenu({ id: 2, name: 'A', path: '/a', order: 1 }),
      normaliseMenu({ id: 3, name: 'C', path: '/c', order: 0, active: false }),
    ];
    expect(visibleMenus(list).map((m) => m.name)).toEqual(['A', 'B']);
  });

  test('hasMenu matches by id or by name', () => {
    const menus = [{ id: 4, name: 'Dashboard' }];
    expect(hasMenu(menus, 4)).toBe(true);
    expect(hasMenu(menus, 'dashboard')).toBe(true);
    expect(hasMenu(menus, 'Manajemen User')).toBe(false);
  });
});

describe('sidebar groups', () => {
  test.each([
    ['Dashboard', 'dashboard'],
    ['Buat Progres Tagihan', 'billing'],
    ['Update Progres Tagihan', 'billing'],
    ['Generate Tagihan Voice', 'billing'],
    ['Manajemen User', 'system'],
    ['Update User', 'system'],
    ['Invoice Archive', 'billing'],
    ['Manajemen Role', 'system'],
    ['Help', 'other'],
  ])('%s → %s', (name, group) => {
    expect(menuGroupOf(name)).toBe(group);
  });

  test('groups come in display order with headings, empty groups left out', () => {
    const groups = groupMenus(MENU_NAMES.map((name) => ({ name })));
    expect(groups.map((g) => [g.heading, g.items.map((i) => i.name)])).toEqual([
      [null, ['Dashboard']],
      [
        'BILLING MANAGEMENT',
        ['Buat Progres Tagihan', 'Update Progres Tagihan', 'Generate Tagihan Voice'],
      ],
      ['SYSTEM MANAGEMENT', ['Manajemen User', 'Pengaturan Perusahaan']],
    ]);
    expect(groupMenus([{ name: 'Dashboard' }]).map((g) => g.id)).toEqual(['dashboard']);
  });
});
