import { describe, expect, test } from 'vitest';
import { databases, PASSWORD, uniqueEmail, useTestApp } from './helpers';

describe.each(databases)('auth errors on %s', (kind) => {
  const ctx = useTestApp(kind);

  async function refreshTokenCount() {
    return ctx.count('refresh_tokens');
  }

  test('a wrong password gets 401 with the generic message, no session, and a failed sign-in in the activity', async () => {
    const user = await ctx.createUser('staff');
    const before = await refreshTokenCount();
    const res = await ctx.post('/api/v1/auth/login', {
      email: user.email,
      password: 'wrong-password',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      error: 'Invalid email or password',
      message: 'Invalid email or password',
    });
    expect(await refreshTokenCount()).toBe(before);
    const activity = await ctx.db
      .selectFrom('activity')
      .select('action')
      .where('user_id', '=', user.id)
      .execute();
    expect(activity.map((a) => a.action)).toEqual(['login_failed']);
  });

  test('an unknown email gets exactly the same answer as a wrong password', async () => {
    const before = await refreshTokenCount();
    const usersBefore = await ctx.count('users');
    const res = await ctx.post('/api/v1/auth/login', {
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      error: 'Invalid email or password',
      message: 'Invalid email or password',
    });
    expect(await refreshTokenCount()).toBe(before);
    expect(await ctx.count('users')).toBe(usersBefore);
  });

  test('an unverified account gets 403 once the password matched, and no session', async () => {
    const user = await ctx.createUser('unverified');
    const before = await refreshTokenCount();
    const res = await ctx.post('/api/v1/auth/login', { email: user.email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Your account is pending verification. Please contact an administrator.',
    );
    expect(await refreshTokenCount()).toBe(before);
  });

  test('an unverified account with a wrong password gets 401, not 403 (verification status is not revealed)', async () => {
    const user = await ctx.createUser('unverified');
    const res = await ctx.post('/api/v1/auth/login', {
      email: user.email,
      password: 'not-the-password',
    });
    expect(res.status).toBe(401);
  });

  test.each([
    ['garbage', '{"email": "a@b.c", pass', 400, 'Malformed JSON in request body', undefined],
    ['an array', '[1,2,3]', 400, 'Request body must be a JSON object', undefined],
    ['no email', '{"password":"abcdef"}', 400, 'Email is required', 'email'],
    [
      'a bad email',
      '{"email":"not-an-email","password":"abcdef"}',
      400,
      'Please enter a valid email address',
      'email',
    ],
    [
      'a number as password',
      '{"email":"a@example.com","password":123456}',
      400,
      'Password is required',
      'password',
    ],
    [
      'an empty password',
      '{"email":"a@example.com","password":""}',
      400,
      'Password is required',
      'password',
    ],
    [
      'an email object whose toString is no function',
      '{"email":{"toString":""},"password":"abcdef"}',
      400,
      'Please enter a valid email address',
      'email',
    ],
    [
      'an array of such objects',
      '[{"toString":""}]',
      400,
      'Request body must be a JSON object',
      undefined,
    ],
  ])(
    'login with %s → %i naming the field, nothing written',
    async (_label, raw, status, message, field) => {
      const activity = await ctx.count('activity');
      const limits = await ctx.count('rate_limits');
      const res = await ctx.request('POST', '/api/v1/auth/login', undefined, { raw });
      expect(res.status).toBe(status);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toBe(message);
      expect(res.body.field).toBe(field);
      expect(await ctx.count('activity')).toBe(activity);
      expect(await ctx.count('rate_limits')).toBe(limits);
    },
  );

  test('register refuses an email that exists (any case) with 409 and creates nothing', async () => {
    const user = await ctx.createUser('staff');
    const before = await ctx.count('users');
    const res = await ctx.post('/api/v1/auth/register', {
      name: 'Copy',
      email: user.email.toUpperCase(),
      password: 'abcdef',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists.');
    expect(await ctx.count('users')).toBe(before);
  });

  test('simultaneous sign-ups with one email: exactly one account, the others get 409', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        ctx.post('/api/v1/auth/register', { name: `Racer ${n}`, email, password: 'abcdef' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.message).toBe('An account with this email already exists.');
    }
    expect(
      await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .execute(),
    ).toHaveLength(1);
  });

  test('simultaneous sign-ups whose derived usernames collide all succeed with distinct usernames', async () => {
    const local = `twin${Date.now().toString(36)}`;
    const answers = await Promise.all(
      ['one', 'two', 'three'].map((d) =>
        ctx.post('/api/v1/auth/register', {
          name: 'Twin',
          email: `${local}@${d}.example`,
          password: 'abcdef',
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.data.user.username)).size).toBe(3);
  });

  test.each([
    [
      { name: 'A', email: 'x1@example.com', password: 'abcdef' },
      'name',
      'Name must be at least 2 characters',
    ],
    [
      { name: 'Ani', email: 'x2@', password: 'abcdef' },
      'email',
      'Please enter a valid email address',
    ],
    [
      { name: 'Ani', email: 'x3@example.com', password: 'abc' },
      'password',
      'Password must be at least 6 characters',
    ],
    [{ email: 'x4@example.com', password: 'abcdef' }, 'name', 'Name is required'],
  ])('register %j → 400 on %s', async (body, field, message) => {
    const before = await ctx.count('users');
    const res = await ctx.post('/api/v1/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, field, message });
    expect(await ctx.count('users')).toBe(before);
  });

  test('refresh with an unknown, empty or expired token → 401', async () => {
    expect((await ctx.post('/api/v1/auth/refresh', { refresh_token: 'not-a-token' })).status).toBe(
      401,
    );
    expect((await ctx.post('/api/v1/auth/refresh', {})).status).toBe(400);
    const staff = await ctx.signedIn('staff');
    ctx.advance(31 * 24 * 3600 * 1000);
    try {
      const res = await ctx.post('/api/v1/auth/refresh', { refresh_token: staff.refreshToken });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Invalid or expired refresh token');
    } finally {
      ctx.advance(-31 * 24 * 3600 * 1000);
    }
  });

  test('an access token stops working after its 15 minutes', async () => {
    const staff = await ctx.signedIn('staff');
    ctx.advance(16 * 60 * 1000);
    try {
      expect((await ctx.get('/api/v1/menus/user', { token: staff.token })).status).toBe(401);
    } finally {
      ctx.advance(-16 * 60 * 1000);
    }
  });

  test('forgot-password answers the same for an unknown email and sends nothing', async () => {
    const user = await ctx.createUser('staff');
    const ghost = uniqueEmail('ghost');
    const resetTokens = await ctx.count('password_reset_tokens');
    const known = await ctx.post(
      '/api/v1/auth/forgot-password',
      { email: user.email },
      { headers: { 'x-forwarded-for': '10.9.0.1' } },
    );
    const unknown = await ctx.post(
      '/api/v1/auth/forgot-password',
      { email: ghost },
      { headers: { 'x-forwarded-for': '10.9.0.1' } },
    );
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(ctx.mails.filter((m) => m.to === user.email)).toHaveLength(1);
    expect(ctx.mails.filter((m) => m.to === ghost.toLowerCase())).toHaveLength(0);
    expect(await ctx.count('password_reset_tokens')).toBe(resetTokens + 1);
  });

  test('reset-password: a short password names the field; an unknown or expired token is refused', async () => {
    const user = await ctx.createUser('staff');
    await ctx.post(
      '/api/v1/auth/forgot-password',
      { email: user.email },
      { headers: { 'x-forwarded-for': '10.9.0.2' } },
    );
    const token = decodeURIComponent(
      /token=([\w%-]+)/.exec(ctx.mails.filter((m) => m.to === user.email).at(-1)!.text)![1],
    );

    const short = await ctx.post('/api/v1/auth/reset-password', { token, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      field: 'password',
      message: 'Password must be at least 8 characters',
    });

    const unknown = await ctx.post('/api/v1/auth/reset-password', {
      token: 'made-up',
      password: 'long-enough-1',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('This password reset link is invalid or has expired.');

    ctx.advance(31 * 60 * 1000);
    try {
      const expired = await ctx.post('/api/v1/auth/reset-password', {
        token,
        password: 'long-enough-1',
      });
      expect(expired.status).toBe(400);
    } finally {
      ctx.advance(-31 * 60 * 1000);
    }
    // The old password still works: nothing was changed.
    await ctx.signIn(user);
  });

  test('logout-all without a token → 401', async () => {
    const res = await ctx.post('/api/v1/auth/logout-all');
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });
});
