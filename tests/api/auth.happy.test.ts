import { describe, expect, test } from 'vitest';
import { databases, PASSWORD, uniqueEmail, useTestApp } from './helpers';

describe.each(databases)('auth happy paths on %s', (kind) => {
  const ctx = useTestApp(kind);

  test('a verified user signs in and gets tokens, the user in snake_case and a message', async () => {
    const user = await ctx.createUser('staff', { name: 'Sari Staff' });
    const res = await ctx.post('/api/v1/auth/login', {
      email: user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toBe('Login successful');
    expect(res.body.data.tokens.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.data.tokens.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data.user).toEqual({
      id: user.id,
      name: 'Sari Staff',
      username: user.username,
      email: user.email,
      role: 'staff',
      is_verified: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      version: 1,
    });
    expect(res.body.data.user).not.toHaveProperty('password_hash');
    const activity = await ctx.db
      .selectFrom('activity')
      .select(['action', 'ip_address'])
      .where('user_id', '=', user.id)
      .execute();
    expect(activity).toEqual([{ action: 'login', ip_address: '10.0.0.1' }]);
  });

  test('the access token opens protected routes', async () => {
    const staff = await ctx.signedIn('staff');
    const res = await ctx.get('/api/v1/menus/user', { token: staff.token });
    expect(res.status).toBe(200);
  });

  test('register creates an unverified staff account and says it awaits verification', async () => {
    const email = uniqueEmail('Signup');
    const res = await ctx.post('/api/v1/auth/register', {
      name: 'Budi',
      email,
      password: 'abcdef',
      role: 'admin',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Registration successful. Please wait for admin verification.',
    });
    const row = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('staff');
    expect(row.is_verified).toBe(0);
    expect(row.username).toBe(email.toLowerCase().split('@')[0]);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(ctx.mails.map((m) => m.to)).toContain(email.toLowerCase());
  });

  test('usernames derived from the same local part are made unique', async () => {
    const res1 = await ctx.post('/api/v1/auth/register', {
      name: 'Ani',
      email: 'ani@one.example',
      password: 'abcdef',
    });
    const res2 = await ctx.post('/api/v1/auth/register', {
      name: 'Ani',
      email: 'ani@two.example',
      password: 'abcdef',
    });
    expect([res1.body.data.user.username, res2.body.data.user.username]).toEqual(['ani', 'ani2']);
  });

  test('an administrator adding a user may choose the role; the account is verified', async () => {
    const admin = await ctx.signedIn('admin');
    const email = uniqueEmail('added');
    const res = await ctx.post(
      '/api/v1/auth/register',
      { name: 'New Admin', email, password: 'abcdef', role: 'admin' },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ role: 'admin', is_verified: true });
    await ctx.signIn({ email, password: 'abcdef' });
  });

  test('camelCase bodies are accepted', async () => {
    const staff = await ctx.signedIn('staff');
    const res = await ctx.post('/api/v1/auth/refresh', { refreshToken: staff.refreshToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data).sort()).toEqual(['access_token', 'refresh_token']);
  });

  test('refresh rotates: the new pair works and the refresh token changes', async () => {
    const staff = await ctx.signedIn('staff');
    const res = await ctx.post('/api/v1/auth/refresh', { refresh_token: staff.refreshToken });
    expect(res.status).toBe(200);
    expect(res.body.data.refresh_token).not.toBe(staff.refreshToken);
    expect(
      (await ctx.get('/api/v1/menus/user', { token: res.body.data.access_token })).status,
    ).toBe(200);
    const again = await ctx.post('/api/v1/auth/refresh', {
      refresh_token: res.body.data.refresh_token,
    });
    expect(again.status).toBe(200);
  });

  test('two tabs refreshing with the same token within the grace window both get working pairs', async () => {
    const staff = await ctx.signedIn('staff');
    const first = await ctx.post('/api/v1/auth/refresh', { refresh_token: staff.refreshToken });
    const second = await ctx.post('/api/v1/auth/refresh', { refresh_token: staff.refreshToken });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    for (const pair of [first.body.data, second.body.data]) {
      expect(
        (await ctx.post('/api/v1/auth/refresh', { refresh_token: pair.refresh_token })).status,
      ).toBe(200);
    }
  });

  test('two refreshes with the same token at the same moment both succeed', async () => {
    const staff = await ctx.signedIn('staff');
    const answers = await Promise.all(
      [1, 2, 3].map(() => ctx.post('/api/v1/auth/refresh', { refresh_token: staff.refreshToken })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.refresh_token)).size).toBe(3);
  });

  test('logout ends the session: its access and refresh tokens stop working', async () => {
    const staff = await ctx.signedIn('staff');
    const res = await ctx.post('/api/v1/auth/logout', undefined, { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Logged out successfully' });
    expect((await ctx.get('/api/v1/menus/user', { token: staff.token })).status).toBe(401);
    expect(
      (await ctx.post('/api/v1/auth/refresh', { refresh_token: staff.refreshToken })).status,
    ).toBe(401);
    // Logging out again is still a success for the client.
    expect((await ctx.post('/api/v1/auth/logout', undefined, { token: staff.token })).status).toBe(
      200,
    );
  });

  test('logout leaves the other sessions of the same user alone', async () => {
    const staff = await ctx.signedIn('staff');
    const other = await ctx.signIn(staff);
    await ctx.post('/api/v1/auth/logout', { refresh_token: staff.refreshToken });
    expect((await ctx.get('/api/v1/menus/user', { token: staff.token })).status).toBe(401);
    expect((await ctx.get('/api/v1/menus/user', { token: other.access_token })).status).toBe(200);
  });

  test('logout-all ends every session of the caller at once', async () => {
    const staff = await ctx.signedIn('staff');
    const other = await ctx.signIn(staff);
    const bystander = await ctx.signedIn('staff');
    const res = await ctx.post('/api/v1/auth/logout-all', undefined, { token: staff.token });
    expect(res.status).toBe(200);
    for (const token of [staff.token, other.access_token]) {
      expect((await ctx.get('/api/v1/menus/user', { token })).status).toBe(401);
    }
    expect(
      (await ctx.post('/api/v1/auth/refresh', { refresh_token: other.refresh_token })).status,
    ).toBe(401);
    expect((await ctx.get('/api/v1/menus/user', { token: bystander.token })).status).toBe(200);
  });

  test('forgot-password mails a single-use link that resets the password and ends all sessions', async () => {
    const staff = await ctx.signedIn('staff');
    const res = await ctx.post('/api/v1/auth/forgot-password', { email: staff.email });
    expect(res.status).toBe(200);
    const mail = ctx.mails
      .filter((m) => m.to === staff.email && m.text.includes('reset-password'))
      .at(-1)!;
    expect(mail.to).toBe(staff.email);
    const link = /http:\/\/app\.test\/reset-password\?token=([\w%-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]);

    const reset = await ctx.post('/api/v1/auth/reset-password', {
      token,
      password: 'brand-new-pass',
    });
    expect(reset.status).toBe(200);
    expect((await ctx.get('/api/v1/menus/user', { token: staff.token })).status).toBe(401);
    expect(
      (await ctx.post('/api/v1/auth/login', { email: staff.email, password: PASSWORD })).status,
    ).toBe(401);
    await ctx.signIn({ email: staff.email, password: 'brand-new-pass' });

    const reused = await ctx.post('/api/v1/auth/reset-password', {
      token,
      password: 'another-pass',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.field).toBe('token');
  });
});
