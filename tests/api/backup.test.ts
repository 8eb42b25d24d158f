// Backups (issue 25): `npm run admin -- backup` copies the embedded database while a real server
// process takes real HTTP writes; every write acknowledged before the backup began is in the
// copy, the copy passes integrity_check, and the server keeps acknowledging writes meanwhile.
// `restore` refuses while the server runs, then replaces the database and keeps the old file.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrations';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  startNode,
  stopNode,
  type Node,
} from '../support/serverProcess';

interface CliRun {
  code: number;
  output: string;
}

/** Runs the admin CLI as `npm run admin` does; `onLine` sees its output as it comes. */
function admin(args: string[], env: Record<string, string>, onLine?: (line: string) => void) {
  return new Promise<CliRun>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
      cwd: path.resolve('.'),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of chunk.toString().split('\n')) if (line) onLine?.(line);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

const period = (n: number) =>
  `${3000 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`;

/** Seeds the database with about 12 MB of audit history, so the copy takes a while. */
async function seed(dataDir: string) {
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db, handle.kind);
  const changes = JSON.stringify(
    Array.from({ length: 8 }, (_, i) => ({ field: `number_of_usage_${i}`, from: i, to: i + 1 })),
  );
  const at = new Date().toISOString();
  for (let batch = 0; batch < 40; batch++) {
    await handle.db
      .insertInto('audit_events')
      .values(
        Array.from({ length: 1000 }, (_, i) => ({
          created_at: at,
          actor_id: null,
          actor_name: 'seed',
          request_id: `seed-${batch}-${i}`,
          entity: 'invoice_summary' as const,
          entity_id: batch * 1000 + i,
          entity_version: 1,
          action: 'update',
          changes,
        })),
      )
      .execute();
  }
  await handle.close();
}

describe('backup and restore of the embedded database', () => {
  const workDir = mkdtempSync(path.join(tmpdir(), 'di-backup-'));
  const dataDir = path.join(workDir, 'data');
  const copy = path.join(workDir, 'copy.db');
  const env = { DATA_DIR: dataDir };
  let node: Node | undefined;
  let token = '';

  beforeAll(async () => {
    await seed(dataDir);
    node = await startNode('backup', {}, dataDir);
    const login = await call(node, 'POST', '/api/v1/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    token = login.body.data.tokens.access_token;
  });
  afterAll(async () => {
    await stopNode(node);
    rmSync(workDir, { recursive: true, force: true });
  });

  const create = (n: number) =>
    call(
      node!,
      'POST',
      '/api/v1/invoice-summaries',
      {
        invoice_period: period(n),
        number_of_active_customer: 1,
        number_of_total_transaction: 10,
        url_shared_file_draft_invoice: 'https://drive.example.com/d.xlsx',
      },
      token,
    );

  /** One backup under load: the writes acknowledged before it began, and the gaps between acknowledgements. */
  async function backupUnderLoad(file: string) {
    const acks: { n: number; at: number }[] = [];
    let writing = true;
    // Two writers, each sending its next write as soon as the last one is acknowledged.
    const writer = async () => {
      while (writing) {
        const n = next++;
        const res = await create(n);
        expect(res.status).toBe(201);
        acks.push({ n, at: performance.now() });
      }
    };
    const writers = [writer(), writer()];
    await new Promise((resolve) => setTimeout(resolve, 1000));
    let began = 0;
    let ackedBefore: number[] = [];
    const run = await admin(['backup', file], env, (line) => {
      if (line.startsWith('Backing up')) {
        began = performance.now();
        ackedBefore = acks.map((a) => a.n);
      }
    });
    const ended = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    await Promise.all(writers);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Backup written to .*integrity check: ok\./);
    expect(began).toBeGreaterThan(0);

    const times = acks.map((a) => a.at).sort((x, y) => x - y);
    /** The longest time without an acknowledgement between `from` and `to` (edges included). */
    const longestGap = (from: number, to: number) => {
      const before = times.filter((t) => t < from).at(-1) ?? from;
      const after = times.find((t) => t > to) ?? to;
      const points = [before, ...times.filter((t) => t >= from && t <= to), after];
      return Math.max(...points.slice(1).map((t, i) => t - points[i]));
    };
    return {
      ackedBefore,
      total: acks.length,
      during: longestGap(began, ended),
      baseline: longestGap(times[0], began - 1),
      writesDuring: times.filter((t) => t >= began && t <= ended).length,
      ms: ended - began,
      size: run.output.match(/\((.*?)\)/)?.[1],
    };
  }
  let next = 0;

  test('a backup under write load holds every acknowledged write and passes integrity_check', async () => {
    // The check is that the backup never pauses the server for more than 100 ms. On a busy
    // machine a single write can stall that long with no backup at all (the baseline printed
    // below), so up to three backups are measured and one of them must stay under 100 ms; a
    // backup that blocked the server (a lock held while copying) fails all three.
    const runs = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const file = attempt === 1 ? copy : path.join(workDir, `copy-${attempt}.db`);
      const run = await backupUnderLoad(file);
      runs.push(run);
      console.log(
        `backup ${attempt}: ${Math.round(run.ms)} ms for ${run.size}; ${run.writesDuring} writes acknowledged meanwhile; ` +
          `longest gap between acknowledged writes ${run.during.toFixed(1)} ms (before the backup: ${run.baseline.toFixed(1)} ms)`,
      );

      // The copy is one self-contained, sound file holding every write acknowledged before it began.
      expect(readdirSync(workDir).filter((f) => f.startsWith(path.basename(file)))).toEqual([
        path.basename(file),
      ]);
      const db = new SqliteDatabase(file, { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const stored = new Set(
        (db.prepare('select invoice_period from invoice_summaries').all() as any[]).map(
          (r) => r.invoice_period,
        ),
      );
      db.close();
      expect(run.ackedBefore.length).toBeGreaterThan(10);
      expect(run.ackedBefore.filter((n) => !stored.has(period(n)))).toEqual([]);
      expect(stored.size).toBeLessThan(next);
      if (run.during < 100) break;
    }
    expect(Math.min(...runs.map((r) => r.during))).toBeLessThan(100);
  });

  test('restore refuses while the server runs, then replaces the database and keeps the old one', async () => {
    const backedUp = new SqliteDatabase(copy, { readonly: true });
    const inCopy = (
      backedUp.prepare('select count(*) as n from invoice_summaries').get() as { n: number }
    ).n;
    backedUp.close();
    // A write after the backup: the restore takes it away again.
    expect((await create(9_000)).status).toBe(201);

    const refused = await admin(['restore', copy], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/is in use: a server .* is running on it\. Stop it/);
    expect(
      (
        await call(
          node!,
          'GET',
          `/api/v1/invoice-summaries/period/${period(9_000)}`,
          undefined,
          token,
        )
      ).status,
    ).toBe(200);

    await stopNode(node);
    const restored = await admin(['restore', copy], env);
    expect(restored.code, restored.output).toBe(0);
    const kept = readdirSync(dataDir).find((f) => /^app\.db\.replaced-[\dT-]+Z$/.test(f));
    expect(restored.output).toContain(`kept as ${path.join(dataDir, kept!)}`);
    const old = new SqliteDatabase(path.join(dataDir, kept!), { readonly: true });
    expect(
      old
        .prepare('select count(*) as n from invoice_summaries where invoice_period = ?')
        .get(period(9_000)),
    ).toEqual({ n: 1 });
    old.close();

    node = await startNode('backup-restored', {}, dataDir);
    const login = await call(node, 'POST', '/api/v1/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    token = login.body.data.tokens.access_token;
    const list = await call(node, 'GET', '/api/v1/invoice-summaries?limit=1', undefined, token);
    expect(list.body.data.pagination.total).toBe(inCopy);
    expect(
      (
        await call(
          node,
          'GET',
          `/api/v1/invoice-summaries/period/${period(9_000)}`,
          undefined,
          token,
        )
      ).status,
    ).toBe(404);
  });

  test('a file that is no backup of this app is refused and nothing changes', async () => {
    const junk = path.join(workDir, 'junk.db');
    const other = new SqliteDatabase(junk);
    other.exec('create table notes (text)');
    other.close();
    await stopNode(node);
    const before = readdirSync(dataDir).sort();
    const res = await admin(['restore', junk], env);
    expect(res.code).toBe(1);
    expect(res.output).toContain('is not a Dashboard Invoice database');
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(existsSync(path.join(dataDir, 'app.db'))).toBe(true);
  });

  test('with PostgreSQL both commands point to pg_dump and pg_restore', async () => {
    for (const command of ['backup', 'restore']) {
      const res = await admin([command, copy], {
        ...env,
        DATABASE_URL: 'postgres://app@db.internal:5432/invoice',
      });
      expect(res.code).toBe(1);
      expect(res.output).toContain('uses PostgreSQL');
      expect(res.output).toContain('pg_dump --format=custom');
      expect(res.output).toContain('pg_restore --clean --if-exists');
    }
  });
});
