import { beforeAll, describe, expect, test } from 'vitest';
import { databases, useTestApp, type TestUser } from './helpers';

const ALL_MENUS = [
  'Dashboard',
  'Buat Progres Tagihan',
  'Update Progres Tagihan',
  'Manajemen User',
  'Generate Tagihan Voice',
  'Pengaturan Perusahaan',
];

describe.each(databases)('menus on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: TestUser & { token: string };
  let staff: TestUser & { token: string };

  beforeAll(async () => {
    admin = await ctx.signedIn('admin');
    staff = await ctx.signedIn('staff');
  });

  test('an administrator gets all six menus in order, with paths and icons', async () => {
    const res = await ctx.get('/api/v1/menus/user', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.map((m: { name: string }) => m.name)).toEqual(ALL_MENUS);
    expect(res.body.data[0]).toMatchObject({
      name: 'Dashboard',
      path: '/dashboard',
      active: true,
      parent_id: null,
    });
    expect(res.body.data.map((m: { path: string }) => m.path)).toEqual([
      '/dashboard',
      '/create-progress-bill',
      '/update-progress-bill',
      '/user-management',
      '/invoice-document-generator',
      '/company-settings',
    ]);
    for (const menu of res.body.data) expect(menu.icon).toMatch(/^fa-/);
  });

  test('staff get every menu but Manajemen User and Pengaturan Perusahaan', async () => {
    const res = await ctx.get('/api/v1/menus/user', { token: staff.token });
    expect(res.body.data.map((m: { name: string }) => m.name)).toEqual(
      ALL_MENUS.filter((n) => n !== 'Manajemen User' && n !== 'Pengaturan Perusahaan'),
    );
  });

  test.each([
    ['GET', '/api/v1/menus', 200, 200, 401],
    ['GET', '/api/v1/menus/user', 200, 200, 401],
    ['GET', '/api/v1/menus/1', 200, 200, 401],
    ['POST', '/api/v1/menus', 201, 403, 401],
    ['PUT', '/api/v1/menus/1', 200, 403, 401],
    ['DELETE', '/api/v1/menus/999999', 404, 403, 401],
  ])(
    '%s %s → admin %i, staff %i, anonymous %i',
    async (method, url, forAdmin, forStaff, forAnonymous) => {
      const body =
        method === 'POST'
          ? { name: `Menu ${method}${Math.random()}`, path: '/x' }
          : method === 'PUT'
            ? { icon: 'fa-home' }
            : undefined;
      const staffMenus = await ctx.count('menus');
      expect((await ctx.request(method, url, body, { token: staff.token })).status).toBe(forStaff);
      expect((await ctx.request(method, url, body)).status).toBe(forAnonymous);
      expect(await ctx.count('menus')).toBe(staffMenus);
      expect((await ctx.request(method, url, body, { token: admin.token })).status).toBe(forAdmin);
    },
  );

  test('create, read, update and delete a menu; staff see it only when given to staff', async () => {
    const created = await ctx.post(
      '/api/v1/menus',
      { name: 'Laporan', path: '/reports', order: 6, roles: ['admin', 'staff'] },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Laporan',
      path: '/reports',
      icon: 'fa-circle',
      order: 6,
      active: true,
      roles: ['admin', 'staff'],
    });
    const id = created.body.data.id;

    expect((await ctx.get(`/api/v1/menus/${id}`, { token: staff.token })).body.data.name).toBe(
      'Laporan',
    );
    let staffMenus = await ctx.get('/api/v1/menus/user', { token: staff.token });
    expect(staffMenus.body.data.at(-1).name).toBe('Laporan');

    const updated = await ctx.put(
      `/api/v1/menus/${id}`,
      { isActive: undefined, active: false, icon: 'fa-chart-bar' },
      { token: admin.token },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      active: false,
      icon: 'fa-chart-bar',
      name: 'Laporan',
    });
    staffMenus = await ctx.get('/api/v1/menus/user', { token: staff.token });
    expect(staffMenus.body.data.map((m: { name: string }) => m.name)).not.toContain('Laporan');
    // Inactive menus still appear in the full list for administrators to manage.
    const all = await ctx.get('/api/v1/menus', { token: admin.token });
    expect(all.body.data.find((m: { id: number }) => m.id === id)).toMatchObject({ active: false });

    const deleted = await ctx.delete(`/api/v1/menus/${id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await ctx.get(`/api/v1/menus/${id}`, { token: admin.token })).status).toBe(404);
    expect(
      await ctx.db.selectFrom('role_menus').select('menu_id').where('menu_id', '=', id).execute(),
    ).toEqual([]);
  });

  test('camelCase parentId is accepted and must name an existing menu', async () => {
    const ok = await ctx.post(
      '/api/v1/menus',
      { name: 'Sub Dashboard', path: '/dashboard/sub', parentId: 1 },
      { token: admin.token },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data.parent_id).toBe(1);
    const bad = await ctx.post(
      '/api/v1/menus',
      { name: 'Orphan', path: '/orphan', parentId: 999999 },
      { token: admin.token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('parent_id');
  });

  test('a duplicate name → 409; bad input → 400 naming the field; nothing written', async () => {
    const before = await ctx.count('menus');
    const dup = await ctx.post(
      '/api/v1/menus',
      { name: 'Dashboard', path: '/again' },
      { token: admin.token },
    );
    expect(dup.status).toBe(409);
    expect(dup.body.field).toBe('name');
    const noPath = await ctx.post('/api/v1/menus', { name: 'No Path' }, { token: admin.token });
    expect(noPath.status).toBe(400);
    expect(noPath.body).toMatchObject({ field: 'path', message: 'path is required' });
    const badOrder = await ctx.post(
      '/api/v1/menus',
      { name: 'Bad Order', path: '/bad', order: 'first' },
      { token: admin.token },
    );
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.field).toBe('order');
    const badRole = await ctx.post(
      '/api/v1/menus',
      { name: 'Bad Role', path: '/bad', roles: ['root'] },
      { token: admin.token },
    );
    expect(badRole.status).toBe(400);
    expect(await ctx.count('menus')).toBe(before);
    const renameToDup = await ctx.put(
      '/api/v1/menus/2',
      { name: 'Dashboard' },
      { token: admin.token },
    );
    expect(renameToDup.status).toBe(409);
  });

  test('unknown or malformed ids → 404 with the envelope', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const res = await ctx.get(`/api/v1/menus/${id}`, { token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: 'Menu not found' });
    }
  });
});
