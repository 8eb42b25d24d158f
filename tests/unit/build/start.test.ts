// `npm start` (scripts/start.mjs): builds when the build is missing, skips the build when it is
// fresh, and serves either way from the one process it started in (docs/startup.md).
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  utimesSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'start-test-'));
const outdir = path.join(scratch, 'dist');
// The compiled server takes its native addons (and pg) from node_modules, as it does in dist/.
symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'));
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Whether process `pid` runs this Node (a process gone meanwhile is not). */
function isNode(pid: string): boolean {
  try {
    return realpathSync(`/proc/${pid}/exe`) === realpathSync(process.execPath);
  } catch {
    return false;
  }
}

/** The children of `parent` that run this Node. */
function nodeChildren(parent: number): string[] {
  const children = readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8');
  return children.split(/\s+/).filter((pid) => pid && isNode(pid));
}

/** Runs package.json's start command (its node arguments) until /healthz answers; then stops it. */
async function start(): Promise<{ output: string; health: number; processes: number }> {
  const port = await freePort();
  const [command, ...args] = packageJson.scripts.start.split(' ');
  expect(command).toBe('node');
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      OUT_DIR: outdir,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: path.join(scratch, 'data'),
      ADMIN_EMAIL: 'start-test@example.com',
      ADMIN_PASSWORD: 'Start-test-pass-1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  try {
    for (;;) {
      if (child.exitCode !== null)
        throw new Error(`start exited with ${child.exitCode}\n${output}`);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (response) => response.status,
        () => 0,
      );
      if (health !== 0) {
        // The server answers from the process npm started: no second node below it (the
        // LibreOffice its warm-up may have started by now is not one). A child caught between
        // fork and exec still shows this Node as its program, so only a child that is Node in
        // two looks a second apart counts.
        const nodes = nodeChildren(child.pid!);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const still = nodeChildren(child.pid!).filter((pid) => nodes.includes(pid));
        return { output, health, processes: 1 + still.length };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

describe('npm start', () => {
  test('builds when there is no build, then serves from its own process', async () => {
    const first = await start();
    expect(first.output).not.toContain('up to date');
    expect(existsSync(path.join(outdir, 'server/main.mjs'))).toBe(true);
    expect(first.health).toBe(200);
    expect(first.processes).toBe(1);
  }, 240_000);

  test('skips the build when the build is newer than every source', async () => {
    // index.html's mtime is moved rather than the sources touched (as in build.test.ts).
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(path.join(outdir, 'index.html'), future, future);
    const again = await start();
    expect(again.output).toContain('index.html is up to date, skipping');
    expect(again.health).toBe(200);
  }, 60_000);
});
