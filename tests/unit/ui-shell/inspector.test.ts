// The Stately inspector is for development builds only: a production build must not contain
// it (nor its connection to stately.ai), a development build must.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redact, REDACTED } from '../../../src/machines/inspect';

const INSPECTOR_MARKERS = ['stately.ai/inspect', '@statelyai.connected'];
const outDirs: string[] = [];

function build(mode: 'production' | 'development'): string {
  const outDir = mkdtempSync(path.join(tmpdir(), `shell-inspector-${mode}-`));
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

describe('Stately inspector in the bundle', () => {
  it('is left out of the production build', () => {
    const js = build('production');
    expect(js.length).toBeGreaterThan(10_000);
    for (const marker of INSPECTOR_MARKERS) expect(js).not.toContain(marker);
  }, 120_000);

  it('is in the development build, behind ?inspect', () => {
    const js = build('development');
    for (const marker of INSPECTOR_MARKERS) expect(js).toContain(marker);
  }, 120_000);
});

describe('redact', () => {
  it('hides tokens, passwords and image data at any depth and keeps the rest', () => {
    const event = {
      type: 'auth.signIn',
      email: 'a@example.com',
      password: 'Secret123',
      nested: { accessToken: 'jwt', refresh_token: 'r', list: [{ confirmPassword: 'x', name: 'n' }] },
      user: { name: 'Ann', imageData: 'data:image/png;base64,AAAA' },
    };
    expect(redact(event)).toEqual({
      type: 'auth.signIn',
      email: 'a@example.com',
      password: REDACTED,
      nested: { accessToken: REDACTED, refresh_token: REDACTED, list: [{ confirmPassword: REDACTED, name: 'n' }] },
      user: { name: 'Ann', imageData: REDACTED },
    });
    expect(event.password).toBe('Secret123');
  });

  it('keeps empty secrets visible as empty and leaves primitives alone', () => {
    expect(redact({ password: '' })).toEqual({ password: '' });
    expect(redact('text')).toBe('text');
    expect(redact(null)).toBeNull();
  });
});

describe('redact on an inspection event', () => {
  it('hides the sign-in password held as a promise actor input', () => {
    const inspectionEvent = {
      type: '@xstate.snapshot',
      sessionId: 'x:1',
      snapshot: { status: 'active', input: { email: 'a@example.com', password: 'Secret123' }, output: undefined },
      event: { type: 'xstate.init', input: { email: 'a@example.com', password: 'Secret123' } },
    };
    const json = JSON.stringify(redact(inspectionEvent));
    expect(json).not.toContain('Secret123');
    expect(json).toContain('a@example.com');
  });
});
