import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { createPasswordHasher } from '../../src/server/auth/passwords';
import { ensureAdmin } from '../../src/server/bootstrap';
import { openMigratedDatabase } from '../../src/server/db';
import { pruneExpired } from '../../src/server/db/maintenance';
import { databases, useTestApp } from './helpers';

const run = promisify(execFile);

describe.each(databases)('first-start administrator on %s', (kind) => {
  const ctx = useTestApp(kind);

  test('created once, verified, with the given password; not again when one exists', async () => {
    const hasher = createPasswordHasher('test');
    const created = await ensureAdmin(ctx.db, hasher, {
      email: 'boss@example.com',
      password: 'given-password-1',
    });
    expect(created).toMatchObject({
      email: 'boss@example.com',
      created: true,
      generatedPassword: undefined,
    });
    const tokens = await ctx.signIn({ email: 'boss@example.com', password: 'given-password-1' });
    const menus = await ctx.get('/api/v1/menus/user', { token: tokens.access_token });
    expect(menus.body.data).toHaveLength(6); // every menu, Pengaturan Perusahaan included
    expect(await ensureAdmin(ctx.db, hasher, { email: 'other@example.com' })).toBeNull();
    expect(
      await ctx.db.selectFrom('users').select('email').where('role', '=', 'admin').execute(),
    ).toEqual([{ email: 'boss@example.com' }]);
  });
});

describe('admin CLI (SQLite)', () => {
  test('create with a generated password, then reset-password; both passwords sign in in turn', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'di-cli-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], { env });
    try {
      const created = await cli('create', '--email', 'Ops@Example.com', '--name', 'Ops Admin');
      const generated = /Password: (\S+)/.exec(created.stdout)?.[1];
      expect(generated).toMatch(/^[\w-]{24}$/);

      await expect(
        cli('create', '--email', 'ops@example.com', '--name', 'Again'),
      ).rejects.toMatchObject({ code: 1 });
      await expect(cli('create', '--email', 'not-an-email', '--name', 'X')).rejects.toMatchObject({
        code: 2,
      });

      const reset = await cli(
        'reset-password',
        '--email',
        'ops@example.com',
        '--password',
        'chosen-password-9',
      );
      expect(reset.stdout).toContain('Password of ops@example.com changed');

      const database = await openMigratedDatabase({ dataDir, databaseUrl: undefined });
      try {
        const row = await database.db
          .selectFrom('users')
          .selectAll()
          .where('email', '=', 'ops@example.com')
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ role: 'admin', is_verified: 1, name: 'Ops Admin' });
        const hasher = createPasswordHasher();
        expect(await hasher.verify(row.password_hash, 'chosen-password-9')).toBe(true);
        expect(await hasher.verify(row.password_hash, generated!)).toBe(false);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.each(databases)('pruning expired rows on %s', (kind) => {
  const ctx = useTestApp(kind);

  test('old rate-limit windows and long-expired refresh tokens go; live ones stay', async () => {
    const staff = await ctx.signedIn('staff');
    const now = Date.now();
    await ctx.db
      .insertInto('rate_limits')
      .values([
        { key: 'login:ip:old', window_start: now - 2 * 24 * 3600 * 1000, count: 3 },
        { key: 'login:ip:new', window_start: now - 60_000, count: 1 },
      ])
      .execute();
    await ctx.db
      .insertInto('refresh_tokens')
      .values({
        user_id: staff.id,
        token_hash: 'f'.repeat(64),
        family_id: 'old-family',
        expires_at: new Date(now - 2 * 24 * 3600 * 1000).toISOString(),
        revoked_at: null,
        replaced_by: null,
        created_at: new Date(now - 40 * 24 * 3600 * 1000).toISOString(),
      })
      .execute();
    await pruneExpired(ctx.db, new Date(now));
    expect(
      (await ctx.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key),
    ).toEqual(['login:ip:new']);
    expect(
      await ctx.db
        .selectFrom('refresh_tokens')
        .select('family_id')
        .where('family_id', '=', 'old-family')
        .execute(),
    ).toEqual([]);
    expect((await ctx.get('/api/v1/menus/user', { token: staff.token })).status).toBe(200);
  });
});
