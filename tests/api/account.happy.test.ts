import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  dataUrl,
  ENGINES,
  GIF_1PX,
  JPEG_HEAD,
  PNG_1PX,
  setup,
  signedIn,
  signIn,
  WEBP_HEAD,
  type Ctx,
} from './business.support';

describe.each(ENGINES)('account, happy paths (%s)', (engine) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await setup(engine);
  });
  afterAll(async () => ctx.close());

  test('GET /account answers the caller profile without secrets', async () => {
    const me = await signedIn(ctx, 'staff', { name: 'Sari Staff' });
    const res = await call(ctx, 'GET', '/account', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: me.id,
      name: 'Sari Staff',
      username: me.username,
      email: me.email,
      role: 'staff',
      is_verified: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      version: 1,
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('PUT /account trims the name, lower-cases the email, saves and logs it', async () => {
    const me = await signedIn(ctx, 'staff');
    const res = await call(ctx, 'PUT', '/account', {
      token: me.token,
      body: { name: '  Budi Santoso ', email: 'Budi.New@Example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Profile updated successfully');
    expect(res.body.data).toMatchObject({
      id: me.id,
      name: 'Budi Santoso',
      email: 'budi.new@example.com',
    });
    const again = await call(ctx, 'GET', '/account', { token: me.token });
    expect(again.body.data).toMatchObject({ name: 'Budi Santoso', email: 'budi.new@example.com' });
    const activity = await call(ctx, 'GET', '/account/activity', { token: me.token });
    expect(activity.body.data.activities[0]).toMatchObject({ action: 'profile_updated' });
  });

  test('PUT /account/password changes the password, keeps this session and ends the others', async () => {
    const me = await signedIn(ctx, 'staff');
    const other = await signIn(ctx, me);
    const res = await call(ctx, 'PUT', '/account/password', {
      token: me.token,
      body: {
        current_password: me.password,
        new_password: 'brand-new-pass',
        confirm_password: 'brand-new-pass',
      },
    });
    expect(res.status).toBe(200);
    expect((await call(ctx, 'GET', '/account', { token: me.token })).status).toBe(200);
    expect((await call(ctx, 'GET', '/account', { token: other.access })).status).toBe(401);
    expect(
      (await call(ctx, 'POST', '/auth/refresh', { body: { refresh_token: other.refresh } })).status,
    ).toBe(401);
    expect(
      (await call(ctx, 'POST', '/auth/login', { body: { email: me.email, password: me.password } }))
        .status,
    ).toBe(401);
    expect(
      (
        await call(ctx, 'POST', '/auth/login', {
          body: { email: me.email, password: 'brand-new-pass' },
        })
      ).status,
    ).toBe(200);
  });

  test.each([
    ['PNG', 'image/png', PNG_1PX],
    ['GIF', 'image/gif', GIF_1PX],
    ['JPEG', 'image/jpeg', JPEG_HEAD],
    ['WebP', 'image/webp', WEBP_HEAD],
  ])(
    'a %s profile image is stored and served back with its detected type',
    async (_label, type, bytes) => {
      const me = await signedIn(ctx, 'staff');
      const before = await call(ctx, 'GET', '/account/profile-image', { token: me.token });
      expect(before.status).toBe(200);
      expect(before.body.data.image_data).toBeNull();
      // The declared type is ignored: the bytes decide.
      const res = await call(ctx, 'POST', '/account/profile-image', {
        token: me.token,
        body: { imageData: dataUrl('application/octet-stream', bytes) },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.image_data).toBe(dataUrl(type, bytes));
      const after = await call(ctx, 'GET', '/account/profile-image', { token: me.token });
      expect(after.body.data.image_data).toBe(dataUrl(type, bytes));
    },
  );

  test('an image of exactly 5 MB is accepted', async () => {
    const me = await signedIn(ctx, 'staff');
    const bytes = Buffer.alloc(5 * 1024 * 1024);
    PNG_1PX.copy(bytes);
    const res = await call(ctx, 'POST', '/account/profile-image', {
      token: me.token,
      body: { image_data: dataUrl('image/png', bytes) },
    });
    expect(res.status).toBe(200);
  });

  test('GET /account/activity is newest first and paginated', async () => {
    const me = await signedIn(ctx, 'staff');
    for (const name of ['One Name', 'Two Name', 'Three Name']) {
      await call(ctx, 'PUT', '/account', { token: me.token, body: { name, email: me.email } });
    }
    const page1 = await call(ctx, 'GET', '/account/activity?limit=2', { token: me.token });
    expect(page1.status).toBe(200);
    expect(page1.body.data.pagination).toEqual({ page: 1, limit: 2, total: 4, total_pages: 2 });
    const entries = page1.body.data.activities;
    expect(entries).toHaveLength(2);
    expect(Object.keys(entries[0]).sort()).toEqual([
      'action',
      'changes',
      'created_at',
      'description',
      'entity',
      'entity_id',
      'entity_label',
      'id',
      'ip_address',
      'user_agent',
    ]);
    expect(entries[0].created_at >= entries[1].created_at).toBe(true);
    expect(entries[0].id).toBeGreaterThan(entries[1].id);
    const page2 = await call(ctx, 'GET', '/account/activity?limit=2&page=2', { token: me.token });
    expect(page2.body.data.activities.map((a: any) => a.action)).toEqual([
      'profile_updated',
      'login',
    ]);
  });

  test('POST /account/logout ends only the current session', async () => {
    const me = await signedIn(ctx, 'staff');
    const other = await signIn(ctx, me);
    const res = await call(ctx, 'POST', '/account/logout', { token: me.token });
    expect(res.status).toBe(200);
    expect((await call(ctx, 'GET', '/account', { token: me.token })).status).toBe(401);
    expect((await call(ctx, 'GET', '/account', { token: other.access })).status).toBe(200);
  });

  test.each(['/account/logout-all', '/users/logout-all'])(
    'POST %s ends every session of the caller',
    async (path) => {
      const me = await signedIn(ctx, 'staff');
      const other = await signIn(ctx, me);
      const res = await call(ctx, 'POST', path, { token: me.token });
      expect(res.status).toBe(200);
      expect((await call(ctx, 'GET', '/account', { token: me.token })).status).toBe(401);
      expect((await call(ctx, 'GET', '/account', { token: other.access })).status).toBe(401);
      expect(
        (await call(ctx, 'POST', '/auth/refresh', { body: { refresh_token: other.refresh } }))
          .status,
      ).toBe(401);
    },
  );
});
