import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MENU_USER_MANAGEMENT } from '../../src/domain/users/menu';
import { call, createUser, ENGINES, setup, signedIn, type Ctx } from './business.support';

describe.each(ENGINES)('users, security (%s)', (engine) => {
  let ctx: Ctx;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    admin = await signedIn(ctx, 'admin');
  });
  afterAll(async () => ctx.close());

  test('no user answer ever carries a password hash or image bytes', async () => {
    const target = await createUser(ctx);
    const answers = [
      await call(ctx, 'GET', '/users?limit=100', { token: admin.token }),
      await call(ctx, 'GET', `/users/${target.id}`, { token: admin.token }),
      await call(ctx, 'PUT', `/users/${target.id}`, {
        token: admin.token,
        body: { name: 'Still Safe' },
      }),
      await call(ctx, 'POST', '/users', {
        token: admin.token,
        body: {
          username: 'safeuser',
          email: 'safe@example.com',
          password: 'secret1',
          role: 'staff',
        },
      }),
    ];
    for (const res of answers) {
      expect(res.status).toBeLessThan(300);
      expect(res.text).not.toMatch(/password|argon2|profile_image/i);
    }
  });

  test('search text is data, not SQL', async () => {
    for (const search of ["' or 1=1 --", '%', '_', '\\', "'); drop table users; --"]) {
      const res = await call(ctx, 'GET', `/users?search=${encodeURIComponent(search)}`, {
        token: admin.token,
      });
      expect(res.status, search).toBe(200);
      expect(res.body.data.users, search).toEqual([]);
    }
    expect(
      (await call(ctx, 'GET', '/users?limit=100', { token: admin.token })).body.data.users.length,
    ).toBeGreaterThan(0);
  });

  describe('a staff member who was given the Manajemen User menu', () => {
    let manager: Awaited<ReturnType<typeof signedIn>>;
    beforeAll(async () => {
      const menu = await ctx.db
        .selectFrom('menus')
        .select('id')
        .where('name', '=', MENU_USER_MANAGEMENT)
        .executeTakeFirstOrThrow();
      await ctx.db.insertInto('role_menus').values({ role: 'staff', menu_id: menu.id }).execute();
      manager = await signedIn(ctx, 'staff');
    });
    afterAll(async () => {
      const menu = await ctx.db
        .selectFrom('menus')
        .select('id')
        .where('name', '=', MENU_USER_MANAGEMENT)
        .executeTakeFirstOrThrow();
      await ctx.db
        .deleteFrom('role_menus')
        .where('role', '=', 'staff')
        .where('menu_id', '=', menu.id)
        .execute();
    });

    test('manages staff accounts', async () => {
      const staff = await createUser(ctx);
      expect((await call(ctx, 'GET', '/users', { token: manager.token })).status).toBe(200);
      expect(
        (
          await call(ctx, 'PUT', `/users/${staff.id}`, {
            token: manager.token,
            body: { name: 'Managed Name' },
          })
        ).status,
      ).toBe(200);
    });

    test('cannot grant the admin role, promote itself, or touch an administrator (403)', async () => {
      const other = await createUser(ctx);
      const attempts = [
        call(ctx, 'POST', '/users', {
          token: manager.token,
          body: {
            username: 'sneaky',
            email: 'sneaky@example.com',
            password: 'secret1',
            role: 'admin',
          },
        }),
        call(ctx, 'PUT', `/users/${manager.id}`, { token: manager.token, body: { role: 'admin' } }),
        call(ctx, 'PUT', `/users/${other.id}`, { token: manager.token, body: { role: 'admin' } }),
        call(ctx, 'PUT', `/users/${admin.id}`, {
          token: manager.token,
          body: { email: 'hijack@example.com' },
        }),
        call(ctx, 'PATCH', `/users/${admin.id}/invalidate`, { token: manager.token }),
        call(ctx, 'DELETE', `/users/${admin.id}`, { token: manager.token }),
      ];
      for (const res of await Promise.all(attempts)) expect(res.status).toBe(403);
      const row = await ctx.db
        .selectFrom('users')
        .select(['email', 'is_verified'])
        .where('id', '=', admin.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ email: admin.email, is_verified: 1 });
      const roles = await ctx.db
        .selectFrom('users')
        .select('role')
        .where('id', 'in', [manager.id, other.id])
        .execute();
      expect(roles.every((r) => r.role === 'staff')).toBe(true);
      expect(
        await ctx.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'sneaky@example.com')
          .executeTakeFirst(),
      ).toBeUndefined();
    });
  });

  test('an unverified sign-up cannot use the API until verified, and verification does not sign it in', async () => {
    await call(ctx, 'POST', '/auth/register', {
      body: { name: 'Waiting User', email: 'waiting@example.com', password: 'abcdef' },
    });
    expect(
      (
        await call(ctx, 'POST', '/auth/login', {
          body: { email: 'waiting@example.com', password: 'abcdef' },
        })
      ).status,
    ).toBe(403);
    const row = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'waiting@example.com')
      .executeTakeFirstOrThrow();
    expect(
      await ctx.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('user_id', '=', row.id)
        .execute(),
    ).toEqual([]);
    await call(ctx, 'POST', `/users/${row.id}/verify`, { token: admin.token, body: {} });
    expect(
      await ctx.db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('user_id', '=', row.id)
        .execute(),
    ).toEqual([]);
    expect(
      (
        await call(ctx, 'POST', '/auth/login', {
          body: { email: 'waiting@example.com', password: 'abcdef' },
        })
      ).status,
    ).toBe(200);
  });
});
