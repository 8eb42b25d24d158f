// Bench: API latency under a fixed load, beside a floor measured in the same run, on SQLite and
// (when BENCH_DATABASE_URL or TEST_DATABASE_URL is set) on PostgreSQL.
// The real server (createApp with its pino request log serialising every line, 60 summaries, 30
// users) and the floor run in a child process; autocannon loads them from this process over loopback.
// The floor is a bare node:http handler doing the same essential work as each authenticated route:
// verify the same JWT with jose (remembering verified token strings by SHA-256, as the server does),
// read the same session row, check the same menu grant, run the same SQL (compiled from the routes'
// own query builders, prepared once) and answer the same JSON envelope. Figures, not pass/fail.
// Run: node --import tsx tests/bench/api.ts   (BENCH_SECONDS=5 to shorten the default 30 s)
import { fork, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

const CHILD_FLAG = '--api-bench-servers';
const SUMMARY_COUNT = 60;
const USER_COUNT = 30;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };
const JWT_SECRET = 'b'.repeat(48);
export const RATIO_GOAL = 1.5;
const ENDPOINTS = ['/api/v1/menus/user', '/api/v1/invoice-summaries?limit=50', '/api/v1/users'];

type Engine = 'sqlite' | 'postgres';

interface Ports {
  app: number;
  floor: number;
}

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
}

export interface ApiBenchRow {
  engine: Engine;
  endpoint: string;
  api: Figures;
  floor: Figures;
  /** api p99 / floor p99; the goal is ≤ RATIO_GOAL. */
  p99Ratio: number;
}

// ---------------------------------------------------------------- child: the two servers

/** Compiles a query once with marker arguments; each call binds fresh values in their slots. */
function prepare<A extends unknown[]>(
  build: (...args: A) => { compile(): { sql: string; parameters: readonly unknown[] } },
  arity: number,
) {
  const markers = Array.from({ length: arity }, (_, i) => `\u0000bench-${i}\u0000`);
  const { sql, parameters } = build(...(markers as unknown as A)).compile();
  const slots = parameters.map((value) => markers.indexOf(value as string));
  return {
    sql,
    bind: (...args: A) => parameters.map((value, i) => (slots[i] >= 0 ? args[slots[i]] : value)),
  };
}

export async function startServers(
  dir: string,
  engine: Engine,
  databaseUrl?: string,
  schema?: string,
): Promise<Ports> {
  const [
    { serve },
    { default: Sqlite },
    { createApp },
    { loadConfig },
    { openDatabase },
    { migrateToLatest },
    { createPasswordHasher },
    { createLogger },
  ] = await Promise.all([
    import('@hono/node-server'),
    import('better-sqlite3'),
    import('../../src/server/app'),
    import('../../src/server/config'),
    import('../../src/server/db/connection'),
    import('../../src/server/db/migrations'),
    import('../../src/server/auth/passwords'),
    import('../../src/server/logger'),
  ]);
  const file = path.join(dir, 'app.db');
  const { db } =
    engine === 'postgres'
      ? openDatabase({ databaseUrl, searchPath: schema })
      : openDatabase({ sqliteFile: file });
  await migrateToLatest(db, engine);
  const hasher = createPasswordHasher('test');
  const stamp = new Date().toISOString();
  const admin = await db
    .insertInto('users')
    .values({
      name: 'Bench Admin',
      username: 'benchadmin',
      email: ADMIN.email,
      password_hash: await hasher.hash(ADMIN.password),
      role: 'admin',
      is_verified: 1,
      profile_image: null,
      profile_image_type: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const staffHash = await hasher.hash('staff-password-1');
  for (let i = 0; i < USER_COUNT; i++) {
    await db
      .insertInto('users')
      .values({
        name: `Staff ${i}`,
        username: `staff${i}`,
        email: `staff${i}@example.com`,
        password_hash: staffHash,
        role: 'staff',
        is_verified: i % 5 === 0 ? 0 : 1,
        profile_image: null,
        profile_image_type: null,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }
  for (let i = 0; i < SUMMARY_COUNT; i++) {
    const period = `${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
    const total = 1000 + i * 37;
    await db
      .insertInto('invoice_summaries')
      .values({
        invoice_period: period,
        number_of_active_customer: 500 + i,
        number_of_total_transaction: total,
        amount_of_total_transaction: 150_000_000 + i * 1_000_000,
        amount_of_local_voice_transaction: 40_000_000 + i * 1000,
        amount_of_hp_local_voice_transaction: 30_000_000 + i * 1000,
        amount_of_voice_sljj_transaction: 20_000_000 + i * 1000,
        amount_of_hp_voice_sljj_transaction: 10_000_000 + i * 1000,
        amount_of_voice_sli_transaction: 5_000_000 + i * 1000,
        number_of_usage_transaction: total,
        number_of_verified_invoice: Math.floor(total * 0.8),
        number_of_generated_invoice: Math.floor(total * 0.6),
        number_of_delivered_invoice: Math.floor(total * 0.4),
        number_of_uploaded_tax_invoice: Math.floor(total * 0.2),
        url_shared_file_draft_invoice: `https://drive.example.com/draft/${period}`,
        created_by: admin.id,
        updated_by: admin.id,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }

  const config = loadConfig({
    DATA_DIR: dir,
    JWT_SECRET,
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  // The production logger: every request line is built and serialised by pino, then discarded.
  const logger = createLogger('info', { format: 'json', destination: { write() {} } });
  const app = createApp({
    db,
    config,
    mailer: { send: async () => {} },
    logger,
    passwordHasher: hasher,
    distDir: null,
  });
  const appServer = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => appServer.once('listening', resolve));

  const floor = await startFloor(
    db,
    engine === 'postgres' ? { databaseUrl: databaseUrl!, schema: schema! } : { file, Sqlite },
  );
  return { app: (appServer.address() as AddressInfo).port, floor };
}

/** The floor: node:http, jose, the raw driver and the routes' own SQL; nothing of Hono, Kysely or the middleware stack. */
async function startFloor(
  db: import('kysely').Kysely<import('../../src/server/db/schema').Database>,
  target:
    | { databaseUrl: string; schema: string }
    | { file: string; Sqlite: typeof import('better-sqlite3') },
): Promise<number> {
  const [
    { jwtVerify },
    { userMenusQuery, MENU_MESSAGES },
    { summaryPageQuery, parseSummaryListQuery },
    { parsePage, paginationOf },
    { PUBLIC_USER_COLUMNS, toPublicUser },
    { MENU_DASHBOARD, MENU_USER_MANAGEMENT },
    { JWT_AUDIENCE, JWT_ISSUER },
  ] = await Promise.all([
    import('jose'),
    import('../../src/server/routes/menus'),
    import('../../src/server/routes/invoiceSummaries.queries'),
    import('../../src/server/pagination'),
    import('../../src/server/auth/userView'),
    import('../../src/domain/users/menu'),
    import('../../src/server/auth/tokens'),
  ]);

  // The raw driver: prepared statements by SQL text on SQLite; the same pool size on PostgreSQL.
  let run: (sql: string, parameters: unknown[]) => Promise<any[]>;
  if ('file' in target) {
    const raw = new target.Sqlite(target.file, { readonly: true });
    const statements = new Map<string, import('better-sqlite3').Statement>();
    run = async (sql, parameters) => {
      let statement = statements.get(sql);
      if (!statement) statements.set(sql, (statement = raw.prepare(sql)));
      return statement.all(...parameters);
    };
  } else {
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: 10,
      options: `-c search_path=${target.schema}`,
    });
    run = async (sql, parameters) => (await pool.query(sql, parameters)).rows;
  }

  const session = prepare(
    (userId: number, sessionId: string, nowIso: string) =>
      db
        .selectFrom('users')
        .innerJoin('refresh_tokens', 'refresh_tokens.user_id', 'users.id')
        .select(PUBLIC_USER_COLUMNS.map((column) => `users.${column}` as const))
        .where('users.id', '=', userId)
        .where('refresh_tokens.family_id', '=', sessionId)
        .where('refresh_tokens.revoked_at', 'is', null)
        .where('refresh_tokens.expires_at', '>', nowIso)
        .limit(1),
    3,
  );
  const grant = prepare(
    (role: string, menuName: string) =>
      db
        .selectFrom('role_menus')
        .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
        .select('menus.id')
        .where('role_menus.role', '=', role as 'admin')
        .where('menus.name', '=', menuName)
        .where('menus.active', '=', 1)
        .limit(1),
    2,
  );
  const menus = prepare((role: string) => userMenusQuery(db, role as 'admin'), 1);
  const summaryPage = parsePage({ limit: '50' });
  const summaries = summaryPageQuery(db, parseSummaryListQuery({}), summaryPage).compile();
  const usersPage = parsePage({});
  const users = db
    .selectFrom('users')
    .select(PUBLIC_USER_COLUMNS)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(usersPage.limit)
    .offset(usersPage.offset)
    .compile();
  const usersCount = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .compile();

  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(JWT_SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const verified = new Map<string, { userId: number; sessionId: string; exp: number }>();
  const verify = async (token: string) => {
    const digest = createHash('sha256').update(token, 'utf8').digest('hex');
    const known = verified.get(digest);
    if (known) return known.exp > Date.now() / 1000 ? known : null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat', 'sid'],
      });
      if (payload.typ !== 'access' || typeof payload.sid !== 'string') return null;
      const claims = { userId: Number(payload.sub), sessionId: payload.sid, exp: payload.exp! };
      verified.set(digest, claims);
      return claims;
    } catch {
      return null;
    }
  };
  const send = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    try {
      const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
      const claims = token ? await verify(token) : null;
      if (!claims) return send(res, 401, { success: false, message: 'Authentication required' });
      const [row] = await run(
        session.sql,
        session.bind(claims.userId, claims.sessionId, new Date().toISOString()),
      );
      if (!row || row.is_verified !== 1)
        return send(res, 401, { success: false, message: 'Invalid token' });
      const user = toPublicUser(row);
      const url = new URL(req.url ?? '/', 'http://floor');
      if (url.pathname === '/api/v1/menus/user') {
        const rows = await run(menus.sql, menus.bind(user.role));
        const views: any[] = [];
        for (const { role_name, ...menu } of rows) {
          const last = views.at(-1);
          if (last?.id === menu.id) last.roles.push(role_name);
          else
            views.push({
              id: menu.id,
              name: menu.name,
              path: menu.path,
              icon: menu.icon,
              order: menu.order,
              parent_id: menu.parent_id,
              active: menu.active === 1,
              roles: [role_name],
            });
        }
        return send(res, 200, { success: true, data: views, message: MENU_MESSAGES.userList });
      }
      const menuName = url.pathname === '/api/v1/users' ? MENU_USER_MANAGEMENT : MENU_DASHBOARD;
      if ((await run(grant.sql, grant.bind(user.role, menuName))).length === 0)
        return send(res, 403, { success: false });
      if (url.pathname === '/api/v1/users') {
        const [rows, [count]] = await Promise.all([
          run(users.sql, [...users.parameters]),
          run(usersCount.sql, [...usersCount.parameters]),
        ]);
        return send(res, 200, {
          success: true,
          data: {
            users: rows.map(toPublicUser),
            pagination: paginationOf(usersPage, Number(count.total)),
          },
        });
      }
      const rows = await run(summaries.sql, [...summaries.parameters]);
      const total = rows.length ? Number(rows[0].total_count) : 0;
      const list = rows.map(({ total_count: _total, ...summary }) => summary);
      return send(res, 200, {
        success: true,
        data: { summaries: list, pagination: paginationOf(summaryPage, total) },
      });
    } catch (error) {
      send(res, 500, { success: false, message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

// ---------------------------------------------------------------- parent: load and report

type Autocannon = (
  opts: object,
  cb: (err: Error | null, result: any) => void,
) => {
  on(
    event: 'response',
    fn: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void;
};

/** One slice of fixed load; every response time is kept (sub-millisecond), not only autocannon's integer histogram. */
async function slice(
  url: string,
  seconds: number,
  headers: Record<string, string>,
  into: Sample,
): Promise<void> {
  const { default: autocannon } = (await import('autocannon' as string)) as { default: Autocannon };
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: 10, duration: seconds, headers },
      (err, result) => {
        if (err) return reject(err);
        into.errors += result.errors + result.timeouts;
        into.non2xx += result.non2xx;
        into.seconds += seconds;
        resolve();
      },
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) into.latencies.push(ms);
    });
  });
}

interface Sample {
  latencies: number[];
  errors: number;
  non2xx: number;
  seconds: number;
}

const emptySample = (): Sample => ({ latencies: [], errors: 0, non2xx: 0, seconds: 0 });

function figures(sample: Sample): Figures {
  const sorted = [...sample.latencies].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    p50: at(0.5),
    p99: at(0.99),
    rps: sample.latencies.length / sample.seconds,
    errors: sample.errors,
    non2xx: sample.non2xx,
  };
}

async function signIn(appPort: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${appPort}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as {
    data?: { tokens?: { access_token?: string; accessToken?: string } };
  };
  const token = body.data?.tokens?.access_token ?? body.data?.tokens?.accessToken;
  if (!token) throw new Error(`bench sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return token;
}

function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; ports: Ports }> {
  const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], {
    // The young generation npm start gives the server (package.json); the floor shares the process.
    execArgv: ['--import', 'tsx', '--max-semi-space-size=32'],
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return new Promise((resolve, reject) => {
    child.once('message', (ports) => resolve({ child, ports: ports as Ports }));
    child.once('exit', (code) => reject(new Error(`bench servers exited early (${code})`)));
  });
}

export function apiBenchReport(rows: ApiBenchRow[], seconds: number): string[] {
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  const rps = (v: number) => `${Math.round(v)}`.padStart(7);
  const lines = [
    `API latency under load (autocannon, 10 connections, ${seconds} s each for API and floor in alternating slices, loopback)`,
    'floor = bare node:http handler doing the same work: jose JWT check, session row, menu grant, the same SQL, JSON envelope',
    `${'engine'.padEnd(8)} ${'endpoint'.padEnd(40)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'req/s'.padStart(7)} | ${'floor p50'.padStart(10)} ${'floor p99'.padStart(10)} ${'req/s'.padStart(7)} | p99/floor`,
  ];
  for (const r of rows) {
    const goal =
      r.p99Ratio <= RATIO_GOAL ? `goal met (≤ ${RATIO_GOAL}×)` : `GOAL MISSED (> ${RATIO_GOAL}×)`;
    const errs = r.api.errors + r.api.non2xx + r.floor.errors + r.floor.non2xx;
    lines.push(
      `${r.engine.padEnd(8)} ${r.endpoint.padEnd(40)} ${ms(r.api.p50)} ${ms(r.api.p99)} ${rps(r.api.rps)} | ${ms(r.floor.p50)} ${ms(r.floor.p99)} ${rps(r.floor.rps)} | ${r.p99Ratio.toFixed(2)}× ${goal}${errs ? ` (${errs} errors/non-2xx!)` : ''}`,
    );
  }
  lines.push(`Goal: p99 within ${RATIO_GOAL}× of the floor.`);
  return lines;
}

async function benchEngine(
  engine: Engine,
  seconds: number,
  env: Record<string, string>,
): Promise<ApiBenchRow[]> {
  const { child, ports } = await startChild({ BENCH_ENGINE: engine, ...env });
  try {
    const token = await signIn(ports.app);
    const auth = { authorization: `Bearer ${token}` };
    const rows: ApiBenchRow[] = [];
    // The machine may be shared: API and floor take turns in short slices, so drifting background
    // load falls on both alike instead of on whichever ran second.
    const sliceSeconds = seconds >= 10 ? 2 : 1;
    const rounds = Math.max(1, Math.round(seconds / sliceSeconds));
    for (const endpoint of ENDPOINTS) {
      const floorUrl = `http://127.0.0.1:${ports.floor}${endpoint}`;
      const apiUrl = `http://127.0.0.1:${ports.app}${endpoint}`;
      // One second of warm-up each (JIT, statement caches, pool), not measured.
      await slice(floorUrl, 1, auth, emptySample());
      await slice(apiUrl, 1, auth, emptySample());
      const floor = emptySample();
      const api = emptySample();
      for (let round = 0; round < rounds; round++) {
        await slice(floorUrl, sliceSeconds, auth, floor);
        await slice(apiUrl, sliceSeconds, auth, api);
      }
      const apiFigures = figures(api);
      const floorFigures = figures(floor);
      rows.push({
        engine,
        endpoint: `GET ${endpoint}`,
        api: apiFigures,
        floor: floorFigures,
        p99Ratio: apiFigures.p99 / floorFigures.p99,
      });
    }
    return rows;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

export async function runApiBench(
  seconds = Number(process.env.BENCH_SECONDS) || 30,
): Promise<ApiBenchRow[]> {
  const rows = await benchEngine('sqlite', seconds, {});
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    // A schema of its own in that database, dropped afterwards.
    const schema = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    try {
      rows.push(
        ...(await benchEngine('postgres', seconds, {
          BENCH_DATABASE_URL: databaseUrl,
          BENCH_SCHEMA: schema,
        })),
      );
    } finally {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }
  for (const line of apiBenchReport(rows, seconds)) console.log(line);
  if (!databaseUrl)
    console.log(
      'PostgreSQL not measured: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a database this bench may add a schema to.',
    );
  return rows;
}

const invokedDirectly =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly && process.argv.includes(CHILD_FLAG)) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  process.on('exit', cleanup);
  process.on('SIGTERM', () => process.exit(0));
  const engine = (process.env.BENCH_ENGINE as Engine) || 'sqlite';
  startServers(dir, engine, process.env.BENCH_DATABASE_URL, process.env.BENCH_SCHEMA).then(
    (ports) => process.send?.(ports),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
} else if (invokedDirectly) {
  runApiBench().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
