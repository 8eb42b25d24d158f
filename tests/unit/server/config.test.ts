import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { loadConfig, parseDuration } from '../../../src/server/config';

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'di-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('parseDuration', () => {
  test.each([
    ['15m', 900],
    ['30d', 2_592_000],
    ['12h', 43_200],
    ['45s', 45],
    ['3600', 3600],
  ])('%s → %i seconds', (value, seconds) => {
    expect(parseDuration(value, 'X')).toBe(seconds);
  });

  test.each(['', 'soon', '-5m', '0', '1w'])('%j is refused with the variable name', (value) => {
    expect(() => parseDuration(value, 'ACCESS_TOKEN_TTL')).toThrow(/ACCESS_TOKEN_TTL/);
  });
});

describe('loadConfig', () => {
  test('defaults', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      dataDir: dir,
      databaseUrl: undefined,
      adminEmail: 'admin@example.com',
      publicUrl: 'http://127.0.0.1:8080',
      logLevel: 'info',
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 30 * 86400,
      trustProxy: false,
      liveReloadOrigin: undefined,
    });
  });

  test('without JWT_SECRET a random secret is generated once, kept with mode 600, and reused', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    const file = path.join(dir, 'jwt-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: tempDir() }).jwtSecret).not.toBe(first);
  });

  test('explicit values win; ADMIN_EMAIL is lowercased; PUBLIC_URL loses a trailing slash', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      HOST: '0.0.0.0',
      PORT: '9000',
      JWT_SECRET: 's'.repeat(40),
      ADMIN_EMAIL: 'Boss@Example.COM',
      PUBLIC_URL: 'https://billing.example.com/',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://u@h/db',
      ACCESS_TOKEN_TTL: '5m',
    });
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 9000,
      jwtSecret: 's'.repeat(40),
      adminEmail: 'boss@example.com',
      publicUrl: 'https://billing.example.com',
      trustProxy: true,
      databaseUrl: 'postgres://u@h/db',
      accessTokenTtlSeconds: 300,
    });
  });

  test.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ AUDIT_RETENTION_DAYS: '0' }, /AUDIT_RETENTION_DAYS/],
    [{ AUDIT_RETENTION_DAYS: '30 days' }, /AUDIT_RETENTION_DAYS/],
  ])('a bad value %j stops the start with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...env })).toThrow(pattern);
  });

  test('audit events are kept forever unless AUDIT_RETENTION_DAYS says how many days', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).auditRetentionDays).toBeUndefined();
    expect(loadConfig({ DATA_DIR: tempDir(), AUDIT_RETENTION_DAYS: ' ' }).auditRetentionDays).toBe(
      undefined,
    );
    expect(
      loadConfig({ DATA_DIR: tempDir(), AUDIT_RETENTION_DAYS: '365' }).auditRetentionDays,
    ).toBe(365);
  });

  test('the live-reload origin is taken only in development, and only as a bare http(s) origin', () => {
    const origin = 'http://127.0.0.1:35729';
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'development', LIVERELOAD_ORIGIN: origin })
        .liveReloadOrigin,
    ).toBe(origin);
    expect(
      loadConfig({ DATA_DIR: tempDir(), LIVERELOAD_ORIGIN: origin }).liveReloadOrigin,
    ).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', LIVERELOAD_ORIGIN: origin })
        .liveReloadOrigin,
    ).toBeUndefined();
    for (const bad of [
      "http://127.0.0.1:35729; script-src 'unsafe-inline'",
      'javascript:alert(1)',
      'http://127.0.0.1:35729/events',
      '*',
    ]) {
      expect(() =>
        loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'development', LIVERELOAD_ORIGIN: bad }),
      ).toThrow(/LIVERELOAD_ORIGIN/);
    }
  });
});
