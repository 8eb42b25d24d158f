import { describe, expect, test } from 'vitest';
import { databases, uniqueEmail, useTestApp } from './helpers';

// Add User's Verified switch (issue 26): the page adds a user through the register call with the
// administrator's token and is_verified as switched. On: the account signs in at once. Off: it
// waits for verification like a sign-up. Nobody else can make an account verified this way.
describe.each(databases)('Add User: Verified as the administrator chose (%s)', (kind) => {
  const ctx = useTestApp(kind);

  const add = (token: string, email: string, extra: Record<string, unknown>) =>
    ctx.post(
      '/api/v1/auth/register',
      { name: 'Added Person', email, username: email.split('@')[0], password: 'abcdef', ...extra },
      { token },
    );
  const stored = (email: string) =>
    ctx.db
      .selectFrom('users')
      .select(['role', 'is_verified'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirst();

  test('switched on: verified at once, signs in without a second click', async () => {
    const admin = await ctx.signedIn('admin');
    const email = uniqueEmail('on');
    const res = await add(admin.token, email, { role: 'staff', is_verified: true });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ role: 'staff', is_verified: true });
    const login = await ctx.post('/api/v1/auth/login', { email, password: 'abcdef' });
    expect(login.status).toBe(200);
  });

  test('switched off: unverified, sign-in answers 403 until an administrator verifies', async () => {
    const admin = await ctx.signedIn('admin');
    const email = uniqueEmail('off');
    const res = await add(admin.token, email, { role: 'admin', isVerified: false });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ role: 'admin', is_verified: false });
    expect(await stored(email)).toEqual({ role: 'admin', is_verified: 0 });
    const login = await ctx.post('/api/v1/auth/login', { email, password: 'abcdef' });
    expect(login.status).toBe(403);
  });

  test('not a boolean: 400 naming is_verified, and no account is made', async () => {
    const admin = await ctx.signedIn('admin');
    const email = uniqueEmail('bad');
    const res = await add(admin.token, email, { is_verified: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(JSON.stringify(res.body)).toMatch(/is_verified/);
    expect(await stored(email)).toBeUndefined();
  });

  test('a staff caller asking for a verified account gets an unverified staff one', async () => {
    const staff = await ctx.signedIn('staff');
    const email = uniqueEmail('bystaff');
    await add(staff.token, email, { role: 'admin', is_verified: true });
    expect(await stored(email)).toEqual({ role: 'staff', is_verified: 0 });
  });
});
