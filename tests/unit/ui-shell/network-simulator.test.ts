// The development network simulator (spec §9) is for development builds only: a production
// bundle must contain none of it (the presets, the panel, the simulated failures), a
// development bundle must (so the markers below are real).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const SIMULATOR_MARKERS = ['dev_network_preset', 'network simulator', 'Network simulator', 'Network (dev)'];
const outDirs: string[] = [];

function build(mode: 'production' | 'development'): string {
  const outDir = mkdtempSync(path.join(tmpdir(), `network-simulator-${mode}-`));
  outDirs.push(outDir);
  const args = ['build.mjs', '--outdir', outDir, ...(mode === 'development' ? ['--dev'] : [])];
  execFileSync(process.execPath, args, { cwd: process.cwd(), stdio: 'pipe', env: { ...process.env, OUT_DIR: outDir } });
  const assets = path.join(outDir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(path.join(assets, f), 'utf8'))
    .join('\n');
}

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

describe('network simulator in the bundle', () => {
  it('is left out of the production build', () => {
    const js = build('production');
    expect(js.length).toBeGreaterThan(10_000);
    for (const marker of SIMULATOR_MARKERS) expect(js.includes(marker), `production bundle contains '${marker}'`).toBe(false);
  }, 120_000);

  it('is in the development build', () => {
    const js = build('development');
    for (const marker of SIMULATOR_MARKERS) expect(js.includes(marker), `development bundle lacks '${marker}'`).toBe(true);
  }, 120_000);
});
