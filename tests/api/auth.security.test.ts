import { SignJWT } from 'jose';
import { describe, expect, test } from 'vitest';
import { endAllSessions } from '../../src/server/auth/sessions';
import { databases, PASSWORD, uniqueEmail, useTestApp } from './helpers';

describe.each(databases)('auth security on %s', (kind) => {
  const ctx = useTestApp(kind);

  test('a reused refresh token (after the grace window) revokes its family: the newer tokens die too', async () => {
    const staff = await ctx.signedIn('staff');
    const rotated = await ctx.post('/api/v1/auth/refresh', { refresh_token: staff.refreshToken });
    expect(rotated.status).toBe(200);
    const newer = rotated.body.data;

    ctx.advance(11_000);
    const reuse = await ctx.post('/api/v1/auth/refresh', { refresh_token: staff.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body.message).toBe('Invalid or expired refresh token');

    expect(
      (await ctx.post('/api/v1/auth/refresh', { refresh_token: newer.refresh_token })).status,
    ).toBe(401);
    expect((await ctx.get('/api/v1/menus/user', { token: newer.access_token })).status).toBe(401);
    expect((await ctx.get('/api/v1/menus/user', { token: staff.token })).status).toBe(401);
    // No token was minted for the thief.
    const alive = await ctx.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('user_id', '=', staff.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(alive).toEqual([]);
  });

  test('a refresh token cannot be used as an access token, nor the other way round', async () => {
    const staff = await ctx.signedIn('staff');
    expect((await ctx.get('/api/v1/menus/user', { token: staff.refreshToken })).status).toBe(401);
    expect((await ctx.post('/api/v1/auth/refresh', { refresh_token: staff.token })).status).toBe(
      401,
    );
  });

  test.each([
    [
      'signed with another secret',
      async (sub: string, sid: string) =>
        new SignJWT({ typ: 'access', sid })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub)
          .setIssuer('dashboard-invoice')
          .setAudience('dashboard-invoice-api')
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(new TextEncoder().encode('x'.repeat(64))),
    ],
    [
      'with alg none',
      async (sub: string, sid: string) => {
        const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        const now = Math.floor(Date.now() / 1000);
        return `${part({ alg: 'none', typ: 'JWT' })}.${part({ typ: 'access', sid, sub, iss: 'dashboard-invoice', aud: 'dashboard-invoice-api', iat: now, exp: now + 600 })}.`;
      },
    ],
  ])('a forged access token (%s) is refused', async (_label, forge) => {
    const admin = await ctx.signedIn('admin');
    const claims = JSON.parse(Buffer.from(admin.token.split('.')[1], 'base64url').toString());
    const forged = await forge(claims.sub, claims.sid);
    const res = await ctx.get('/api/v1/menus', { token: forged });
    expect(res.status).toBe(401);
  });

  test('a user made unverified after signing in is refused with 403 on the next call', async () => {
    const staff = await ctx.signedIn('staff');
    await ctx.db.updateTable('users').set({ is_verified: 0 }).where('id', '=', staff.id).execute();
    const res = await ctx.get('/api/v1/menus/user', { token: staff.token });
    expect(res.status).toBe(403);
  });

  test('endAllSessions (for invalidation, deletion, role or password change) kills live access tokens at once', async () => {
    const staff = await ctx.signedIn('staff');
    await endAllSessions(ctx.db, staff.id);
    expect((await ctx.get('/api/v1/menus/user', { token: staff.token })).status).toBe(401);
    expect(
      (await ctx.post('/api/v1/auth/refresh', { refresh_token: staff.refreshToken })).status,
    ).toBe(401);
  });

  test('a deleted user’s token is refused', async () => {
    const staff = await ctx.signedIn('staff');
    await ctx.db.deleteFrom('users').where('id', '=', staff.id).execute();
    expect((await ctx.get('/api/v1/menus/user', { token: staff.token })).status).toBe(401);
  });

  test('an anonymous caller cannot register an administrator, even with a forged-looking role', async () => {
    const email = uniqueEmail('wannabe');
    await ctx.post('/api/v1/auth/register', {
      name: 'Wannabe',
      email,
      password: 'abcdef',
      role: 'admin',
      isVerified: true,
    });
    const row = await ctx.db
      .selectFrom('users')
      .select(['role', 'is_verified'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'staff', is_verified: 0 });
  });

  test('a staff caller cannot register an administrator either', async () => {
    const staff = await ctx.signedIn('staff');
    const email = uniqueEmail('viastaff');
    await ctx.post(
      '/api/v1/auth/register',
      { name: 'Via Staff', email, password: 'abcdef', role: 'admin' },
      { token: staff.token },
    );
    const row = await ctx.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('staff');
  });

  describe('throttling', () => {
    test('five failed sign-ins for one email → 429 with Retry-After, even with the right password', async () => {
      const user = await ctx.createUser('staff');
      for (let i = 0; i < 5; i++) {
        const ip = `10.1.${i}.1`;
        const res = await ctx.post(
          '/api/v1/auth/login',
          { email: user.email, password: 'wrong' },
          { headers: { 'x-forwarded-for': ip } },
        );
        expect(res.status).toBe(401);
      }
      const blocked = await ctx.post(
        '/api/v1/auth/login',
        { email: user.email, password: PASSWORD },
        { headers: { 'x-forwarded-for': '10.1.9.9' } },
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toBe('Too many requests. Please wait before trying again.');
      const retryAfter = Number(blocked.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      // Another account is not affected.
      const other = await ctx.createUser('staff');
      expect(
        (
          await ctx.post(
            '/api/v1/auth/login',
            { email: other.email, password: PASSWORD },
            { headers: { 'x-forwarded-for': '10.1.9.9' } },
          )
        ).status,
      ).toBe(200);
      // After the window the right password works again.
      ctx.advance(15 * 60 * 1000);
      expect(
        (
          await ctx.post(
            '/api/v1/auth/login',
            { email: user.email, password: PASSWORD },
            { headers: { 'x-forwarded-for': '10.1.9.9' } },
          )
        ).status,
      ).toBe(200);
    });

    test('a hundred failed sign-ins from one IP → 429 for any email from that IP', async () => {
      const ip = '10.2.0.1';
      for (let i = 0; i < 100; i++) {
        const res = await ctx.post(
          '/api/v1/auth/login',
          { email: uniqueEmail('spray'), password: 'wrong' },
          { headers: { 'x-forwarded-for': ip } },
        );
        expect(res.status).toBe(401);
      }
      const user = await ctx.createUser('staff');
      const blocked = await ctx.post(
        '/api/v1/auth/login',
        { email: user.email, password: PASSWORD },
        { headers: { 'x-forwarded-for': ip } },
      );
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(
        (
          await ctx.post(
            '/api/v1/auth/login',
            { email: user.email, password: PASSWORD },
            { headers: { 'x-forwarded-for': '10.2.0.2' } },
          )
        ).status,
      ).toBe(200);
    });

    test('forgot-password is throttled per email', async () => {
      const user = await ctx.createUser('staff');
      for (let i = 0; i < 5; i++) {
        expect(
          (
            await ctx.post(
              '/api/v1/auth/forgot-password',
              { email: user.email },
              { headers: { 'x-forwarded-for': `10.3.${i}.1` } },
            )
          ).status,
        ).toBe(200);
      }
      const mailsToUser = () => ctx.mails.filter((m) => m.to === user.email).length;
      const mails = mailsToUser();
      const blocked = await ctx.post(
        '/api/v1/auth/forgot-password',
        { email: user.email },
        { headers: { 'x-forwarded-for': '10.3.9.1' } },
      );
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(mailsToUser()).toBe(mails);
    });
  });
});
