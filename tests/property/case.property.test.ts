import { expect, test } from 'vitest';
import fc from 'fast-check';
import {
  keysToCamelCase,
  keysToSnakeCase,
  toCamelCase,
  toSnakeCase,
} from '../../src/domain/text/case';

const camelKey = fc.stringMatching(/^[a-z][a-z0-9]{0,8}([A-Z][a-z0-9]{1,8}){0,4}$/);

test('camelCase keys survive snake and back', () => {
  fc.assert(fc.property(camelKey, (k) => toCamelCase(toSnakeCase(k)) === k));
});

test('snake keys have no capitals', () => {
  fc.assert(fc.property(camelKey, (k) => toSnakeCase(k) === toSnakeCase(k).toLowerCase()));
});

const tree = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null)),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(camelKey, tie('node'), { maxKeys: 4 }),
  ),
})).node;

test('deep conversion of camelCase objects round-trips', () => {
  fc.assert(
    fc.property(tree, (value) => {
      expect(keysToCamelCase(keysToSnakeCase(value))).toEqual(value);
    }),
  );
});
