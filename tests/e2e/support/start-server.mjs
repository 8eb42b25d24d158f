// Playwright's webServer: what `npm start` does (build the app and server if stale, then run the
// compiled server, dist/server/main.mjs, on plain node) on the e2e port with a fresh data directory
// and a known administrator. Removes the data directory on exit.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const {
  E2E_PORT: port,
  E2E_DATA_DIR: dataDir,
  E2E_ADMIN_EMAIL: adminEmail,
  E2E_ADMIN_PASSWORD: adminPassword,
} = process.env;
if (!port || !dataDir || !adminEmail || !adminPassword) {
  console.error(
    'start-server: run me through playwright.config.ts (E2E_PORT, E2E_DATA_DIR, E2E_ADMIN_* unset)',
  );
  process.exit(2);
}

const build = spawnSync(process.execPath, ['build.mjs', '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: port,
  DATA_DIR: dataDir,
  ADMIN_EMAIL: adminEmail,
  ADMIN_PASSWORD: adminPassword,
};
env.NODE_ENV = 'production';
// The browser tests use the embedded database and the outbox, whatever the shell has set.
delete env.DATABASE_URL;
delete env.SMTP_URL;

const server = spawn(process.execPath, ['--max-semi-space-size=32', 'dist/server/main.mjs'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 0 : 1));
});
