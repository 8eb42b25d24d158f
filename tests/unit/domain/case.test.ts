import { describe, expect, test } from 'vitest';
import {
  keysToCamelCase,
  keysToSnakeCase,
  toCamelCase,
  toSnakeCase,
} from '../../../src/domain/text/case';

describe('key names', () => {
  test.each([
    ['numberOfActiveCustomer', 'number_of_active_customer'],
    ['createdAt', 'created_at'],
    ['id', 'id'],
    ['urlSharedFolderInvoice', 'url_shared_folder_invoice'],
    ['already_snake', 'already_snake'],
    ['imageData', 'image_data'],
  ])('%s ↔ %s', (camel, snake) => {
    expect(toSnakeCase(camel)).toBe(snake);
    expect(toCamelCase(snake)).toBe(camel === 'already_snake' ? 'alreadySnake' : camel);
  });

  test('digits and leading underscores', () => {
    expect(toSnakeCase('page2Size')).toBe('page2_size');
    expect(toCamelCase('_private_key')).toBe('_privateKey');
  });
});

describe('deep conversion', () => {
  test('converts nested objects and arrays', () => {
    const body = {
      invoicePeriod: '2024-01',
      items: [{ numberOfUsageTransaction: 1, nestedThing: { innerKey: true } }],
    };
    expect(keysToSnakeCase(body)).toEqual({
      invoice_period: '2024-01',
      items: [{ number_of_usage_transaction: 1, nested_thing: { inner_key: true } }],
    });
    expect(keysToCamelCase(keysToSnakeCase(body))).toEqual(body);
  });

  test('leaves values that are not plain objects untouched', () => {
    const date = new Date(0);
    const buffer = new ArrayBuffer(4);
    const blob = new Blob(['x']);
    const out = keysToCamelCase<{
      createdAt: Date;
      rawData: ArrayBuffer;
      imageFile: Blob;
      list: number[];
    }>({
      created_at: date,
      raw_data: buffer,
      image_file: blob,
      list: [1, 2],
    });
    expect(out.createdAt).toBe(date);
    expect(out.rawData).toBe(buffer);
    expect(out.imageFile).toBe(blob);
    expect(out.list).toEqual([1, 2]);
  });

  test('primitives and null pass through', () => {
    expect(keysToSnakeCase(null)).toBeNull();
    expect(keysToSnakeCase('someText')).toBe('someText');
  });

  test('a __proto__ key stays an own key and does not change the prototype', () => {
    const parsed = JSON.parse('{"__proto__": {"isAdmin": true}, "userName": "x"}');
    const out = keysToSnakeCase<Record<string, unknown>>(parsed);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect((out as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    expect(out.user_name).toBe('x');
  });
});
