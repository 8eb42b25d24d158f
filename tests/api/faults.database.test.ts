import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrations';
import { startFaultProxy, type FaultProxy } from '../support/faultProxy';
import {
  adminQuery,
  createFaultApp,
  createSchema,
  startServerProcess,
  TEST_DATABASE_URL,
  type Answer,
  type FaultApp,
} from '../support/faultApp';
import { summaryBody } from './business.support';
import { databases } from './helpers';

/**
 * The database goes away while the server runs: connections dropped mid-request, a black-holed
 * network, a refused port, a renamed database, CONNECT revoked, a locked SQLite file. The server
 * answers 503 with Retry-After, logs one warning (no stack), never dies, and recovers by itself.
 */

const postgresOnly = databases.filter((kind) => kind === 'postgres');

/** Period n (0, 1, 2, …) → '2001-01', '2001-02', …: distinct periods for distinct writes. */
const period = (n: number) =>
  `${2001 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;

function expectUnavailable(res: Answer) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(res.body).toMatchObject({
    success: false,
    message: 'The system is temporarily unavailable. Please try again later.',
  });
}

function expectOneWarningNoStack(app: FaultApp) {
  const warnings = app.logger.lines.filter(
    (l) => l.level === 'warn' && /database unavailable/.test(l.message),
  );
  expect(warnings).toHaveLength(1);
  expect(app.logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  expect(JSON.stringify(app.logger.lines)).not.toMatch(/\n\s+at /);
}

describe.each(postgresOnly)(
  'a PostgreSQL connection dropped mid-request (%s, real server process)',
  () => {
    let proxy: FaultProxy;
    let schema: string;
    let dataDir: string;
    const appName = `i13_fault_${randomBytes(3).toString('hex')}`;

    beforeAll(async () => {
      proxy = await startFaultProxy('127.0.0.1', Number(new URL(TEST_DATABASE_URL!).port || 5432));
      schema = await createSchema();
      dataDir = mkdtempSync(path.join(tmpdir(), 'i13-proc-'));
    });
    afterAll(async () => {
      await proxy.close();
      await adminQuery(`drop schema if exists ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('terminated backends and TCP resets under write load fail those requests with 503; the process lives and recovers', async () => {
      const url = new URL(proxy.url(TEST_DATABASE_URL!));
      url.searchParams.set('options', `-c search_path=${schema}`);
      url.searchParams.set('application_name', appName);
      const server = await startServerProcess({
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: 'boss@example.com',
        ADMIN_PASSWORD: 'Boss#Secret123',
        JWT_SECRET: randomBytes(32).toString('hex'),
      });
      try {
        const call = async (
          method: string,
          route: string,
          body?: unknown,
          token?: string,
        ): Promise<Answer> => {
          const res = await fetch(server.baseUrl + route, {
            method,
            headers: {
              'content-type': 'application/json',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const text = await res.text();
          return {
            status: res.status,
            headers: res.headers,
            body: text ? JSON.parse(text) : undefined,
          };
        };
        const login = await call('POST', '/api/v1/auth/login', {
          email: 'boss@example.com',
          password: 'Boss#Secret123',
        });
        expect(login.status).toBe(200);
        const token = login.body.data.tokens.access_token;

        let n = 0;
        let created = 0;
        let unavailable = 0;
        for (let round = 0; round < 8; round++) {
          const writes = Array.from({ length: 24 }, () =>
            call('POST', '/api/v1/invoice-summaries', summaryBody(period(n++)), token),
          );
          await new Promise((resolve) => setTimeout(resolve, 5 + round * 3));
          if (round % 2 === 0) {
            await adminQuery(
              `select pg_terminate_backend(pid) from pg_stat_activity where application_name = '${appName}'`,
            );
          } else {
            proxy.reset();
          }
          for (const res of await Promise.all(writes)) {
            expect([201, 503]).toContain(res.status);
            if (res.status === 503) {
              expectUnavailable(res);
              unavailable++;
            } else {
              created++;
            }
          }
          expect(server.alive()).toBe(true);
        }
        // Some requests were hit (else the test proves nothing), and every acknowledged write is stored.
        expect(unavailable).toBeGreaterThan(0);
        const stored = await adminQuery(
          `select count(*)::int as n from ${schema}.invoice_summaries`,
        );
        expect(stored.rows[0].n).toBe(created);
        // Recovered by itself: the next write goes through.
        expect(
          (await call('POST', '/api/v1/invoice-summaries', summaryBody(period(n++)), token)).status,
        ).toBe(201);
        expect(server.alive()).toBe(true);
        expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
      } finally {
        await server.stop();
      }
    });
  },
);

describe.each(postgresOnly)('PostgreSQL behind a faulty network (%s)', () => {
  let proxy: FaultProxy;
  let app: FaultApp;
  let token: string;

  beforeAll(async () => {
    proxy = await startFaultProxy('127.0.0.1', Number(new URL(TEST_DATABASE_URL!).port || 5432));
    app = await createFaultApp('postgres', { appUrl: proxy.url(TEST_DATABASE_URL!) });
    const admin = await app.createUser('admin');
    token = await app.signIn(admin.email);
  });
  afterAll(async () => {
    await app?.close();
    await proxy?.close();
  });

  test('black-holed: requests give up with 503 after the query timeout, every pool slot comes back, and it recovers', async () => {
    app.logger.lines.length = 0;
    // Fill the pool with open connections first, then cut the wire under them.
    const warm = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.request('GET', '/api/v1/menus/user', undefined, { token }),
      ),
    );
    expect(warm.map((r) => r.status)).toEqual(Array(10).fill(200));
    proxy.blackhole();
    const stuck = await Promise.all(
      Array.from({ length: 14 }, () =>
        app.request('GET', '/api/v1/menus/user', undefined, { token }),
      ),
    );
    for (const res of stuck) expectUnavailable(res);
    await proxy.heal();
    // Had any of the 10 slots leaked, these would wait for a slot and fail.
    const after = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.request('GET', '/api/v1/menus/user', undefined, { token }),
      ),
    );
    expect(after.map((r) => r.status)).toEqual(Array(10).fill(200));
    expectOneWarningNoStack(app);
  });

  test('connection refused: 503 with Retry-After and one warning, then back to normal', async () => {
    app.logger.lines.length = 0;
    await proxy.refuse();
    // Let the pool see its idle connections go, so what follows are new connects being refused.
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (let i = 0; i < 5; i++)
      expectUnavailable(await app.request('GET', '/api/v1/menus/user', undefined, { token }));
    expectUnavailable(
      await app.request('POST', '/api/v1/auth/login', {
        email: 'someone@example.com',
        password: 'whatever1',
      }),
    );
    await proxy.heal();
    expect((await app.request('GET', '/api/v1/menus/user', undefined, { token })).status).toBe(200);
    // The warning is per outage window, not per request.
    expect(
      app.logger.lines.filter((l) => l.level === 'warn' && /database unavailable/.test(l.message))
        .length,
    ).toBeLessThanOrEqual(1);
    expect(app.logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });

  test('connections reset mid-stream: 503 for the requests on them, the next request reconnects', async () => {
    await app.request('GET', '/api/v1/menus/user', undefined, { token });
    proxy.reset();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.request('GET', '/api/v1/menus/user', undefined, { token }),
      ),
    );
    for (const res of results) expect([200, 503]).toContain(res.status);
    expect((await app.request('GET', '/api/v1/menus/user', undefined, { token })).status).toBe(200);
    expect(app.logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});

describe.each(postgresOnly)('the PostgreSQL database renamed or CONNECT revoked (%s)', () => {
  const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dbName = `i13_db_${suffix}`;
  const role = `i13_role_${suffix}`;
  let app: FaultApp;
  let token: string;

  const kick = () =>
    adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname in ('${dbName}', '${dbName}_moved') and pid <> pg_backend_pid()`,
    );

  beforeAll(async () => {
    await adminQuery(`create role ${role} login`);
    await adminQuery(`create database ${dbName} owner ${role}`);
    const url = new URL(TEST_DATABASE_URL!);
    url.username = role;
    url.pathname = `/${dbName}`;
    const migrate = openDatabase({ databaseUrl: url.toString() });
    await migrateToLatest(migrate.db, 'postgres');
    await migrate.close();
    app = await createFaultApp('postgres', { ownDatabaseUrl: url.toString() });
    const admin = await app.createUser('admin');
    token = await app.signIn(admin.email);
  });
  afterAll(async () => {
    await app?.close();
    await kick();
    await adminQuery(`drop database if exists ${dbName}`);
    await adminQuery(`drop database if exists ${dbName}_moved`);
    await adminQuery(`drop role if exists ${role}`);
  });

  test('renamed: 503 with Retry-After and one warning; renamed back: answers again', async () => {
    app.logger.lines.length = 0;
    await kick();
    await adminQuery(`alter database ${dbName} rename to ${dbName}_moved`);
    for (let i = 0; i < 3; i++)
      expectUnavailable(await app.request('GET', '/api/v1/menus/user', undefined, { token }));
    await adminQuery(`alter database ${dbName}_moved rename to ${dbName}`);
    expect((await app.request('GET', '/api/v1/menus/user', undefined, { token })).status).toBe(200);
    expectOneWarningNoStack(app);
  });

  test('CONNECT revoked: 503 with Retry-After; granted again: answers again', async () => {
    await kick();
    await adminQuery(`revoke connect on database ${dbName} from public, ${role}`);
    for (let i = 0; i < 3; i++)
      expectUnavailable(await app.request('GET', '/api/v1/menus/user', undefined, { token }));
    await adminQuery(`grant connect on database ${dbName} to ${role}`);
    expect((await app.request('GET', '/api/v1/menus/user', undefined, { token })).status).toBe(200);
    expect(app.logger.lines.filter((l) => l.level === 'error')).toEqual([]);
  });
});

describe('SQLite locked by another writer', () => {
  let app: FaultApp;
  let token: string;
  beforeAll(async () => {
    app = await createFaultApp('sqlite', { sqliteBusyMs: 200 });
    const admin = await app.createUser('admin');
    token = await app.signIn(admin.email);
  });
  afterAll(() => app?.close());

  test('SQLITE_BUSY: 503 with Retry-After and one warning, no stack; lock released: writes again', async () => {
    app.logger.lines.length = 0;
    const other = new SqliteDatabase(path.join(app.dataDir, 'app.db'));
    try {
      other.exec('begin exclusive');
      for (let i = 0; i < 3; i++)
        expectUnavailable(
          await app.request('POST', '/api/v1/invoice-summaries', summaryBody(period(i)), { token }),
        );
      other.exec('commit');
    } finally {
      other.close();
    }
    expect(
      (await app.request('POST', '/api/v1/invoice-summaries', summaryBody(period(0)), { token }))
        .status,
    ).toBe(201);
    expectOneWarningNoStack(app);
  });
});
