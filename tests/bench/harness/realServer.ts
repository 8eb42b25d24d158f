// The real production server (node dist/server/main.mjs, NODE_ENV=production, SQLite in a fresh
// data directory) on a fixed port, for the benches that drive the whole app in Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RealServerOptions {
  port: number;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  /** More of the server's settings (e.g. the PDF bench's PDF_TMP_DIR). */
  env?: Record<string, string>;
}

/** Starts the server and resolves once /healthz answers 200 (within 30 s). */
export async function startRealServer(options: RealServerOptions): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${options.port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    ADMIN_EMAIL: options.adminEmail,
    ADMIN_PASSWORD: options.adminPassword,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  delete env.SERVE_SOURCE_MAPS;
  const child = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not answer on ${base} within 30 s`);
}

/** Stops a server started above and waits for it to exit. */
export async function stopRealServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
