import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFaultApp, type FaultApp } from '../support/faultApp';
import { databases } from './helpers';

/**
 * Abuse at the HTTP edge: deeply nested JSON, bodies that are not JSON, oversized bodies on a
 * kept-alive connection. Each gets a clear 4xx the client can read; nothing reaches a 500.
 */

/** `depth` arrays inside each other inside {"name": …}: 24 KB of brackets at depth 12,000. */
const nested = (depth: number) => `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`;

/**
 * On one kept-alive connection: a small request, then a POST declaring `size` bytes that it
 * starts streaming at once. Returns everything the client could read before the socket closed.
 */
async function oversizedAfterKeepAlive(baseUrl: string, size: number): Promise<string> {
  const { port } = new URL(baseUrl);
  const socket = net.connect(Number(port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => resolve());
    socket.on('error', () => {});
  });
  socket.write(
    'GET /api/v1/menus/user HTTP/1.1\r\nHost: app.test\r\nConnection: keep-alive\r\n\r\n',
  );
  while (!/\r\n\r\n\{.*\}$/s.test(received)) await new Promise((resolve) => setTimeout(resolve, 5));
  // Like curl and most upload clients: send the whole body first, read the answer afterwards.
  socket.pause();
  socket.write(
    `POST /api/v1/auth/register HTTP/1.1\r\nHost: app.test\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
  );
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  for (let sent = 0; sent < size && !socket.destroyed; sent += chunk.length) {
    if (!socket.write(chunk)) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  socket.resume();
  await closed;
  return received;
}

describe.each(databases)('HTTP edge abuse on %s', (kind) => {
  let app: FaultApp;
  let baseUrl: string;
  beforeAll(async () => {
    app = await createFaultApp(kind);
    baseUrl = await app.listen();
  });
  afterAll(() => app?.close());

  test('24 KB of deeply nested JSON without signing in → 400 naming the problem, no 500', async () => {
    for (const route of [
      '/api/v1/auth/register',
      '/api/v1/auth/login',
      '/api/v1/auth/forgot-password',
    ]) {
      const res = await fetch(baseUrl + route, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: nested(12_000),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        success: false,
        message: 'JSON in request body is nested too deeply',
      });
    }
    expect(app.logger.lines.filter((l) => l.level === 'error')).toEqual([]);
    // Ordinary nesting still passes to validation (and brackets inside strings do not count).
    const res = await fetch(baseUrl + '/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'nobody@example.com',
        password: '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[',
      }),
    });
    expect(res.status).toBe(401);
  });

  test('text/plain or no content type → 415 on JSON routes, and nothing is created', async () => {
    const body = JSON.stringify({
      name: 'Cross Site',
      email: 'xsite@example.com',
      password: 'Secret#123',
    });
    for (const headers of [
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      {},
    ] as Record<string, string>[]) {
      for (const route of ['/api/v1/auth/register', '/api/v1/auth/forgot-password']) {
        // fetch adds text/plain to a string body itself; a Blob without a type sends no content type.
        const res = await fetch(baseUrl + route, {
          method: 'POST',
          headers,
          body: headers['content-type'] ? body : new Blob([body]),
        });
        expect(res.status).toBe(415);
        expect(await res.json()).toMatchObject({
          success: false,
          message: 'Content-Type must be application/json',
        });
      }
    }
    const created = await app.direct.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'xsite@example.com')
      .executeTakeFirst();
    expect(created).toBeUndefined();
    // application/json (with a charset) is read as before.
    const res = await fetch(baseUrl + '/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body,
    });
    expect(res.status).toBe(201);
  });

  test('an oversized body on a kept-alive connection: every client reads the 413 and Connection: close', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => oversizedAfterKeepAlive(baseUrl, 12 * 1024 * 1024)),
    );
    for (const received of answers) {
      const responses = received.split(/(?=HTTP\/1\.1 )/);
      expect(responses[0]).toMatch(/^HTTP\/1\.1 401/);
      expect(responses[1]).toMatch(/^HTTP\/1\.1 413/);
      expect(responses[1]).toMatch(/\r\nconnection: close\r\n/i);
      expect(responses[1]).toContain('Request body is too large');
    }
  });
});
