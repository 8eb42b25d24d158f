// Several nodes: two real server processes (node src/server/main.ts) behind no proxy at all, each
// with its own DATA_DIR, sharing what the README says they must share. On PostgreSQL (when
// TEST_DATABASE_URL is set, like every PostgreSQL test) they share one fresh database and the
// JWT_SECRET; without it, the one thing that can be shown on SQLite is why a shared database is needed.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REFRESH_GRACE_SECONDS } from '../../src/server/auth/sessions';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  JWT_SECRET,
  startNode,
  stopNode,
  type Node,
} from '../support/serverProcess';

async function signIn(node: Node, password = ADMIN_PASSWORD) {
  return call(node, 'POST', '/api/v1/auth/login', { email: ADMIN_EMAIL, password });
}

async function waitForStatus(
  node: Node,
  route: string,
  status: number,
  timeoutMs = 20_000,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    last = (await call(node, 'GET', route)).status;
    if (last === status) return last;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return last;
}

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

if (testDatabaseUrl) {
  describe('two nodes on one PostgreSQL database', () => {
    const database = `i14_twonode_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const nodeUrl = new URL(testDatabaseUrl);
    nodeUrl.pathname = `/${database}`;
    let a: Node | undefined;
    let b: Node | undefined;

    const admin = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
      const client = new pg.Client({ connectionString: testDatabaseUrl });
      await client.connect();
      try {
        return await fn(client);
      } finally {
        await client.end();
      }
    };

    beforeAll(async () => {
      await admin((client) => client.query(`create database ${database}`));
      const env = { DATABASE_URL: nodeUrl.toString(), JWT_SECRET };
      // One after the other: the first migrates and creates the administrator.
      a = await startNode('a', env);
      b = await startNode('b', env);
    });

    afterAll(async () => {
      await Promise.all([stopNode(a), stopNode(b)]);
      await admin(async (client) => {
        await client.query(`alter database ${database} with allow_connections true`);
        await client.query(`drop database if exists ${database} with (force)`);
      });
    });

    test('an access token from node A works on node B', async () => {
      const login = await signIn(a!);
      expect(login.status).toBe(200);
      const token = login.body.data.tokens.access_token;
      const menus = await call(b!, 'GET', '/api/v1/menus/user', undefined, token);
      expect(menus.status).toBe(200);
      expect(menus.body.success).toBe(true);
    });

    test('a refresh on B rotates the token; reusing the old one on A is refused and ends the session', async () => {
      const login = await signIn(a!);
      const old = login.body.data.tokens.refresh_token;
      const rotated = await call(b!, 'POST', '/api/v1/auth/refresh', { refresh_token: old });
      expect(rotated.status).toBe(200);
      const fresh = rotated.body.data.refresh_token;
      expect(fresh).not.toBe(old);
      expect(
        (await call(a!, 'GET', '/api/v1/menus/user', undefined, rotated.body.data.access_token))
          .status,
      ).toBe(200);

      // Two tabs refreshing at once may present the old token for REFRESH_GRACE_SECONDS (10 s);
      // after that, the old token coming back means a stolen copy.
      await new Promise((resolve) => setTimeout(resolve, (REFRESH_GRACE_SECONDS + 1) * 1000));
      const reuse = await call(a!, 'POST', '/api/v1/auth/refresh', { refresh_token: old });
      expect(reuse.status).toBe(401);
      expect(reuse.body.success).toBe(false);
      // The whole session ended, on both nodes: B's fresh tokens no longer work either.
      expect(
        (await call(b!, 'POST', '/api/v1/auth/refresh', { refresh_token: fresh })).status,
      ).toBe(401);
      expect(
        (await call(b!, 'GET', '/api/v1/menus/user', undefined, rotated.body.data.access_token))
          .status,
      ).toBe(401);
    });

    test('sign-in limits count across both nodes', async () => {
      // 5 wrong passwords per e-mail are allowed in 15 minutes, spread over A and B here.
      for (const node of [a!, b!, a!, b!, a!]) {
        expect((await signIn(node, 'wrong-password')).status).toBe(401);
      }
      const blockedOnB = await signIn(b!);
      expect(blockedOnB.status).toBe(429);
      const blockedOnA = await signIn(a!);
      expect(blockedOnA.status).toBe(429);
      // Let the other tests sign in again.
      const direct = new pg.Client({ connectionString: nodeUrl.toString() });
      await direct.connect();
      await direct.query('delete from rate_limits');
      await direct.end();
    });

    test('both /readyz go 503 while the database refuses connections, and 200 after', async () => {
      expect((await call(a!, 'GET', '/readyz')).status).toBe(200);
      expect((await call(b!, 'GET', '/readyz')).status).toBe(200);
      await admin(async (client) => {
        await client.query(`alter database ${database} with allow_connections false`);
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [database],
        );
      });
      try {
        expect(await waitForStatus(a!, '/readyz', 503)).toBe(503);
        expect(await waitForStatus(b!, '/readyz', 503)).toBe(503);
        // Liveness never asks the database.
        expect((await call(a!, 'GET', '/healthz')).status).toBe(200);
      } finally {
        await admin((client) =>
          client.query(`alter database ${database} with allow_connections true`),
        );
      }
      expect(await waitForStatus(a!, '/readyz', 200)).toBe(200);
      expect(await waitForStatus(b!, '/readyz', 200)).toBe(200);
      expect((await signIn(b!)).status).toBe(200);
    });
  });
}

describe('two nodes that do not share a database', () => {
  let a: Node | undefined;
  let b: Node | undefined;
  beforeAll(async () => {
    // Same JWT_SECRET, but each on its own SQLite file in its own DATA_DIR.
    [a, b] = await Promise.all([
      startNode('sqlite-a', { JWT_SECRET }),
      startNode('sqlite-b', { JWT_SECRET }),
    ]);
  });
  afterAll(() => Promise.all([stopNode(a), stopNode(b)]));

  test("do not share sessions: A's token is refused by B even with the same JWT_SECRET", async () => {
    const login = await signIn(a!);
    expect(login.status).toBe(200);
    const token = login.body.data.tokens.access_token;
    expect((await call(a!, 'GET', '/api/v1/menus/user', undefined, token)).status).toBe(200);
    const onB = await call(b!, 'GET', '/api/v1/menus/user', undefined, token);
    expect(onB.status).toBe(401);
    expect(onB.body.success).toBe(false);
  });
});
