import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Struct } from 'superstruct';
import { describe, expect, test } from 'vitest';
import { loginStruct, menuCreateStruct, menuUpdateStruct } from '../../../src/domain/validation';
import { createApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/connection';
import { ApiError } from '../../../src/server/errors';
import { keysToSnakeCase as snakeKeys, toSnakeCase } from '../../../src/domain/text/case';
import { validated } from '../../../src/server/http/body';
import { assertNoNul } from '../../../src/server/http/nul';
import { silentLogger } from '../../../src/server/logger';

// The one conversion of src/domain/text/case, which the server's body reader and the API client share.
describe('snake_case bodies', () => {
  test.each([
    ['refreshToken', 'refresh_token'],
    ['refresh_token', 'refresh_token'],
    ['numberOfActiveCustomer', 'number_of_active_customer'],
    ['urlSharedFileDraftInvoice', 'url_shared_file_draft_invoice'],
    ['isVerified', 'is_verified'],
    ['parentID', 'parent_id'],
    ['URL2Path', 'url2_path'],
    ['email', 'email'],
  ])('%s → %s', (key, snake) => {
    expect(toSnakeCase(key)).toBe(snake);
  });

  test('nested objects and arrays are converted; the snake_case spelling wins when both come', () => {
    expect(
      snakeKeys({
        refreshToken: 'camel',
        refresh_token: 'snake',
        list: [{ menuId: 1 }],
        nested: { parentId: 2 },
      }),
    ).toEqual({
      refresh_token: 'snake',
      list: [{ menu_id: 1 }],
      nested: { parent_id: 2 },
    });
  });

  test('prototype keys are dropped', () => {
    const parsed = snakeKeys(
      JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "name": "x"}'),
    ) as Record<string, unknown>;
    expect(parsed).toEqual({ name: 'x' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('bodies are validated by the domain structs', () => {
  function failureOf<T, S>(struct: Struct<T, S>, body: unknown) {
    try {
      validated(struct, body);
    } catch (error) {
      if (error instanceof ApiError)
        return { status: error.status, message: error.message, field: error.field };
    }
    return null;
  }

  test.each([
    [{ password: 'x' }, 'Email is required', 'email'],
    [{ email: 'nope', password: 'x' }, 'Please enter a valid email address', 'email'],
    [{ email: 'a@b.co' }, 'Password is required', 'password'],
    [{ email: 'a@b.co', password: 123456 }, 'Password is required', 'password'],
  ])('login %j → 400 %s', (body, message, field) => {
    expect(failureOf(loginStruct, body)).toEqual({ status: 400, message, field });
  });

  test('a valid body is trimmed and lower-cased as the domain says, unknown keys dropped', () => {
    expect(
      validated(loginStruct, { email: ' Ani@Example.COM ', password: ' pw ', extra: true }),
    ).toEqual({ email: 'ani@example.com', password: ' pw ' });
  });

  test('menu bodies: roles normalised, a bad order names its field', () => {
    expect(
      validated(menuCreateStruct, {
        name: ' Laporan ',
        path: '/reports',
        roles: ['Admin', ' staff'],
      }),
    ).toEqual({
      name: 'Laporan',
      path: '/reports',
      roles: ['admin', 'staff'],
    });
    expect(
      failureOf(menuCreateStruct, { name: 'Laporan', path: '/reports', order: 'first' }),
    ).toMatchObject({ status: 400, field: 'order' });
    expect(failureOf(menuUpdateStruct, { roles: ['root'] })).toMatchObject({
      status: 400,
      field: 'roles',
    });
  });
});

describe('NUL characters', () => {
  test('refused at any depth, naming the top-level field', () => {
    expect(() => assertNoNul({ name: 'ok', nested: { deeper: ['a', 'b\u0000'] } })).toThrow(
      expect.objectContaining({
        status: 400,
        field: 'nested',
        message: 'nested: Text must not contain NUL characters',
      }),
    );
    expect(() => assertNoNul({ name: 'ok', list: [1, true, null] })).not.toThrow();
  });
});

describe('content security policy', () => {
  test.each([
    [
      { NODE_ENV: 'development', LIVERELOAD_ORIGIN: 'http://127.0.0.1:35729' },
      "connect-src 'self' http://127.0.0.1:35729;",
    ],
    [{ LIVERELOAD_ORIGIN: 'http://127.0.0.1:35729' }, "connect-src 'self';"],
    [{ NODE_ENV: 'development' }, "connect-src 'self';"],
  ])('the server started with %j answers with %s', async (env, connectSrc) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'di-csp-'));
    const handle = openDatabase({ sqliteFile: ':memory:' });
    try {
      const config = loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'c'.repeat(48), ...env });
      const app = createApp({
        db: handle.db,
        config,
        mailer: { send: async () => {} },
        logger: silentLogger,
        distDir: null,
      });
      const res = await app.request('/api/v1/no-such-route');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(connectSrc);
      // Strict whatever the environment: no inline script or style, no framing.
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("style-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-(inline|eval)/);
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
