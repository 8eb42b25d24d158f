import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, test } from 'vitest';
import { createApp } from '../../src/server/app';
import { createPasswordHasher } from '../../src/server/auth/passwords';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { silentLogger } from '../../src/server/logger';
import { createTestApp, databases, useTestApp } from './helpers';

const distDir = mkdtempSync(path.join(tmpdir(), 'di-dist-'));
mkdirSync(path.join(distDir, 'assets'));
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>Dashboard Invoice</title>');
writeFileSync(path.join(distDir, 'assets', 'app-3f2a1b.js'), 'console.log("app")');
writeFileSync(
  path.join(distDir, 'assets', 'generator.worker-3f2a1b.js'),
  'self.onmessage = () => {}',
);
writeFileSync(path.join(distDir, 'favicon.ico'), 'icon');
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

describe.each(databases)('server basics on %s', (kind) => {
  const ctx = useTestApp(kind, {
    distDir,
    deps: { bodyLimits: { routes: { '/api/v1/auth/register': 2048 } } },
  });

  test('security headers on API and static answers; no-store on API answers', async () => {
    for (const url of ['/api/v1/auth/login', '/']) {
      const res = await ctx.request(
        url === '/' ? 'GET' : 'POST',
        url,
        url === '/' ? undefined : {},
      );
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('permissions-policy')).toBe(
        'camera=(), microphone=(), geolocation=()',
      );
      // Nothing for a proxy to decide (HSTS) and no legacy headers that only add bytes.
      for (const name of [
        'strict-transport-security',
        'x-xss-protection',
        'x-download-options',
        'x-dns-prefetch-control',
        'x-permitted-cross-domain-policies',
        'origin-agent-cluster',
      ])
        expect(res.headers.get(name), name).toBeNull();
    }
    const staff = await ctx.signedIn('staff');
    const menus = await ctx.get('/api/v1/menus/user', { token: staff.token });
    expect(menus.headers.get('cache-control')).toBe('no-store');
  });

  test('every API answer carries the same headers over real HTTP, however it was made', async () => {
    // A list the envelope answers whole, a record with its ETag, a refusal, and a compressed list.
    const server = serve({ fetch: ctx.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const admin = await ctx.signedIn('admin');
      for (let i = 0; i < 12; i++) await ctx.createUser('staff');
      const auth = { authorization: `Bearer ${admin.token}` };
      const answers = {
        menus: await fetch(`${root}/api/v1/menus/user`, { headers: auth }),
        record: await fetch(`${root}/api/v1/users/${admin.id}`, { headers: auth }),
        refused: await fetch(`${root}/api/v1/users/999999`, { headers: auth }),
        compressed: await fetch(`${root}/api/v1/users?limit=50`, {
          headers: { ...auth, 'accept-encoding': 'gzip' },
        }),
        named: await fetch(`${root}/api/v1/menus/user`, {
          headers: { ...auth, 'x-request-id': 'proxy-abc-123' },
        }),
      };
      expect(answers.record.headers.get('etag')).toMatch(/^"\d+"$/);
      expect(answers.refused.status).toBe(404);
      expect(answers.compressed.headers.get('content-encoding')).toBe('gzip');
      expect(answers.named.headers.get('x-request-id')).toBe('proxy-abc-123');
      const own = new Set([
        'etag',
        'content-length',
        'content-encoding',
        'date',
        'connection',
        'keep-alive',
        'transfer-encoding',
      ]);
      const names = (res: Response) =>
        [...res.headers.keys()].filter((name) => !own.has(name)).sort();
      const expected = names(answers.record);
      expect(expected).toEqual(
        expect.arrayContaining([
          'cache-control',
          'content-security-policy',
          'content-type',
          'vary',
          'x-request-id',
        ]),
      );
      for (const [name, res] of Object.entries(answers)) {
        expect(names(res), name).toEqual(expected);
        for (const header of expected.filter((h) => h !== 'x-request-id'))
          expect(res.headers.get(header), `${name}: ${header}`).toBe(
            answers.record.headers.get(header),
          );
        expect(
          Number(res.headers.get('content-length') ?? 0) || res.headers.get('content-encoding'),
          name,
        ).toBeTruthy();
        await res.arrayBuffer();
      }
      expect(
        await (await fetch(`${root}/api/v1/menus/user`, { headers: auth })).json(),
      ).toMatchObject({ success: true });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('a worker script carries the CSP it runs under; other scripts only nosniff and CORP', async () => {
    const worker = await ctx.request('GET', '/assets/generator.worker-3f2a1b.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-security-policy')).toContain("default-src 'self'");
    const script = await ctx.request('GET', '/assets/app-3f2a1b.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(script.headers.get('content-security-policy')).toBeNull();
    expect(script.headers.get('x-frame-options')).toBeNull();
    expect(script.headers.get('referrer-policy')).toBeNull();
    expect(script.headers.get('permissions-policy')).toBeNull();
  });

  test('unknown API paths → 404 in the envelope', async () => {
    for (const url of ['/api/v1/nothing-here', '/api/v2/auth/login', '/api']) {
      const res = await ctx.get(url);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        error: 'Resource not found',
        message: 'Resource not found',
      });
    }
  });

  test('a missing token → 401 in the envelope', async () => {
    const res = await ctx.get('/api/v1/menus');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, message: 'Authentication required' });
  });

  test('malformed JSON → 400, never a crash', async () => {
    const res = await ctx.request('POST', '/api/v1/auth/register', undefined, {
      raw: '{"name": "x",,}',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Malformed JSON in request body' });
  });

  test('a body over the default 1 MB limit → 413 and nothing written', async () => {
    const users = await ctx.count('users');
    const res = await ctx.post('/api/v1/auth/login', {
      email: 'a@example.com',
      password: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, message: 'Request body is too large' });
    expect(await ctx.count('users')).toBe(users);
  });

  test('the limit is configurable per route', async () => {
    const res = await ctx.post('/api/v1/auth/register', {
      name: 'x'.repeat(3000),
      email: 'big@example.com',
      password: 'abcdef',
    });
    expect(res.status).toBe(413);
    const small = await ctx.post('/api/v1/auth/register', {
      name: 'Small',
      email: 'small@example.com',
      password: 'abcdef',
    });
    expect(small.status).toBe(201);
  });

  test('deep links fall back to index.html, not cached', async () => {
    for (const url of ['/', '/dashboard', '/user-management/42', '/reset-password?token=abc']) {
      const res = await ctx.get(url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.text).toContain('<title>Dashboard Invoice</title>');
    }
  });

  test('hashed assets are cached for a year; missing assets are 404, not index.html', async () => {
    const res = await ctx.get('/assets/app-3f2a1b.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await ctx.get('/assets/missing-123.js')).status).toBe(404);
    const icon = await ctx.get('/favicon.ico');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  test('paths cannot escape the dist folder', async () => {
    for (const url of ['/..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await ctx.get(url);
      expect(res.text).not.toContain('root:');
    }
  });
});

describe.each(databases)('server failures on %s', (kind) => {
  test('without a built app, page requests get a plain 503 and the API still works', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'di-nodist-'));
    const ctx = await createTestApp(kind, { distDir: empty });
    try {
      const res = await ctx.get('/dashboard');
      expect(res.status).toBe(503);
      expect(res.text).toBe('App not built: run npm run build');
      expect(
        (await ctx.post('/api/v1/auth/login', { email: 'a@example.com', password: 'x' })).status,
      ).toBe(401);
    } finally {
      await ctx.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test('an unexpected failure → generic 500 without details', async () => {
    const ctx = await createTestApp(kind);
    try {
      const staff = await ctx.signedIn('staff');
      await sql`drop table role_menus`.execute(ctx.db);
      const res = await ctx.get('/api/v1/menus/user', { token: staff.token });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        success: false,
        error: 'Something went wrong on our end. Please try again later.',
        message: 'Something went wrong on our end. Please try again later.',
      });
      expect(res.text).not.toMatch(/role_menus|at |\.ts/);
    } finally {
      await ctx.close();
    }
  });

  test('an unreachable database → 503 with Retry-After', async () => {
    const ctx = await createTestApp(kind);
    const db = ctx.db;
    await db.destroy();
    const res = await ctx.post('/api/v1/auth/login', {
      email: 'a@example.com',
      password: 'whatever',
    });
    expect(res.status).toBe(503);
    expect(res.body.success).toBe(false);
    expect(res.headers.get('retry-after')).toBe('5');
    await ctx.close().catch(() => {});
  });
});

test('a PostgreSQL server that does not answer → 503, not a crash', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'di-down-'));
  // Port 1 on localhost: nothing listens there, the connection is refused at once.
  const handle = openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none' });
  try {
    const app = createApp({
      db: handle.db,
      config: loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'j'.repeat(40) }),
      mailer: { send: async () => {} },
      logger: silentLogger,
      passwordHasher: createPasswordHasher('test'),
      distDir: null,
    });
    const res = await app.request('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'whatever' }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      success: false,
      message: 'The system is temporarily unavailable. Please try again later.',
    });
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
