import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  call,
  countRows,
  createUser,
  ENGINES,
  setup,
  signedIn,
  type Ctx,
} from './business.support';

const LAST_ADMIN = 'Cannot remove the last verified administrator';

describe.each(ENGINES)('users, bad input and conflicts (%s)', (engine) => {
  let ctx: Ctx;
  let admin: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    ctx = await setup(engine);
    admin = await signedIn(ctx, 'admin');
  });
  afterAll(async () => ctx.close());

  const valid = {
    username: 'validuser',
    email: 'valid@example.com',
    password: 'secret1',
    role: 'staff',
  };

  test.each([
    [
      'username too short',
      { username: 'ab' },
      'username',
      'Username must be at least 3 characters',
    ],
    ['username with spaces', { username: 'two words' }, 'username', null],
    ['email invalid', { email: 'nope' }, 'email', 'Please enter a valid email address'],
    ['email missing', { email: undefined }, 'email', 'Email is required'],
    [
      'password too short',
      { password: '12345' },
      'password',
      'Password must be at least 6 characters',
    ],
    [
      'confirmation differs',
      { confirm_password: 'other1' },
      'confirm_password',
      'Passwords do not match',
    ],
    ['role unknown', { role: 'root' }, 'role', 'Role must be admin or staff'],
    ['role missing', { role: undefined }, 'role', 'Role is required'],
    ['is_verified not a boolean', { is_verified: 'yes' }, 'is_verified', null],
  ])('POST /users with %s → 400 naming the field', async (_label, override, field, message) => {
    const before = await countRows(ctx, 'users');
    const res = await call(ctx, 'POST', '/users', {
      token: admin.token,
      body: { ...valid, ...override },
    });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    if (message) expect(res.body.message).toBe(message);
    expect(await countRows(ctx, 'users')).toBe(before);
  });

  test('duplicate email or username → 409 with a message naming the field', async () => {
    const existing = await createUser(ctx, { email: 'dupe@example.com', username: 'dupeuser' });
    const email = await call(ctx, 'POST', '/users', {
      token: admin.token,
      body: { ...valid, email: 'DUPE@example.com', username: 'freshname' },
    });
    expect(email.status).toBe(409);
    expect(email.body).toMatchObject({ field: 'email', message: 'Email already in use' });
    const username = await call(ctx, 'POST', '/users', {
      token: admin.token,
      body: { ...valid, email: 'fresh@example.com', username: 'DupeUser' },
    });
    expect(username.status).toBe(409);
    expect(username.body).toMatchObject({
      field: 'username',
      message: 'This username is already taken.',
    });

    const other = await createUser(ctx);
    const put = await call(ctx, 'PUT', `/users/${other.id}`, {
      token: admin.token,
      body: { email: existing.email },
    });
    expect(put.status).toBe(409);
    expect(put.body.field).toBe('email');
    const putName = await call(ctx, 'PUT', `/users/${other.id}`, {
      token: admin.token,
      body: { username: existing.username },
    });
    expect(putName.status).toBe(409);
    expect(putName.body.field).toBe('username');
    // Keeping one's own email is no conflict.
    expect(
      (
        await call(ctx, 'PUT', `/users/${other.id}`, {
          token: admin.token,
          body: { email: other.email },
        })
      ).status,
    ).toBe(200);
  });

  test('PUT /users/{id} refuses bad values and unknown ids', async () => {
    const user = await createUser(ctx);
    expect(
      (await call(ctx, 'PUT', `/users/${user.id}`, { token: admin.token, body: { role: 'owner' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(ctx, 'PUT', `/users/${user.id}`, { token: admin.token, body: { name: 'x' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(ctx, 'PUT', '/users/987654', {
          token: admin.token,
          body: { name: 'Nobody Here' },
        })
      ).status,
    ).toBe(404);
    expect((await call(ctx, 'GET', '/users/not-a-number', { token: admin.token })).status).toBe(
      404,
    );
    expect((await call(ctx, 'DELETE', '/users/987654', { token: admin.token })).status).toBe(404);
    expect(
      (await call(ctx, 'POST', '/users/987654/verify', { token: admin.token, body: {} })).status,
    ).toBe(404);
    expect(
      (await call(ctx, 'PATCH', '/users/987654/invalidate', { token: admin.token })).status,
    ).toBe(404);
    expect(
      (
        await call(ctx, 'POST', `/users/${user.id}/verify`, {
          token: admin.token,
          body: { notes: 'n'.repeat(1001) },
        })
      ).status,
    ).toBe(400);
  });

  test('GET /users refuses bad filters', async () => {
    for (const [query, field] of [
      ['role=root', 'role'],
      ['is_verified=maybe', 'is_verified'],
      ['page=-1', 'page'],
      ['limit=ten', 'limit'],
      ['search=a%00b', 'search'],
    ]) {
      const res = await call(ctx, 'GET', `/users?${query}`, { token: admin.token });
      expect(res.status, query).toBe(400);
      expect(res.body.field, query).toBe(field);
    }
  });

  test('the last verified administrator cannot be demoted, invalidated or deleted (409), even by themselves', async () => {
    // Make `admin` the only verified administrator of this database.
    await ctx.db
      .updateTable('users')
      .set({ role: 'staff' })
      .where('role', '=', 'admin')
      .where('id', '!=', admin.id)
      .execute();
    // An unverified administrator exists but does not count: nobody could sign in as them.
    await createUser(ctx, { role: 'admin', verified: false });
    const attempts = [
      call(ctx, 'PUT', `/users/${admin.id}`, { token: admin.token, body: { role: 'staff' } }),
      call(ctx, 'PUT', `/users/${admin.id}`, { token: admin.token, body: { is_verified: false } }),
      call(ctx, 'PATCH', `/users/${admin.id}/invalidate`, { token: admin.token }),
      call(ctx, 'DELETE', `/users/${admin.id}`, { token: admin.token }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(LAST_ADMIN);
    }
    const row = await ctx.db
      .selectFrom('users')
      .select(['role', 'is_verified'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'admin', is_verified: 1 });
    expect((await call(ctx, 'GET', '/account', { token: admin.token })).status).toBe(200);
  });

  test('two administrators demoting each other at once leave one verified administrator', async () => {
    await ctx.db.updateTable('users').set({ role: 'staff' }).where('role', '=', 'admin').execute();
    const a = await signedIn(ctx, 'admin');
    const b = await signedIn(ctx, 'admin');
    const results = await Promise.all([
      call(ctx, 'PUT', `/users/${b.id}`, { token: a.token, body: { role: 'staff' } }),
      call(ctx, 'PUT', `/users/${a.id}`, { token: b.token, body: { role: 'staff' } }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // Either one demotion wins and the other is refused (409), or the loser's session died with the winner's change (401).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const left = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('is_verified', '=', 1)
      .execute();
    expect(left).toHaveLength(1);
  });
});
