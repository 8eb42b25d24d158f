// Development-only code stays out of production bundles: the Stately inspector (and its
// connection to stately.ai) and the network simulator (docs/product.md#limits: presets, panel, simulated
// failures). A development build must contain both, so the markers below are real.
// Each mode is built once for all checks.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const INSPECTOR_MARKERS = ['stately.ai/inspect', '@statelyai.connected'];
const SIMULATOR_MARKERS = [
  'dev_network_preset',
  'network simulator',
  'Network simulator',
  'Network (dev)',
];
const outDirs: string[] = [];

function build(mode: 'production' | 'development'): string {
  const outDir = mkdtempSync(path.join(tmpdir(), `dev-only-${mode}-`));
  outDirs.push(outDir);
  const args = ['build.mjs', '--outdir', outDir, ...(mode === 'development' ? ['--dev'] : [])];
  execFileSync(process.execPath, args, {
    cwd: process.cwd(),
    stdio: 'pipe',
    env: { ...process.env, OUT_DIR: outDir },
  });
  const assets = path.join(outDir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(assets, f), 'utf8'))
    .join('\n');
}

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

describe('production bundle', () => {
  let js = '';
  beforeAll(() => {
    js = build('production');
  }, 120_000);

  it('is a real build', () => {
    expect(js.length).toBeGreaterThan(10_000);
  });
  it('leaves the Stately inspector out', () => {
    for (const marker of INSPECTOR_MARKERS) expect(js).not.toContain(marker);
  });
  it('leaves the network simulator out', () => {
    for (const marker of SIMULATOR_MARKERS)
      expect(js.includes(marker), `production bundle contains '${marker}'`).toBe(false);
  });
});

describe('development bundle', () => {
  let js = '';
  beforeAll(() => {
    js = build('development');
  }, 120_000);

  it('has the Stately inspector, behind ?inspect', () => {
    for (const marker of INSPECTOR_MARKERS) expect(js).toContain(marker);
  });
  it('has the network simulator', () => {
    for (const marker of SIMULATOR_MARKERS)
      expect(js.includes(marker), `development bundle lacks '${marker}'`).toBe(true);
  });
});
