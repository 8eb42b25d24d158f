// Bench: API latency under a fixed load, beside a floor measured in the same run.
// The real server (createApp on a temporary SQLite database with 60 summaries) and a bare
// node:http + better-sqlite3 handler answering the same queries run in a child process; autocannon
// loads them from this process over loopback. Figures, not pass/fail.
// Run: node --import tsx tests/bench/api.ts   (BENCH_SECONDS=5 to shorten the default 30 s)
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CHILD_FLAG = '--api-bench-servers';
const SUMMARY_COUNT = 60;
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };

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
  endpoint: string;
  api: Figures;
  floor: Figures;
  /** api p99 / floor p99; the goal is ≤ 2. */
  p99Ratio: number;
}

// ---------------------------------------------------------------- child: the two servers

export async function startServers(dir: string): Promise<Ports> {
  const [{ serve }, { default: Sqlite }, { createApp }, { loadConfig }, { openDatabase }, { migrateToLatest }, { createPasswordHasher }, { silentLogger }] =
    await Promise.all([
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
  const { db } = openDatabase({ sqliteFile: file });
  await migrateToLatest(db, 'sqlite');
  const hasher = createPasswordHasher('test');
  const stamp = new Date().toISOString();
  const admin = await db
    .insertInto('users')
    .values({
      name: 'Bench Admin', username: 'benchadmin', email: ADMIN.email, password_hash: await hasher.hash(ADMIN.password),
      role: 'admin', is_verified: 1, profile_image: null, profile_image_type: null, created_at: stamp, updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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

  const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'b'.repeat(48), LOG_LEVEL: 'error', HOST: '127.0.0.1', PORT: '0' });
  const app = createApp({ db, config, mailer: { send: async () => {} }, logger: silentLogger, passwordHasher: hasher, distDir: null });
  const appServer = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => appServer.once('listening', resolve));

  // The floor: the very SQL the routes run (compiled from their own query builders), prepared
  // once on a plain better-sqlite3 handle and answered with JSON.stringify and nothing else.
  // The API side additionally does everything a real request does (JWT, session and menu checks).
  const { userMenusQuery } = await import('../../src/server/routes/menus');
  const { summaryPageQuery, parseSummaryListQuery } = await import('../../src/server/routes/invoiceSummaries.queries');
  const { parsePage } = await import('../../src/server/pagination');
  const raw = new Sqlite(file, { readonly: true });
  const summaryPages = new Map<string, { run: () => unknown[]; limit: number }>();
  const summaryPage = (limit: string) => {
    let page = summaryPages.get(limit);
    if (!page) {
      const request = parsePage({ limit });
      const compiled = summaryPageQuery(db, parseSummaryListQuery({}), request).compile();
      const statement = raw.prepare(compiled.sql);
      page = { run: () => statement.all(...compiled.parameters), limit: request.limit };
      summaryPages.set(limit, page);
    }
    return page;
  };
  const menusCompiled = userMenusQuery(db, 'admin').compile();
  const menus = raw.prepare(menusCompiled.sql);
  const floor = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://floor');
    let body: unknown;
    if (url.pathname === '/api/v1/invoice-summaries') {
      const page = summaryPage(url.searchParams.get('limit') ?? '10');
      const rows = page.run() as { total_count: number }[];
      const total = rows[0]?.total_count ?? 0;
      const list = rows.map(({ total_count: _total, ...row }) => row);
      body = { success: true, data: { summaries: list, pagination: { page: 1, limit: page.limit, total, total_pages: Math.ceil(total / page.limit) } } };
    } else {
      body = { success: true, data: menus.all(...menusCompiled.parameters) };
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => floor.listen(0, '127.0.0.1', resolve));
  return { app: (appServer.address() as AddressInfo).port, floor: (floor.address() as AddressInfo).port };
}

// ---------------------------------------------------------------- parent: load and report

type Autocannon = (opts: object, cb: (err: Error | null, result: any) => void) => { on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void };

/** One slice of fixed load; every response time is kept (sub-millisecond), not only autocannon's integer histogram. */
async function slice(url: string, seconds: number, headers: Record<string, string>, into: Sample): Promise<void> {
  const { default: autocannon } = (await import('autocannon' as string)) as { default: Autocannon };
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon({ url, connections: 10, duration: seconds, headers }, (err, result) => {
      if (err) return reject(err);
      into.errors += result.errors + result.timeouts;
      into.non2xx += result.non2xx;
      into.seconds += seconds;
      resolve();
    });
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
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), rps: sample.latencies.length / sample.seconds, errors: sample.errors, non2xx: sample.non2xx };
}

async function signIn(appPort: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${appPort}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as { data?: { tokens?: { access_token?: string; accessToken?: string } } };
  const token = body.data?.tokens?.access_token ?? body.data?.tokens?.accessToken;
  if (!token) throw new Error(`bench sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return token;
}

function startChild(): Promise<{ child: ChildProcess; ports: Ports }> {
  const child = fork(fileURLToPath(import.meta.url), [CHILD_FLAG], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (ports) => resolve({ child, ports: ports as Ports }));
    child.once('exit', (code) => reject(new Error(`bench servers exited early (${code})`)));
  });
}

export function apiBenchReport(rows: ApiBenchRow[], seconds: number): string[] {
  const ms = (v: number) => `${v.toFixed(2)} ms`.padStart(10);
  const rps = (v: number) => `${Math.round(v)}`.padStart(7);
  const lines = [
    `API latency under load (autocannon, 10 connections, ${seconds} s each for API and floor in alternating slices, loopback; floor = bare node:http + better-sqlite3, same SQL)`,
    `${'endpoint'.padEnd(40)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'req/s'.padStart(7)} | ${'floor p50'.padStart(10)} ${'floor p99'.padStart(10)} ${'req/s'.padStart(7)} | p99/floor`,
  ];
  for (const r of rows) {
    const goal = r.p99Ratio <= 2 ? 'goal met (≤ 2×)' : 'GOAL MISSED (> 2×)';
    const errs = r.api.errors + r.api.non2xx + r.floor.errors + r.floor.non2xx;
    lines.push(
      `${r.endpoint.padEnd(40)} ${ms(r.api.p50)} ${ms(r.api.p99)} ${rps(r.api.rps)} | ${ms(r.floor.p50)} ${ms(r.floor.p99)} ${rps(r.floor.rps)} | ${r.p99Ratio.toFixed(2)}× ${goal}${errs ? ` (${errs} errors/non-2xx!)` : ''}`,
    );
  }
  lines.push('Goal: p99 within 2× of the floor.');
  return lines;
}

export async function runApiBench(seconds = Number(process.env.BENCH_SECONDS) || 30): Promise<ApiBenchRow[]> {
  const { child, ports } = await startChild();
  try {
    const token = await signIn(ports.app);
    const auth = { authorization: `Bearer ${token}` };
    const endpoints = ['/api/v1/invoice-summaries?limit=50', '/api/v1/menus/user'];
    const rows: ApiBenchRow[] = [];
    // The machine may be shared: API and floor take turns in short slices, so drifting background
    // load falls on both alike instead of on whichever ran second.
    const sliceSeconds = seconds >= 10 ? 2 : 1;
    const rounds = Math.max(1, Math.round(seconds / sliceSeconds));
    for (const endpoint of endpoints) {
      const floorUrl = `http://127.0.0.1:${ports.floor}${endpoint}`;
      const apiUrl = `http://127.0.0.1:${ports.app}${endpoint}`;
      // One second of warm-up each (JIT, statement caches), not measured.
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
      rows.push({ endpoint: `GET ${endpoint}`, api: apiFigures, floor: floorFigures, p99Ratio: apiFigures.p99 / floorFigures.p99 });
    }
    for (const line of apiBenchReport(rows, seconds)) console.log(line);
    return rows;
  } finally {
    child.kill();
  }
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (invokedDirectly && process.argv.includes(CHILD_FLAG)) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  process.on('exit', cleanup);
  process.on('SIGTERM', () => process.exit(0));
  startServers(dir).then(
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
