import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  createUser,
  dataUrl,
  ENGINES,
  PNG_1PX,
  setup,
  signedIn,
  type Ctx,
} from './business.support';

const IMAGE_INVALID =
  'Invalid file. Please select a valid image file (JPEG, PNG, GIF, WebP) under 5MB.';

describe.each(ENGINES)('account, bad input (%s)', (engine) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await setup(engine);
  });
  afterAll(async () => ctx.close());

  test.each([
    [{ name: ' a ', email: 'ok@example.com' }, 'name', 'Name must be at least 2 characters'],
    [{ email: 'ok@example.com' }, 'name', 'Name is required'],
    [{ name: 'Good Name', email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ name: 'Good Name' }, 'email', 'Email is required'],
    [{ name: 42, email: 'ok@example.com' }, 'name', 'Name is required'],
    [
      { name: 'Nul\u0000Name', email: 'ok@example.com' },
      'name',
      'name: Text must not contain NUL characters',
    ],
  ])('PUT /account %j → 400 on %s', async (body, field, message) => {
    const me = await signedIn(ctx, 'staff');
    const res = await call(ctx, 'PUT', '/account', { token: me.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field, message });
    const row = await ctx.db
      .selectFrom('users')
      .select(['name', 'email'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(me.email);
  });

  test("PUT /account with another account's email → 409 naming the email", async () => {
    const other = await createUser(ctx, { email: 'taken@example.com' });
    const me = await signedIn(ctx, 'staff');
    const res = await call(ctx, 'PUT', '/account', {
      token: me.token,
      body: { name: 'Me Myself', email: 'TAKEN@example.com' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ field: 'email', message: 'Email already in use' });
    expect(other.id).not.toBe(me.id);
  });

  test.each([
    [
      'wrong current password',
      {
        current_password: 'nope-nope',
        new_password: 'new-password-1',
        confirm_password: 'new-password-1',
      },
      400,
      'current_password',
      'Current password is incorrect',
    ],
    [
      'new password too short',
      { current_password: 'password-123', new_password: 'short', confirm_password: 'short' },
      422,
      'new_password',
      'New password must be at least 8 characters',
    ],
    [
      'new password same as current',
      {
        current_password: 'password-123',
        new_password: 'password-123',
        confirm_password: 'password-123',
      },
      422,
      'new_password',
      'New password must be different from current password',
    ],
    [
      'confirmation differs',
      {
        current_password: 'password-123',
        new_password: 'new-password-1',
        confirm_password: 'new-password-2',
      },
      400,
      'confirm_password',
      'Passwords do not match',
    ],
    [
      'current missing',
      { new_password: 'new-password-1', confirm_password: 'new-password-1' },
      400,
      'current_password',
      'Current password is required',
    ],
  ])('PUT /account/password: %s → %i', async (_label, body, status, field, message) => {
    const me = await signedIn(ctx, 'staff');
    const before = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    const res = await call(ctx, 'PUT', '/account/password', { token: me.token, body });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ success: false, field, message });
    const after = await ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).toBe(before.password_hash);
    expect((await call(ctx, 'GET', '/account', { token: me.token })).status).toBe(200);
  });

  test.each([
    [
      'SVG (script-capable)',
      dataUrl(
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ),
    ],
    ['text claiming to be PNG', dataUrl('image/png', Buffer.from('hello, not an image'))],
    ['a URL instead of a data-URL', 'https://example.com/me.png'],
    ['broken base64', 'data:image/png;base64,@@@@'],
    ['no base64 marker', `data:image/png,${PNG_1PX.toString('base64')}`],
    ['empty', ''],
    ['a number', 12345],
    ['missing', undefined],
  ])('POST /account/profile-image with %s → 400', async (_label, imageData) => {
    const me = await signedIn(ctx, 'staff');
    const res = await call(ctx, 'POST', '/account/profile-image', {
      token: me.token,
      body: { image_data: imageData },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: IMAGE_INVALID, field: 'image_data' });
    const row = await ctx.db
      .selectFrom('users')
      .select('profile_image')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.profile_image).toBeNull();
  });

  test('a PNG one byte over 5 MB → 413, nothing stored', async () => {
    const me = await signedIn(ctx, 'staff');
    const bytes = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG_1PX.copy(bytes);
    const res = await call(ctx, 'POST', '/account/profile-image', {
      token: me.token,
      body: { image_data: dataUrl('image/png', bytes) },
    });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
    const row = await ctx.db
      .selectFrom('users')
      .select('profile_image')
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(row.profile_image).toBeNull();
  });

  test('a body far over the limit is refused with 413 before it is read', async () => {
    const me = await signedIn(ctx, 'staff');
    const res = await call(ctx, 'POST', '/account/profile-image', {
      token: me.token,
      raw: JSON.stringify({ image_data: 'A'.repeat(9 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
  });

  test('wrong current passwords are throttled per user: the sixth attempt answers 429 with Retry-After', async () => {
    const me = await signedIn(ctx, 'staff');
    const attempt = (current: string) =>
      call(ctx, 'PUT', '/account/password', {
        token: me.token,
        body: {
          current_password: current,
          new_password: 'new-password-9',
          confirm_password: 'new-password-9',
        },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess-${i}-x`)).status).toBe(400);
    const limited = await attempt(me.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      (await call(ctx, 'POST', '/auth/login', { body: { email: me.email, password: me.password } }))
        .status,
    ).toBe(200);
    // Another user is not affected.
    const other = await signedIn(ctx, 'staff');
    const ok = await call(ctx, 'PUT', '/account/password', {
      token: other.token,
      body: {
        current_password: other.password,
        new_password: 'new-password-9',
        confirm_password: 'new-password-9',
      },
    });
    expect(ok.status).toBe(200);
  });

  test('GET /account/activity refuses a bad page', async () => {
    const me = await signedIn(ctx, 'staff');
    const res = await call(ctx, 'GET', '/account/activity?page=zero', { token: me.token });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('page');
  });
});
