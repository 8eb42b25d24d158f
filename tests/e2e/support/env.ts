// Settings shared by playwright.config.ts, the server it starts and the specs.
// The config runs first in the runner process and fixes the port and data directory in
// process.env; the worker processes inherit them, so every process agrees.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin12345';
export const ADMIN_NAME = 'Administrator';

function freePort(): number {
  const script =
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'dashboard-invoice-e2e-'));

export const PORT = Number(process.env.E2E_PORT);
export const DATA_DIR = process.env.E2E_DATA_DIR;
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const API_ROOT = `${BASE_URL}/api/v1`;
/** Mails are written here as .eml files when SMTP_URL is not set (the e2e server never sets it). */
export const OUTBOX_DIR = path.join(DATA_DIR, 'outbox');
