import { array, integer, mask, object, optional, string, StructError } from 'superstruct';
import { describe, expect, test } from 'vitest';
import { snakeKeys, toSnakeCase } from '../../../src/server/http/body';
import { buildCsp } from '../../../src/server/http/middleware';
import { describeStructError, emailAddress, textAtLeast } from '../../../src/server/http/validation';

describe('snake_case bodies', () => {
  test.each([
    ['refreshToken', 'refresh_token'],
    ['refresh_token', 'refresh_token'],
    ['numberOfActiveCustomer', 'number_of_active_customer'],
    ['urlSharedFileDraftInvoice', 'url_shared_file_draft_invoice'],
    ['isVerified', 'is_verified'],
    ['parentID', 'parent_id'],
    ['email', 'email'],
  ])('%s → %s', (key, snake) => {
    expect(toSnakeCase(key)).toBe(snake);
  });

  test('nested objects and arrays are converted; the snake_case spelling wins when both come', () => {
    expect(snakeKeys({ refreshToken: 'camel', refresh_token: 'snake', list: [{ menuId: 1 }], nested: { parentId: 2 } })).toEqual({
      refresh_token: 'snake',
      list: [{ menu_id: 1 }],
      nested: { parent_id: 2 },
    });
  });

  test('prototype keys are dropped', () => {
    const parsed = snakeKeys(JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "name": "x"}')) as Record<string, unknown>;
    expect(parsed).toEqual({ name: 'x' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('validation messages name the field', () => {
  const Body = object({
    name: textAtLeast('name', 'name', 2),
    email: emailAddress(),
    order: optional(integer()),
    roles: optional(array(string())),
  });

  function messageFor(value: unknown) {
    try {
      mask(value, Body);
    } catch (error) {
      if (error instanceof StructError) return describeStructError(error);
    }
    return null;
  }

  test.each([
    [{ email: 'a@b.co' }, 'name is required', 'name'],
    [{ name: 'A', email: 'a@b.co' }, 'name must be at least 2 characters', 'name'],
    [{ name: 'Ani', email: 'nope' }, 'Please enter a valid email address', 'email'],
    [{ name: 'Ani', email: 'a@b.co', order: 1.5 }, 'order must be an integer', 'order'],
    [{ name: 'Ani', email: 'a@b.co', roles: [1] }, 'roles.0 must be a string', 'roles.0'],
  ])('%j → %s', (value, message, field) => {
    expect(messageFor(value)).toEqual({ message, field });
  });

  test('a valid body passes and unknown keys are dropped', () => {
    expect(mask({ name: 'Ani', email: 'a@b.co', extra: true }, Body)).toEqual({ name: 'Ani', email: 'a@b.co' });
  });
});

describe('content security policy', () => {
  test('strict by default: no inline script or style, no framing', () => {
    const csp = buildCsp();
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
  });

  test('the dev live-reload origin is allowed to connect, nothing else changes', () => {
    const csp = buildCsp(['http://127.0.0.1:35729']);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:35729;");
    expect(csp.replace(' http://127.0.0.1:35729', '')).toBe(buildCsp());
  });
});
