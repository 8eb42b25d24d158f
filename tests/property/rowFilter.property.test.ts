import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { matchingRows, rowWindow } from '../../src/domain/sheet/rowFilter';

const cell = fc.string({ unit: fc.constantFrom('a', 'B', 'c', ' ', '/', '1', 'é'), maxLength: 6 });
const sheet = fc
  .integer({ min: 1, max: 5 })
  .chain((width) =>
    fc.array(fc.array(cell, { minLength: width, maxLength: width }), { maxLength: 40 }),
  );
const query = fc.string({ unit: fc.constantFrom('a', 'b', 'C', ' ', '1', 'É'), maxLength: 3 });

describe('matchingRows', () => {
  test('answers exactly the rows with a cell holding the query, case-insensitive, in table order', () => {
    fc.assert(
      fc.property(sheet, query, (rows, text) => {
        const needle = text.trim().toLocaleLowerCase();
        const expected = rows.flatMap((row, r) =>
          row.some((c) => c.toLocaleLowerCase().includes(needle)) ? [r] : [],
        );
        expect([...matchingRows(rows, text)]).toEqual(expected);
      }),
    );
  });

  test('an empty or blank query matches every row; a match never spans two cells', () => {
    fc.assert(
      fc.property(sheet, fc.constantFrom('', ' ', '  '), (rows, text) => {
        expect(matchingRows(rows, text).length).toBe(rows.length);
      }),
    );
    expect([...matchingRows([['ab', 'cd']], 'bc')]).toEqual([]);
  });
});

/** A table of `total` rows, a filter's matches (or none), a scroll position and a viewport. */
const view = fc.integer({ min: 0, max: 500 }).chain((total) =>
  fc.record({
    total: fc.constant(total),
    matches: fc.option(
      fc
        .uniqueArray(fc.nat({ max: Math.max(total - 1, 0) }), { maxLength: total })
        .map((m) => Uint32Array.from(m.sort((a, b) => a - b))),
    ),
    firstInView: fc.nat({ max: total + 20 }),
    inView: fc.integer({ min: 1, max: 40 }),
    overscan: fc.nat({ max: 10 }),
  }),
);

describe('rowWindow', () => {
  test('renders the rows in view plus the overscan, clamped to the rows shown, in order', () => {
    fc.assert(
      fc.property(view, (input) => {
        const { shown, start, indexes } = rowWindow(input);
        const rows = input.matches ? [...input.matches] : [...Array(input.total).keys()];
        expect(shown).toBe(rows.length);
        // The rendered rows are the shown rows from `start` on, without gaps.
        expect(indexes).toEqual(rows.slice(start, start + indexes.length));
        // Every row in view is rendered; no more than view + overscan on each side.
        const lastInView = Math.min(shown, input.firstInView + input.inView);
        for (let p = Math.min(input.firstInView, shown); p < lastInView; p++)
          expect(p >= start && p < start + indexes.length).toBe(true);
        expect(indexes.length).toBeLessThanOrEqual(input.inView + 2 * input.overscan);
        expect(start).toBeGreaterThanOrEqual(Math.min(shown, input.firstInView - input.overscan));
      }),
    );
  });
});
