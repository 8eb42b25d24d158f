import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  dataUrl,
  ENGINES,
  GIF_1PX,
  PNG_1PX,
  setup,
  signedIn,
  type Ctx,
} from './business.support';

describe.each(ENGINES)('account, security (%s)', (engine) => {
  let ctx: Ctx;
  let a: Awaited<ReturnType<typeof signedIn>>;
  let b: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    a = await signedIn(ctx, 'staff', { name: 'Alice Alpha' });
    b = await signedIn(ctx, 'staff', { name: 'Bob Beta' });
    expect(
      (
        await call(ctx, 'POST', '/account/profile-image', {
          token: a.token,
          body: { image_data: dataUrl('image/png', PNG_1PX) },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(ctx, 'PUT', '/account', {
          token: a.token,
          body: { name: 'Alice Secret Name', email: a.email },
        })
      ).status,
    ).toBe(200);
  });
  afterAll(async () => ctx.close());

  test("no route or parameter lets B read A's profile, image or activity", async () => {
    const probes = [
      '/account',
      `/account?id=${a.id}`,
      `/account?user_id=${a.id}`,
      `/account/${a.id}`,
      '/account/profile-image',
      `/account/profile-image?user_id=${a.id}`,
      `/account/profile-image/${a.id}`,
      '/account/activity',
      `/account/activity?user_id=${a.id}`,
      `/account/activity/${a.id}`,
      `/users/${a.id}`,
      `/users?search=${encodeURIComponent(a.email)}`,
    ];
    const pngBase64 = PNG_1PX.toString('base64');
    for (const path of probes) {
      const res = await call(ctx, 'GET', path, { token: b.token });
      expect(res.text, path).not.toContain('Alice Secret Name');
      expect(res.text, path).not.toContain(a.email);
      expect(res.text, path).not.toContain(pngBase64);
    }
    const activity = await call(ctx, 'GET', `/account/activity?user_id=${a.id}&limit=100`, {
      token: b.token,
    });
    expect(
      activity.body.data.activities.every((e: any) => !String(e.description).includes('Alice')),
    ).toBe(true);
    const own = await call(ctx, 'GET', '/account/activity?limit=100', { token: a.token });
    const bOwn = await call(ctx, 'GET', '/account/activity?limit=100', { token: b.token });
    const aIds = new Set(own.body.data.activities.map((e: any) => e.id));
    expect(bOwn.body.data.activities.some((e: any) => aIds.has(e.id))).toBe(false);
  });

  test("no body field lets B change A's account or B's own role or verification", async () => {
    const res = await call(ctx, 'PUT', '/account', {
      token: b.token,
      body: {
        id: a.id,
        user_id: a.id,
        name: 'Bob Renamed',
        email: b.email,
        role: 'admin',
        is_verified: true,
        password_hash: 'x',
      },
    });
    expect(res.status).toBe(200);
    const rows = await ctx.db
      .selectFrom('users')
      .select(['id', 'name', 'role', 'password_hash'])
      .where('id', 'in', [a.id, b.id])
      .orderBy('id')
      .execute();
    const [rowA, rowB] = a.id < b.id ? rows : [rows[1], rows[0]];
    expect(rowA.name).toBe('Alice Secret Name');
    expect(rowB).toMatchObject({ name: 'Bob Renamed', role: 'staff' });
    expect(rowB.password_hash).toMatch(/^\$argon2id\$/);

    await call(ctx, 'POST', '/account/profile-image', {
      token: b.token,
      body: { image_data: dataUrl('image/gif', GIF_1PX), user_id: a.id },
    });
    const aImage = await call(ctx, 'GET', '/account/profile-image', { token: a.token });
    expect(aImage.body.data.image_data).toBe(dataUrl('image/png', PNG_1PX));
  });

  test("B's logout and password change never touch A's sessions", async () => {
    const bToken = (await signedIn(ctx, 'staff')).token;
    await call(ctx, 'POST', '/account/logout-all', { token: bToken, body: { user_id: a.id } });
    await call(ctx, 'POST', '/account/logout', { token: b.token, body: { user_id: a.id } });
    expect((await call(ctx, 'GET', '/account', { token: a.token })).status).toBe(200);
  });

  test('account answers carry no password hash and are not cached', async () => {
    for (const path of ['/account', '/account/activity', '/account/profile-image']) {
      const res = await call(ctx, 'GET', path, { token: a.token });
      expect(res.text).not.toMatch(/password|argon2/i);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  test('a forged signature, garbage or a refresh token used as Bearer is 401', async () => {
    const [head, payload] = a.token.split('.');
    for (const token of [`${head}.${payload}.forged`, 'not-a-jwt', a.refresh]) {
      expect((await call(ctx, 'GET', '/account', { token })).status).toBe(401);
    }
  });
});
