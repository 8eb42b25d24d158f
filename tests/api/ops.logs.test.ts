// The server's log as an operator reads it: one line per request with its id (and the user once
// signed in), errors carrying the same id, JSON lines with LOG_FORMAT=json, readable text otherwise.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createLogger } from '../../src/server/logger';
import { createMailer } from '../../src/server/mail/mailer';
import { createTestApp, databases, type TestApp } from './helpers';

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

describe.each(databases)('request logs on %s', (kind) => {
  const json = capture();
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp(kind, {
      deps: { logger: createLogger('info', { format: 'json', destination: json.destination }) },
    });
  });
  afterAll(() => ctx.close());
  const records = () => json.lines.map((line) => JSON.parse(line) as Record<string, any>);

  test('LOG_FORMAT=json: one JSON line per request with method, route, status, duration, request id and user id', async () => {
    const staff = await ctx.signedIn('staff');
    json.lines.length = 0;
    const res = await ctx.get('/api/v1/menus/user', { token: staff.token });
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

    expect(json.lines).toHaveLength(1);
    expect(json.lines[0].endsWith('\n')).toBe(true);
    const [line] = records();
    expect(line).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/api/v1/menus/user',
      path: '/api/v1/menus/user',
      status: 200,
      requestId,
      userId: staff.id,
    });
    expect(typeof line.durationMs).toBe('number');
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(new Date(line.time).toISOString()).toBe(line.time);
  });

  test('an anonymous request has no user id; the route is the pattern, the path what was asked', async () => {
    json.lines.length = 0;
    const res = await ctx.get('/api/v1/users/987654');
    expect(res.status).toBe(401);
    const [line] = records();
    expect(line).toMatchObject({
      method: 'GET',
      route: '/api/v1/users/:id',
      path: '/api/v1/users/987654',
      status: 401,
    });
    expect(line).not.toHaveProperty('userId');
    expect(line.requestId).toBe(res.headers.get('x-request-id'));
  });

  test('a request id sent by a proxy is kept, a malformed one replaced', async () => {
    json.lines.length = 0;
    const kept = await ctx.get('/healthz', { headers: { 'x-request-id': 'proxy-abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-abc-123');
    const replaced = await ctx.get('/healthz', {
      headers: { 'x-request-id': 'evil id; level=error' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("a line logged by other code during a request, even after the answer (the reset mail written to the outbox), carries that request's id", async () => {
    const lines = capture();
    const logger = createLogger('info', { format: 'json', destination: lines.destination });
    const outboxDir = mkdtempSync(path.join(tmpdir(), 'di-log-outbox-'));
    const app = await createTestApp(kind, {
      deps: { logger, mailer: createMailer({ from: 'test@localhost', outboxDir, logger }) },
    });
    try {
      const user = await app.createUser('staff');
      const res = await app.post('/api/v1/auth/forgot-password', { email: user.email });
      expect(res.status).toBe(200);
      // The mail is sent without holding up the answer.
      await expect
        .poll(() => lines.lines.map((l) => JSON.parse(l)).find((l) => l.file))
        .toMatchObject({
          msg: 'mail written to outbox (no SMTP_URL)',
          requestId: res.headers.get('x-request-id'),
          to: user.email,
        });
      const other = await app.get('/healthz');
      const mailLine = lines.lines.map((l) => JSON.parse(l)).find((l) => l.file);
      expect(mailLine.requestId).not.toBe(other.headers.get('x-request-id'));
    } finally {
      await app.close();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });

  test('an unexpected error is logged with the request id the client received', async () => {
    const broken = capture();
    const app = await createTestApp(kind, {
      deps: { logger: createLogger('info', { format: 'json', destination: broken.destination }) },
    });
    try {
      const staff = await app.signedIn('staff');
      await sql`drop table role_menus`.execute(app.db);
      broken.lines.length = 0;
      const res = await app.get('/api/v1/menus/user', { token: staff.token });
      expect(res.status).toBe(500);
      const requestId = res.headers.get('x-request-id');
      const lines = broken.lines.map((l) => JSON.parse(l));
      const error = lines.find((l) => l.msg === 'unhandled error');
      expect(error).toMatchObject({ level: 'error', requestId, userId: staff.id });
      expect(error.stack).toContain('role_menus');
      const request = lines.find((l) => l.route === '/api/v1/menus/user');
      expect(request).toMatchObject({ level: 'error', status: 500, requestId });
      expect(res.text).not.toContain('role_menus');
    } finally {
      await app.close();
    }
  });
});

describe('text format (the default)', () => {
  test('one readable line per request: time, level, method, path, status, duration, then key=value', async () => {
    const text = capture();
    const ctx = await createTestApp('sqlite', {
      deps: { logger: createLogger('info', { destination: text.destination }) },
    });
    try {
      const admin = await ctx.signedIn('admin');
      text.lines.length = 0;
      const res = await ctx.get('/api/v1/users', { token: admin.token });
      expect(text.lines).toHaveLength(1);
      const line = text.lines[0];
      expect(line).toMatch(
        /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO GET \/api\/v1\/users 200 [\d.]+ ms /,
      );
      expect(line).toContain(`requestId=${res.headers.get('x-request-id')}`);
      expect(line).toContain(`userId=${admin.id}`);
      expect(line).toContain('route=/api/v1/users');
      expect(line.trim().split('\n')).toHaveLength(1);
    } finally {
      await ctx.close();
    }
  });

  test('LOG_LEVEL filters; probes are logged at debug only', async () => {
    const text = capture();
    const ctx = await createTestApp('sqlite', {
      deps: { logger: createLogger('info', { destination: text.destination }) },
    });
    try {
      await ctx.get('/healthz');
      await ctx.get('/readyz');
      expect(text.lines).toEqual([]);
      const logger = createLogger('warn', { destination: text.destination });
      logger.info('not shown');
      logger.warn('shown', { detail: 'with space' });
      expect(text.lines).toHaveLength(1);
      expect(text.lines[0]).toMatch(/ WARN shown detail="with space"\n$/);
    } finally {
      await ctx.close();
    }
  });

  test('LOG_FORMAT accepts text or json and refuses anything else', () => {
    const base = { DATA_DIR: '/tmp', JWT_SECRET: 'j'.repeat(40) };
    expect(loadConfig(base).logFormat).toBe('text');
    expect(loadConfig({ ...base, LOG_FORMAT: 'JSON' }).logFormat).toBe('json');
    expect(() => loadConfig({ ...base, LOG_FORMAT: 'xml' })).toThrow(
      /LOG_FORMAT must be text or json/,
    );
  });
});
