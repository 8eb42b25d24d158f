import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findHeaderRow, type RowShape } from '../../src/domain/sheet/headerRow';

const blank: RowShape = { filled: 0, text: 0 };

/** A title block: one-cell text lines (a report title, `Periode: …`) and blank rows. */
const titleBlock = fc.array(fc.constantFrom<RowShape>(blank, { filled: 1, text: 1 }), {
  maxLength: 6,
});

/** A table of `width` columns: a header of text, then rows with at least one number. */
const table = fc.integer({ min: 2, max: 20 }).chain((width) =>
  fc.tuple(
    fc.constant<RowShape>({ filled: width, text: width }),
    fc.array(
      fc
        .integer({ min: 1, max: width })
        .chain((filled) =>
          fc.integer({ min: 0, max: filled - 1 }).map((text) => ({ filled, text })),
        ),
      { minLength: 1, maxLength: 30 },
    ),
  ),
);

describe('findHeaderRow', () => {
  test('finds the header below any title block, whatever the table', () => {
    fc.assert(
      fc.property(titleBlock, table, (title, [header, data]) => {
        expect(findHeaderRow([...title, header, ...data])).toBe(title.length);
      }),
    );
  });

  test('a sheet whose first row is the header keeps it', () => {
    fc.assert(
      fc.property(table, ([header, data]) => {
        expect(findHeaderRow([header, ...data])).toBe(0);
      }),
    );
  });

  test('a header needs a row after it', () => {
    expect(findHeaderRow([{ filled: 1, text: 1 }, blank, { filled: 3, text: 3 }])).toBe(-1);
    expect(findHeaderRow([])).toBe(-1);
  });

  test('a sheet of numbers names its columns with its first filled row', () => {
    expect(findHeaderRow([blank, { filled: 3, text: 0 }, { filled: 3, text: 0 }])).toBe(1);
  });
});
