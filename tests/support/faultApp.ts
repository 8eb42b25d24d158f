import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { createApp, type AppDeps } from '../../src/server/app';
import { createPasswordHasher } from '../../src/server/auth/passwords';
import {
  openDatabase,
  type DatabaseHandle,
  type DatabaseKind,
  type PoolSettings,
} from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrations';
import type { Logger } from '../../src/server/logger';
import { insertUser, PASSWORD, testConfig, uniqueEmail } from '../api/helpers';

/**
 * The fault suite's app: like tests/api/helpers.ts, but its PostgreSQL pool may go through a
 * fault proxy with short timeouts, it can listen on a real socket, and its log is kept.
 */

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Timeouts short enough for tests (seconds, not minutes). */
export const SHORT_POOL: Partial<PoolSettings> = {
  connectMs: 1_500,
  queryMs: 1_500,
  idleMs: 5_000,
  keepAliveMs: 500,
};

export async function adminQuery(text: string, url = TEST_DATABASE_URL): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createSchema(): Promise<string> {
  const schema = `i13_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create schema ${schema}`);
  return schema;
}

export interface LogLine {
  level: 'error' | 'warn' | 'info' | 'debug';
  message: string;
  extra?: Record<string, unknown>;
}

export function capturingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (message: string, extra?: Record<string, unknown>) => {
    lines.push({ level, message, extra });
  };
  return { lines, error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

export interface FaultAppOptions {
  /** PostgreSQL URL the app's pool uses (e.g. through the fault proxy); default TEST_DATABASE_URL. */
  appUrl?: string;
  /** A PostgreSQL database of the test's own (already migrated): no schema is created. */
  ownDatabaseUrl?: string;
  pool?: Partial<PoolSettings>;
  deps?: Partial<AppDeps>;
  sqliteBusyMs?: number;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

export interface FaultApp {
  kind: DatabaseKind;
  handle: DatabaseHandle;
  /** A direct (unproxied) handle on the same database, for checks. */
  direct: DatabaseHandle;
  dataDir: string;
  schema?: string;
  logger: ReturnType<typeof capturingLogger>;
  app: ReturnType<typeof createApp>;
  request(
    method: string,
    url: string,
    body?: unknown,
    options?: { token?: string; ip?: string; headers?: Record<string, string> },
  ): Promise<Answer>;
  createUser(
    role: 'admin' | 'staff',
    email?: string,
  ): Promise<{ id: number; email: string; password: string }>;
  signIn(email: string, password?: string): Promise<string>;
  /** Listens on 127.0.0.1 (ephemeral port); resolves to the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function createFaultApp(
  kind: DatabaseKind,
  options: FaultAppOptions = {},
): Promise<FaultApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'i13-faults-'));
  let schema: string | undefined;
  let handle: DatabaseHandle;
  let direct: DatabaseHandle;
  if (options.ownDatabaseUrl) {
    direct = openDatabase({ databaseUrl: options.ownDatabaseUrl });
    handle = openDatabase({
      databaseUrl: options.ownDatabaseUrl,
      pool: { ...SHORT_POOL, ...options.pool },
    });
  } else if (kind === 'postgres') {
    if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
    schema = await createSchema();
    direct = openDatabase({ databaseUrl: TEST_DATABASE_URL, searchPath: schema });
    await migrateToLatest(direct.db, 'postgres');
    handle = openDatabase({
      databaseUrl: options.appUrl ?? TEST_DATABASE_URL,
      searchPath: schema,
      pool: { ...SHORT_POOL, ...options.pool },
    });
  } else {
    handle = openDatabase({ dataDir, sqliteBusyMs: options.sqliteBusyMs ?? 300 });
    await migrateToLatest(handle.db, 'sqlite');
    direct = handle;
  }
  const logger = capturingLogger();
  const passwordHasher = createPasswordHasher('test');
  const app = createApp({
    db: handle.db,
    config: testConfig(dataDir),
    mailer: { send: async () => {} },
    logger,
    passwordHasher,
    distDir: null,
    ...options.deps,
  });
  let server: ReturnType<typeof serve> | undefined;

  const request: FaultApp['request'] = async (method, url, body, opts = {}) => {
    const headers: Record<string, string> = {
      'x-forwarded-for': opts.ip ?? '10.0.0.1',
      ...opts.headers,
    };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (body !== undefined && !headers['content-type'])
      headers['content-type'] = 'application/json';
    const res = await app.request(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, headers: res.headers, body: parsed };
  };

  const ctx: FaultApp = {
    kind,
    handle,
    direct,
    dataDir,
    schema,
    logger,
    app,
    request,
    async createUser(role, email = uniqueEmail(role)) {
      const id = await insertUser(direct.db, passwordHasher, {
        name: `${role} user`,
        username: email.split('@')[0].replace(/[^a-z0-9._-]/g, ''),
        email,
        password: PASSWORD,
        role,
        verified: true,
        stamp: new Date().toISOString(),
      });
      return { id, email, password: PASSWORD };
    },
    async signIn(email, password = PASSWORD) {
      const res = await request(
        'POST',
        '/api/v1/auth/login',
        { email, password },
        { ip: `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}` },
      );
      if (res.status !== 200)
        throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.tokens.access_token;
    },
    async listen() {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
      await new Promise<void>((resolve) =>
        server!.listening ? resolve() : server!.once('listening', () => resolve()),
      );
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      if (server) {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        await new Promise((resolve) => server!.close(resolve));
      }
      await handle.close().catch(() => {});
      if (direct !== handle) await direct.close().catch(() => {});
      if (schema) await adminQuery(`drop schema if exists ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ctx;
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  stop(): Promise<void>;
}

/** `node --import tsx src/server/main.ts` (what `npm start` runs) with this environment. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve((exitInfo = { code, signal }))),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
    setTimeout(() => reject(new Error(`server did not start in 20 s:\n${output}`)), 20_000).unref();
  });
  return {
    child,
    baseUrl,
    output: () => output,
    exited,
    alive: () => exitInfo === undefined,
    async stop() {
      if (exitInfo === undefined) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
