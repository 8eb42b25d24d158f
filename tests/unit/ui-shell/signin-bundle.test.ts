// What a guest's first page (/signin) downloads: the sign-in texts and rules, but none of the
// billing rules, the billing and user services, the signed-in layout or the http client (that
// one arrives with the first call), in a few files, with a stylesheet that leaves out the other
// screens' rules. Guards the structure that keeps /signin small (issue 4; issue 23: ≤ 95 KB on the
// wire in Chromium, measured by `npm run bench`, tests/bench/transfer.ts).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let outDir = '';
let signinJs = '';
let allJs = '';
let signinFiles: string[] = [];
let firstCss = '';
let wholeCss = '';

beforeAll(() => {
  outDir = mkdtempSync(path.join(tmpdir(), 'signin-bundle-'));
  execFileSync(process.execPath, ['build.mjs', '--outdir', outDir], {
    cwd: process.cwd(),
    stdio: 'pipe',
    env: { ...process.env, OUT_DIR: outDir },
  });
  const stats = JSON.parse(readFileSync(path.join(outDir, 'build-stats.json'), 'utf8'));
  const read = (url: string) => readFileSync(path.join(outDir, url), 'utf8');
  signinFiles = stats.routes['/signin'].files;
  signinJs = signinFiles.map(read).join('\n');
  allJs = (stats.appTotal.files as string[]).map(read).join('\n');
  firstCss = read(stats.css.files[0]);
  wholeCss = read(stats.fullCss.files[0]);
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

describe('the first visit', () => {
  it('loads its JavaScript in a few files, not one per small shared module', () => {
    // Each file costs a request and ~400 bytes of headers; the shared code is one chunk.
    expect(signinFiles.length).toBeLessThanOrEqual(3);
  });

  it.each([
    ['the chart', '.uplot'],
    ['the signed-in layout', '.app-sidebar'],
    ["the billing screens' classes", '.bill-'],
    ["Pico's tooltips", '[data-tooltip]'],
    ["Pico's dropdowns", '.dropdown'],
  ])('links a stylesheet without %s, which the whole stylesheet has', (_, marker) => {
    expect(wholeCss).toContain(marker);
    expect(firstCss).not.toContain(marker);
  });

  it('keeps what the auth pages use', () => {
    for (const marker of ['.app-auth', '.app-alert', '.app-strength', '--pico-primary'])
      expect(firstCss).toContain(marker);
  });
});
