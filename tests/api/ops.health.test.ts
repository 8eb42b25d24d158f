// What a load balancer, an orchestrator and Prometheus ask the server: /healthz, /readyz, /metrics.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { createApp } from '../../src/server/app';
import { createPasswordHasher } from '../../src/server/auth/passwords';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { silentLogger } from '../../src/server/logger';
import { createTestApp, databases, useTestApp } from './helpers';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';

describe.each(databases)('health and readiness on %s', (kind) => {
  const ctx = useTestApp(kind, { deps: {} });

  test('/healthz and /readyz answer 200 JSON without a token, revealing nothing', async () => {
    for (const [url, status] of [
      ['/healthz', 'ok'],
      ['/readyz', 'ready'],
    ] as const) {
      const res = await ctx.get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.body).toEqual({ status });
      expect(res.text).not.toMatch(/version|node|sqlite|postgres|uptime/i);
    }
  });

  test('with the database gone, /healthz stays 200 (it never asks it) and /readyz says 503', async () => {
    const broken = await createTestApp(kind);
    try {
      await broken.db.destroy();
      const health = await broken.get('/healthz');
      expect(health.status).toBe(200);
      const ready = await broken.get('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'unavailable',
        message: 'The database does not answer',
      });
      expect(ready.headers.get('retry-after')).toBe('5');
    } finally {
      await broken.close();
    }
  });
});

test('/readyz answers 503 when PostgreSQL cannot be reached, /healthz still 200', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'di-ready-'));
  // Nothing listens on port 1: refused at once. The readiness timeout covers hung connections too.
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
    const res = await app.request('/readyz');
    expect(res.status).toBe(503);
    expect((await app.request('/healthz')).status).toBe(200);
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe.each(databases)('metrics on %s', (kind) => {
  const withToken = useTestApp(kind, { distDir: null });
  const withoutToken = useTestApp(kind);

  // useTestApp builds the config; the token is the one field loadConfig fills from METRICS_TOKEN.
  const metricsApp = (ctx: typeof withToken, token: string | undefined) =>
    createApp({
      db: ctx.db,
      config: {
        ...loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'k'.repeat(40) }),
        metricsToken: token,
      },
      mailer: { send: async () => {} },
      logger: silentLogger,
      passwordHasher: createPasswordHasher('test'),
      distDir: null,
    });

  test('without METRICS_TOKEN, /metrics is a plain 404, even with some bearer token', async () => {
    const app = metricsApp(withoutToken, undefined);
    for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }] as Record<
      string,
      string
    >[]) {
      const res = await app.request('/metrics', { headers });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('http_requests_total');
    }
  });

  test('with METRICS_TOKEN set, only a request carrying it as a bearer token gets the figures', async () => {
    const app = metricsApp(withToken, METRICS_TOKEN);
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789abcd',
      `Basic ${METRICS_TOKEN}`,
      METRICS_TOKEN,
    ]) {
      const res = await app.request('/metrics', {
        headers: authorization ? { authorization } : {},
      });
      expect(res.status, String(authorization)).toBe(404);
    }

    await app.request('/api/v1/menus/user');
    await app.request('/api/v1/menus/user');
    await app.request('/healthz');
    await app.request('/api/v1/users/12345', { headers: { authorization: 'Bearer nonsense' } });

    const res = await app.request('/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/v1/menus/user",status="401"} 2',
    );
    expect(text).toContain('http_requests_total{method="GET",route="/healthz",status="200"} 1');
    // Route patterns, never raw paths: ids do not make new series.
    expect(text).not.toContain('12345');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{method="GET",route="\/api\/v1\/menus\/user",le="\+Inf"\} 2/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/menus\/user"\} 2/,
    );
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d+$/m);
    if (kind === 'postgres') {
      expect(text).toMatch(/^db_pool_connections_in_use \d+$/m);
      expect(text).toMatch(/^db_pool_waiting_requests \d+$/m);
    } else {
      expect(text).not.toContain('db_pool_');
    }
    // Every sample line is `name{labels} number` or `name number`.
    for (const line of text
      .trim()
      .split('\n')
      .filter((l) => !l.startsWith('#'))) {
      expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? -?[\d.e+-]+$/);
    }
  });

  test('METRICS_TOKEN is read from the environment and must be long enough', () => {
    expect(
      loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'k'.repeat(40), METRICS_TOKEN }).metricsToken,
    ).toBe(METRICS_TOKEN);
    expect(
      loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'k'.repeat(40) }).metricsToken,
    ).toBeUndefined();
    expect(() =>
      loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'k'.repeat(40), METRICS_TOKEN: 'short' }),
    ).toThrow(/METRICS_TOKEN/);
  });
});
