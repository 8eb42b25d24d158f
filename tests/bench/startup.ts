// Bench: from starting the server to its first 200 on /healthz, and its idle memory, for the
// compiled server (`npm start`: scripts/start.mjs checks dist/ and imports dist/server/main.mjs in
// one process) beside the ways it ran before (the build check, then a second node running
// dist/server/main.mjs, or src/server/main.ts under tsx), measured in the same
// run on a fresh data directory (first start: migrations, the administrator's password hashed) and
// again on that directory (a restart). Figures, not pass/fail.
//
//   node --import tsx tests/bench/startup.ts        (BENCH_STARTS=5 runs of each, median shown)
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readBuildStats } from './bundle-size';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.BENCH_STARTUP_PORT) || 8142;
export const STARTUP_GOAL_MS = 1000;
const IDLE_MS = 2000;

interface Way {
  label: string;
  command: string;
  args: string[];
  /** The server process among the command's descendants (npm and sh sit above it). */
  server: RegExp;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const WAYS: Way[] = [
  {
    label: 'npm start (compiled)',
    command: npm,
    args: ['start', '--silent'],
    // One process: the staleness check, then the compiled server imported (scripts/start.mjs).
    server: /scripts\/start\.mjs/,
  },
  {
    label: 'what npm start runs: scripts/start.mjs',
    command: process.execPath,
    args: ['--max-semi-space-size=32', 'scripts/start.mjs'],
    server: /scripts\/start\.mjs/,
  },
  {
    label: 'before: build check, then node (2 processes)',
    command: 'sh',
    args: [
      '-c',
      'node build.mjs --if-stale && exec node --max-semi-space-size=32 dist/server/main.mjs',
    ],
    server: /dist\/server\/main\.mjs/,
  },
  {
    label: 'node dist/server/main.mjs',
    command: process.execPath,
    args: ['dist/server/main.mjs'],
    server: /dist\/server\/main\.mjs/,
  },
  {
    label: 'before: build check + tsx (the old npm start)',
    command: 'sh',
    args: ['-c', 'node build.mjs --if-stale && exec node --import tsx src/server/main.ts'],
    server: /src\/server\/main\.ts/,
  },
];

interface Start {
  ms: number;
  rssBytes: number | null;
}

function healthy(): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port: PORT, path: '/healthz', timeout: 1000 },
      (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      },
    );
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
    req.end();
  });
}

/** The process ids below `pid` (Linux /proc), nearest first. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    let children: number[] = [];
    try {
      for (const task of readdirSync(`/proc/${parent}/task`))
        children = children.concat(
          readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8')
            .split(' ')
            .filter(Boolean)
            .map(Number),
        );
    } catch {
      // gone, or not Linux
    }
    found.push(...children);
    queue.push(...children);
  }
  return found;
}

function rssOf(pid: number, pattern: RegExp): number | null {
  for (const candidate of [pid, ...descendants(pid)]) {
    try {
      const argv = readFileSync(`/proc/${candidate}/cmdline`, 'utf8').split('\0');
      // The node process itself, not the shell whose command line names the same file.
      if (path.basename(argv[0]) !== 'node' || !pattern.test(argv.join(' '))) continue;
      const status = readFileSync(`/proc/${candidate}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(status);
      if (kb) return Number(kb[1]) * 1024;
    } catch {
      // exited meanwhile
    }
  }
  return null;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  // Its own process group: npm, sh and the server stop together.
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

async function startOnce(way: Way, dataDir: string): Promise<Start> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'bench-admin@example.com',
    ADMIN_PASSWORD: 'Bench#startup-2026',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const started = performance.now();
  const child = spawn(way.command, way.args, {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    while (!(await healthy())) {
      if (child.exitCode !== null) throw new Error(`${way.label} exited with ${child.exitCode}`);
      if (performance.now() - started > 30_000) throw new Error(`${way.label}: no 200 in 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { ms, rssBytes: rssOf(child.pid!, way.server) };
  } finally {
    await stop(child);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

export async function runStartupBench(runs = Number(process.env.BENCH_STARTS) || 5) {
  readBuildStats(); // builds dist/ (app and server) when stale, so no start below builds
  const lines = [
    `start to the first 200 of /healthz, median of ${runs} (min–max); idle RSS of the server process ${IDLE_MS / 1000} s after; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  ];
  const row = (label: string, starts: Start[]) => {
    const times = starts.map((s) => s.ms);
    const rss = starts.map((s) => s.rssBytes).filter((b): b is number => b !== null);
    const ms = median(times);
    const verdict = ms <= STARTUP_GOAL_MS ? 'meets' : 'MISSES';
    return `  ${label.padEnd(44)} ${`${Math.round(ms)} ms`.padStart(8)} (${Math.round(Math.min(...times))}–${Math.round(Math.max(...times))})  RSS ${rss.length ? `${(median(rss) / 1024 / 1024).toFixed(0)} MB` : 'n/a'}  ${verdict} the goal of ≤ ${STARTUP_GOAL_MS} ms`;
  };
  for (const phase of ['first start (fresh data directory)', 'restart (existing data)'] as const) {
    lines.push(phase);
    for (const way of WAYS) {
      const starts: Start[] = [];
      for (let i = 0; i < runs; i++) {
        // Ways and runs take turns on their own directory: a first start is always on an empty one.
        const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-startup-'));
        try {
          if (phase.startsWith('restart')) await startOnce(way, dataDir);
          starts.push(await startOnce(way, dataDir));
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      }
      lines.push(row(way.label, starts));
    }
  }
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runStartupBench()) console.log(line);
}
