// A real server process (node --import tsx src/server/main.ts) for the tests that need one:
// several nodes on one database, a backup while the server writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADMIN_EMAIL = 'two-nodes@example.com';
export const ADMIN_PASSWORD = 'Two#Nodes-2026';
export const JWT_SECRET = randomBytes(32).toString('hex');

export interface Node {
  name: string;
  url: string;
  process: ChildProcess;
  dataDir: string;
  output: string[];
  keepDataDir: boolean;
}

/** What `npm start` runs, without its build check: the compiled server and the same V8 flag. */
const COMPILED = ['--max-semi-space-size=32', 'dist/server/main.mjs'];

/**
 * Starts `node --import tsx src/server/main.ts` on a free port (or, with `compiled`, the built
 * server as `npm start` runs it: the benches measure what a user runs); resolves once it listens.
 */
export async function startNode(
  name: string,
  env: Record<string, string>,
  /** A data directory to use (and keep); by default a fresh one, removed by stopNode. */
  given?: string,
  { compiled = false }: { compiled?: boolean } = {},
): Promise<Node> {
  const dataDir = given ?? mkdtempSync(path.join(tmpdir(), `di-node-${name}-`));
  const args = compiled ? COMPILED : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: path.resolve('.'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_FORMAT: 'json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`node ${name} did not start:\n${output.join('')}`)),
      45_000,
    );
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''));
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`node ${name} exited with ${code}:\n${output.join('')}`));
    });
  });
  return { name, url, process: child, dataDir, output, keepDataDir: given !== undefined };
}

export async function stopNode(node: Node | undefined): Promise<void> {
  if (!node) return;
  if (node.process.exitCode === null) {
    const exited = new Promise((resolve) => node.process.once('exit', resolve));
    node.process.kill('SIGTERM');
    await exited;
  }
  if (!node.keepDataDir) rmSync(node.dataDir, { recursive: true, force: true });
}

export async function call(
  node: Node,
  method: string,
  route: string,
  body?: unknown,
  token?: string,
) {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(node.url + route, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, body: json };
}
