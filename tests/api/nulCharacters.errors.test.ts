import { beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../src/server/db/schema';
import { databases, PASSWORD, uniqueEmail, useTestApp, type TestUser } from './helpers';

// PostgreSQL cannot store U+0000; the body reader refuses it for every route, on both engines alike.
const NUL = '\u0000';
const TABLES: (keyof Database)[] = [
  'users',
  'activity',
  'rate_limits',
  'refresh_tokens',
  'password_reset_tokens',
  'menus',
  'invoice_summaries',
];

describe.each(databases)('NUL characters in bodies on %s', (kind) => {
  const ctx = useTestApp(kind);
  let admin: TestUser & { token: string };

  beforeAll(async () => {
    admin = await ctx.signedIn('admin');
  });

  async function counts() {
    return Promise.all(TABLES.map((t) => ctx.count(t)));
  }

  test.each([
    [
      'POST',
      '/api/v1/auth/register',
      () => ({ name: `Ani${NUL}`, email: uniqueEmail('nul'), password: PASSWORD }),
      'name',
      false,
    ],
    [
      'POST',
      '/api/v1/auth/register',
      () => ({ name: 'Ani', email: `nul${NUL}@example.com`, password: PASSWORD }),
      'email',
      false,
    ],
    [
      'POST',
      '/api/v1/auth/login',
      () => ({ email: admin.email, password: `${PASSWORD}${NUL}` }),
      'password',
      false,
    ],
    [
      'POST',
      '/api/v1/auth/forgot-password',
      () => ({ email: `${admin.email}${NUL}` }),
      'email',
      false,
    ],
    [
      'POST',
      '/api/v1/auth/reset-password',
      () => ({ token: `abc${NUL}`, password: 'long-enough-1' }),
      'token',
      false,
    ],
    ['POST', '/api/v1/auth/refresh', () => ({ refreshToken: `abc${NUL}` }), 'refresh_token', false],
    [
      'POST',
      '/api/v1/menus',
      () => ({ name: 'Laporan', path: '/reports', icon: `fa-${NUL}` }),
      'icon',
      true,
    ],
    ['PUT', '/api/v1/menus/1', () => ({ name: `Dash${NUL}board` }), 'name', true],
    [
      'POST',
      '/api/v1/menus',
      () => ({ name: 'Laporan', path: '/reports', roles: ['admin', `staff${NUL}`] }),
      'roles',
      true,
    ],
    [
      'PUT',
      '/api/v1/account',
      () => ({ name: 'Admin', email: admin.email, extra: { deep: [`x${NUL}`] } }),
      'extra',
      true,
    ],
  ])(
    '%s %s with U+0000 → 400 naming %s, nothing written',
    async (method, url, body, field, signedIn) => {
      const before = await counts();
      const res = await ctx.request(method, url, body(), signedIn ? { token: admin.token } : {});
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        field,
        error: `${field}: Text must not contain NUL characters`,
        message: `${field}: Text must not contain NUL characters`,
      });
      expect(await counts()).toEqual(before);
    },
  );

  test('the same body without the NUL goes through (the check refuses only the character)', async () => {
    const res = await ctx.post('/api/v1/auth/register', {
      name: 'Ani',
      email: uniqueEmail('clean'),
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
  });
});
