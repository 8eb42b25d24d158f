import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { call, createUser, ENGINES, setup, signedIn, signIn, type Ctx } from './business.support';

describe.each(ENGINES)('users, happy paths (%s)', (engine) => {
  let ctx: Ctx;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    admin = await signedIn(ctx, 'admin', { name: 'Ayu Admin' });
  });
  afterAll(async () => ctx.close());

  test('GET /users answers data.users and data.pagination, filtered by search, role and is_verified', async () => {
    await createUser(ctx, {
      name: 'Zulkifli Finder',
      username: 'zulfinder',
      email: 'zul@corp.example',
      role: 'staff',
    });
    await createUser(ctx, {
      name: 'Other Person',
      username: 'otherperson',
      email: 'zulkifli.alt@corp.example',
      role: 'staff',
      verified: false,
    });
    await createUser(ctx, {
      name: 'Admin Zul',
      username: 'adminzul',
      email: 'boss@corp.example',
      role: 'admin',
    });

    const all = await call(ctx, 'GET', '/users', { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.data.pagination).toEqual({ page: 1, limit: 10, total: 4, total_pages: 1 });
    for (const user of all.body.data.users) {
      expect(Object.keys(user).sort()).toEqual([
        'created_at',
        'email',
        'id',
        'is_verified',
        'name',
        'role',
        'updated_at',
        'username',
        'version',
      ]);
    }

    const names = async (query: string) =>
      (await call(ctx, 'GET', `/users?${query}`, { token: admin.token })).body.data.users
        .map((u: any) => u.username)
        .sort();
    expect(await names('search=ZUL')).toEqual(['adminzul', 'otherperson', 'zulfinder']);
    expect(await names('search=finder')).toEqual(['zulfinder']);
    expect(await names('search=zul&role=staff')).toEqual(['otherperson', 'zulfinder']);
    expect(await names('search=zul&role=Admin')).toEqual(['adminzul']);
    expect(await names('search=zul&is_verified=false')).toEqual(['otherperson']);
    expect(await names('search=zul&is_verified=true')).toEqual(['adminzul', 'zulfinder']);
    expect(await names('search=_')).toEqual([]);
    // A query string is validated once and remembered: asked again, each answers as the first
    // time, and a bad one is refused every time.
    expect(await names('search=finder')).toEqual(['zulfinder']);
    expect(await names('search=zul&role=staff')).toEqual(['otherperson', 'zulfinder']);
    expect(await names('search=ZUL')).toEqual(['adminzul', 'otherperson', 'zulfinder']);
    for (let i = 0; i < 2; i++)
      expect((await call(ctx, 'GET', '/users?limit=ten', { token: admin.token })).status).toBe(400);

    const paged = await call(ctx, 'GET', '/users?limit=3&page=2', { token: admin.token });
    expect(paged.body.data.pagination).toEqual({ page: 2, limit: 3, total: 4, total_pages: 2 });
    expect(paged.body.data.users).toHaveLength(1);
  });

  test('POST /users creates a verified account that can sign in; the password is hashed', async () => {
    const res = await call(ctx, 'POST', '/users', {
      token: admin.token,
      body: {
        username: 'NewStaff',
        email: 'New.Staff@Example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
        role: 'Staff',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      username: 'newstaff',
      email: 'new.staff@example.com',
      role: 'staff',
      is_verified: true,
      name: 'newstaff',
    });
    expect(res.body.data).not.toHaveProperty('password_hash');
    const row = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    await signIn(ctx, { email: 'new.staff@example.com', password: 'secret1' });

    const pending = await call(ctx, 'POST', '/users', {
      token: admin.token,
      body: {
        name: 'Pending One',
        username: 'pendingone',
        email: 'pending1@example.com',
        password: 'secret1',
        role: 'admin',
        is_verified: false,
      },
    });
    expect(pending.body.data).toMatchObject({
      role: 'admin',
      is_verified: false,
      name: 'Pending One',
    });
  });

  test('GET and PUT /users/{id} read and change name, username, email, role and verification', async () => {
    const user = await createUser(ctx, { name: 'Edit Me', role: 'staff' });
    const got = await call(ctx, 'GET', `/users/${user.id}`, { token: admin.token });
    expect(got.status).toBe(200);
    expect(got.body.data).toMatchObject({ id: user.id, name: 'Edit Me', role: 'staff' });
    const res = await call(ctx, 'PUT', `/users/${user.id}`, {
      token: admin.token,
      body: {
        name: 'Edited',
        username: 'edited.user',
        email: 'edited@example.com',
        role: 'admin',
        isVerified: true,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: user.id,
      name: 'Edited',
      username: 'edited.user',
      email: 'edited@example.com',
      role: 'admin',
      is_verified: true,
    });
  });

  test("changing the role ends that user's sessions at once; other edits do not", async () => {
    const staff = await signedIn(ctx, 'staff');
    await call(ctx, 'PUT', `/users/${staff.id}`, {
      token: admin.token,
      body: { name: 'Renamed Staff' },
    });
    expect((await call(ctx, 'GET', '/account', { token: staff.token })).status).toBe(200);
    await call(ctx, 'PUT', `/users/${staff.id}`, { token: admin.token, body: { role: 'admin' } });
    expect((await call(ctx, 'GET', '/account', { token: staff.token })).status).toBe(401);
    expect(
      (await call(ctx, 'POST', '/auth/refresh', { body: { refresh_token: staff.refresh } })).status,
    ).toBe(401);
  });

  test('PUT is_verified false ends the sessions like an invalidation', async () => {
    const staff = await signedIn(ctx, 'staff');
    const res = await call(ctx, 'PUT', `/users/${staff.id}`, {
      token: admin.token,
      body: { is_verified: false },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.is_verified).toBe(false);
    expect((await call(ctx, 'GET', '/account', { token: staff.token })).status).toBe(401);
  });

  test('invalidate sets is_verified false and ends the sessions; verify lets the user in again with notes logged', async () => {
    const staff = await signedIn(ctx, 'staff');
    const inv = await call(ctx, 'PATCH', `/users/${staff.id}/invalidate`, { token: admin.token });
    expect(inv.status).toBe(200);
    expect(inv.body.data.is_verified).toBe(false);
    expect((await call(ctx, 'GET', '/account', { token: staff.token })).status).toBe(401);
    expect(
      (
        await call(ctx, 'POST', '/auth/login', {
          body: { email: staff.email, password: staff.password },
        })
      ).status,
    ).toBe(403);

    const ver = await call(ctx, 'POST', `/users/${staff.id}/verify`, {
      token: admin.token,
      body: { notes: 'Checked with HR' },
    });
    expect(ver.status).toBe(200);
    expect(ver.body.data.is_verified).toBe(true);
    const back = await signIn(ctx, staff);
    const activity = await call(ctx, 'GET', '/account/activity', { token: back.access });
    const verified = activity.body.data.activities.find(
      (a: any) => a.action === 'account_verified',
    );
    expect(verified.description).toContain('Checked with HR');
    const adminLog = await ctx.db
      .selectFrom('activity')
      .select('description')
      .where('user_id', '=', admin.id)
      .where('action', '=', 'user_verified')
      .execute();
    expect(adminLog.some((a) => a.description.includes('Checked with HR'))).toBe(true);
    expect(ctx.mails.some((m) => m.to === staff.email && /verified/i.test(m.subject))).toBe(true);
  });

  test('DELETE /users/{id} removes the user and their sessions', async () => {
    const staff = await signedIn(ctx, 'staff');
    const res = await call(ctx, 'DELETE', `/users/${staff.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect((await call(ctx, 'GET', `/users/${staff.id}`, { token: admin.token })).status).toBe(404);
    expect((await call(ctx, 'GET', '/account', { token: staff.token })).status).toBe(401);
    expect(
      (await call(ctx, 'POST', '/auth/refresh', { body: { refresh_token: staff.refresh } })).status,
    ).toBe(401);
  });

  test('another administrator may be demoted, invalidated or deleted while one verified administrator remains', async () => {
    const second = await createUser(ctx, { role: 'admin' });
    const third = await createUser(ctx, { role: 'admin' });
    expect(
      (
        await call(ctx, 'PUT', `/users/${second.id}`, {
          token: admin.token,
          body: { role: 'staff' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(ctx, 'PATCH', `/users/${third.id}/invalidate`, { token: admin.token })).status,
    ).toBe(200);
    const fourth = await createUser(ctx, { role: 'admin' });
    expect((await call(ctx, 'DELETE', `/users/${fourth.id}`, { token: admin.token })).status).toBe(
      200,
    );
  });

  test('an anonymous sign-up is announced by mail to every verified administrator', async () => {
    const before = ctx.mails.length;
    const admins = await ctx.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'admin')
      .where('is_verified', '=', 1)
      .execute();
    const res = await call(ctx, 'POST', '/auth/register', {
      body: { name: 'Fresh Person', email: 'fresh.person@example.com', password: 'abcdef' },
    });
    expect(res.status).toBe(201);
    await vi.waitFor(() => {
      const sent = ctx.mails
        .slice(before)
        .filter(
          (m) =>
            /^New .*awaits verification/.test(m.subject) &&
            m.text.includes('fresh.person@example.com'),
        );
      expect(sent.map((m) => m.to).sort()).toEqual(admins.map((a) => a.email).sort());
    });
  });
});
