import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { createApp, type AppDeps } from '../../src/server/app';
import { createPasswordHasher } from '../../src/server/auth/passwords';
import type { Config } from '../../src/server/config';
import { openDatabase, type DatabaseKind } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrations';
import type { Database, Role } from '../../src/server/db/schema';
import { silentLogger } from '../../src/server/logger';
import type { Mail, Mailer } from '../../src/server/mail/mailer';

/**
 * Every API test file runs once per database:
 *
 *   describe.each(databases)('menus on %s', (kind) => {
 *     const ctx = useTestApp(kind);            // fresh app + database for this file
 *     test('...', async () => { const res = await ctx.post('/api/v1/...', body, { token }); ... });
 *   });
 *
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (each file in its own schema).
 */
export const databases: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export const PASSWORD = 'Secret#123';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Raw body sent as is (for malformed JSON tests). */
  raw?: string;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  role: Role;
  name: string;
  username: string;
}

export interface TestApp {
  kind: DatabaseKind;
  app: ReturnType<typeof createApp>;
  db: Kysely<Database>;
  /** Mails the app sent, newest last. */
  mails: Mail[];
  /** Moves the app's clock (token expiry, rate-limit windows, grace periods). */
  advance(ms: number): void;
  now(): Date;
  request(
    method: string,
    url: string,
    body?: unknown,
    options?: RequestOptions,
  ): Promise<ApiResponse>;
  get(url: string, options?: RequestOptions): Promise<ApiResponse>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse>;
  patch(url: string, body?: unknown, options?: RequestOptions): Promise<ApiResponse>;
  delete(url: string, options?: RequestOptions): Promise<ApiResponse>;
  createUser(
    kind: 'admin' | 'staff' | 'unverified',
    overrides?: Partial<Pick<TestUser, 'email' | 'password' | 'name'>>,
  ): Promise<TestUser>;
  /** Signs in through the API; returns both tokens. */
  signIn(
    user: Pick<TestUser, 'email' | 'password'>,
  ): Promise<{ access_token: string; refresh_token: string }>;
  /** createUser + signIn. */
  signedIn(
    kind: 'admin' | 'staff',
    overrides?: Partial<Pick<TestUser, 'email' | 'password' | 'name'>>,
  ): Promise<TestUser & { token: string; refreshToken: string }>;
  count(table: keyof Database): Promise<number>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  distDir?: string | null;
  deps?: Partial<AppDeps>;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** Inserts a user row directly (no API), its password hashed as the app checks it; returns its id. */
export async function insertUser(
  db: Kysely<Database>,
  hasher: ReturnType<typeof createPasswordHasher>,
  user: {
    name: string;
    username: string;
    email: string;
    password: string;
    role: Role;
    verified: boolean;
    stamp: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      name: user.name,
      username: user.username,
      email: user.email,
      password_hash: await hasher.hash(user.password),
      role: user.role,
      is_verified: user.verified ? 1 : 0,
      profile_image: null,
      profile_image_type: null,
      created_at: user.stamp,
      updated_at: user.stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The server's configuration for a test app (also the fault tests' in tests/support/faultApp.ts). */
export function testConfig(dataDir: string): Config {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString('hex'),
    adminEmail: 'admin@example.com',
    adminPassword: undefined,
    smtpUrl: undefined,
    mailFrom: 'test@example.com',
    publicUrl: 'http://app.test',
    logLevel: 'error',
    accessTokenTtlSeconds: 15 * 60,
    refreshTokenTtlSeconds: 30 * 24 * 3600,
    // Tests choose the caller's IP with X-Forwarded-For.
    trustProxy: true,
    liveReloadOrigin: undefined,
  };
}

export async function createTestApp(
  kind: DatabaseKind,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'di-api-'));
  let schema: string | undefined;
  let handle;
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    handle = openDatabase({ databaseUrl: url, searchPath: schema });
  } else {
    handle = openDatabase({ dataDir });
  }
  await migrateToLatest(handle.db, handle.kind);

  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const passwordHasher = createPasswordHasher('test');
  const app = createApp({
    db: handle.db,
    config: testConfig(dataDir),
    mailer,
    logger: silentLogger,
    now,
    passwordHasher,
    distDir: options.distDir ?? null,
    ...options.deps,
  });

  const request: TestApp['request'] = async (method, url, body, opts = {}) => {
    const headers: Record<string, string> = { 'x-forwarded-for': '10.0.0.1', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined = opts.raw;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (
      payload !== undefined &&
      !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')
    ) {
      headers['content-type'] = 'application/json';
    }
    const res = await app.request(url, { method, headers, body: payload });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // non-JSON answers (static files) stay text
    }
    return { status: res.status, headers: res.headers, body: parsed as any, text };
  };

  const ctx: TestApp = {
    kind,
    app,
    db: handle.db,
    mails,
    advance: (ms) => {
      offset += ms;
    },
    now,
    request,
    get: (url, o) => request('GET', url, undefined, o),
    post: (url, body, o) => request('POST', url, body, o),
    put: (url, body, o) => request('PUT', url, body, o),
    patch: (url, body, o) => request('PATCH', url, body, o),
    delete: (url, o) => request('DELETE', url, undefined, o),
    async createUser(userKind, overrides = {}) {
      const email = (overrides.email ?? uniqueEmail(userKind)).toLowerCase();
      const password = overrides.password ?? PASSWORD;
      const name = overrides.name ?? `${userKind[0].toUpperCase()}${userKind.slice(1)} User`;
      const username = email.split('@')[0].replace(/[^a-z0-9._-]/g, '');
      const role: Role = userKind === 'admin' ? 'admin' : 'staff';
      const id = await insertUser(handle.db, passwordHasher, {
        name,
        username,
        email,
        password,
        role,
        verified: userKind !== 'unverified',
        stamp: now().toISOString(),
      });
      return { id, email, password, role, name, username };
    },
    async signIn(user) {
      const res = await request('POST', '/api/v1/auth/login', {
        email: user.email,
        password: user.password,
      });
      if (res.status !== 200)
        throw new Error(`sign-in of ${user.email} failed: ${res.status} ${res.text}`);
      return res.body.data.tokens;
    },
    async signedIn(userKind, overrides) {
      const user = await ctx.createUser(userKind, overrides);
      const tokens = await ctx.signIn(user);
      return { ...user, token: tokens.access_token, refreshToken: tokens.refresh_token };
    },
    async count(table) {
      const row = await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async close() {
      // A test may have destroyed the connection on purpose; the schema and folder still go.
      await handle.close().catch(() => {});
      if (schema) {
        const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return ctx;
}

/**
 * Inside a describe: a fresh app for the block (beforeAll), closed afterwards. The returned object
 * forwards to the current TestApp, so it can be captured at describe time.
 */
export function useTestApp(kind: DatabaseKind, options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(kind, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_target, key) {
      if (!current) throw new Error('useTestApp: the app exists only inside tests and hooks');
      const value = (current as any)[key];
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}
