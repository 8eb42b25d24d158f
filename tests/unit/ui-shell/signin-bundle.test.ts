// What a guest's first page (/signin) downloads: the sign-in texts and rules, but none of the
// billing rules, the billing and user services, the signed-in layout or the http client (that
// one arrives with the first call). Guards the structure that keeps /signin small (issue 4).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let outDir = '';
let signinJs = '';
let allJs = '';

beforeAll(() => {
  outDir = mkdtempSync(path.join(tmpdir(), 'signin-bundle-'));
  execFileSync(process.execPath, ['build.mjs', '--outdir', outDir], {
    cwd: process.cwd(),
    stdio: 'pipe',
    env: { ...process.env, OUT_DIR: outDir },
  });
  const stats = JSON.parse(readFileSync(path.join(outDir, 'build-stats.json'), 'utf8'));
  const read = (url: string) => readFileSync(path.join(outDir, url), 'utf8');
  signinJs = (stats.routes['/signin'].files as string[]).map(read).join('\n');
  allJs = (stats.appTotal.files as string[]).map(read).join('\n');
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the JavaScript /signin loads', () => {
  it('has the sign-in texts and rules', () => {
    expect(signinJs).toContain('Invalid email or password. Please try again.');
    expect(signinJs).toContain('Please enter a valid email address');
  });

  it.each([
    ['the bill form rules', 'Periode tagihan harus diisi'],
    ['the invoice summary service', 'Gagal memuat invoice summary'],
    ['the user administration service', 'Failed to fetch users'],
    ['the signed-in layout', 'Main navigation'],
    ['the http client (loaded with the first call)', '/auth/refresh'],
  ])('leaves out %s', (_, marker) => {
    // The marker is in the app, so its absence from /signin means the code was split off.
    expect(allJs).toContain(marker);
    expect(signinJs).not.toContain(marker);
  });
});
