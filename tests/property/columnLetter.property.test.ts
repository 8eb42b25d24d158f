// A column's letters (src/domain/sheet/columnLetter.ts), one rule for the .xlsx export and the reader:
// Excel's own headings, and every index has letters of its own that read back to it.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { columnLetter } from '../../src/domain/sheet/columnLetter';

/** The letters read back as Excel reads a cell reference's column. */
const indexOf = (letters: string) =>
  [...letters].reduce((n, ch) => n * 26 + (ch.charCodeAt(0) - 64), 0) - 1;

test('the headings Excel shows', () => {
  expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16383].map(columnLetter)).toEqual([
    'A',
    'B',
    'Z',
    'AA',
    'AB',
    'AZ',
    'BA',
    'ZZ',
    'AAA',
    'XFD',
  ]);
});

test('capital letters only, and they read back to the index', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10_000_000 }), (index) => {
      const letters = columnLetter(index);
      expect(letters).toMatch(/^[A-Z]+$/);
      expect(indexOf(letters)).toBe(index);
    }),
  );
});

test('columns sort as their letters do, shorter first', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 100_000 }), (index) => {
      const [a, b] = [columnLetter(index), columnLetter(index + 1)];
      expect(a.length < b.length || (a.length === b.length && a < b)).toBe(true);
    }),
  );
});
