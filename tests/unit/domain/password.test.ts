import { expect, test } from 'vitest';
import { passwordStrength } from '../../../src/domain/users/password';

test.each([
  ['', 0, 'Weak'],
  ['abc', 25, 'Weak'],
  ['abcDEF', 50, 'Fair'],
  ['abcdefgh', 50, 'Fair'],
  ['abcDEF12', 100, 'Strong'],
  ['abcDEF1', 75, 'Good'],
  ['ABCDEFGH1', 75, 'Good'],
  ['12345678', 50, 'Fair'],
])('%j scores %d (%s)', (pw, score, label) => {
  expect(passwordStrength(pw)).toEqual({ score, label });
});
