import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { groupPositions } from '../../src/domain/generator/grouping';
import { SheetTable } from '../../src/domain/sheet/sheetTable';

const keys = fc.array(fc.constantFrom('', 'C1', 'C2', 'c1', 'C3', ' C1', 'Ü'), { maxLength: 60 });

describe('groupPositions', () => {
  test('every keyed position is in exactly one group, with its own key, in order', () => {
    fc.assert(
      fc.property(keys, (list) => {
        const groups = groupPositions(list.length, (p) => list[p]);
        const seen = groups.flat().sort((a, b) => a - b);
        expect(seen).toEqual(list.flatMap((key, p) => (key === '' ? [] : [p])));
        for (const group of groups) {
          expect(new Set(group.map((p) => list[p])).size).toBe(1);
          expect(group).toEqual([...group].sort((a, b) => a - b));
        }
      }),
    );
  });

  test('groups come in the order their keys first appear, one per distinct key', () => {
    fc.assert(
      fc.property(keys, (list) => {
        const groups = groupPositions(list.length, (p) => list[p]);
        const firstAppearance = [...new Set(list.filter((key) => key !== ''))];
        expect(groups.map((g) => list[g[0]])).toEqual(firstAppearance);
        expect(groups.map((g) => g[0])).toEqual(firstAppearance.map((key) => list.indexOf(key)));
      }),
    );
  });

  test('a position answered null is in no group', () => {
    fc.assert(
      fc.property(keys, fc.array(fc.boolean()), (list, dropped) => {
        const keyAt = (p: number) => (dropped[p] ? null : list[p]);
        const groups = groupPositions(list.length, keyAt);
        for (const p of groups.flat()) expect(dropped[p]).not.toBe(true);
      }),
    );
  });
});

describe('SheetTable.cellKey', () => {
  test('two cells have the same key exactly when they hold the same text', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'A', 'é', 'e\u0301', '😀', '中', ' ', '\u0000'),
      maxLength: 4,
    });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 12 }), (cells) => {
        const table = SheetTable.fromRows(
          ['K'],
          cells.map((K) => ({ K })),
        );
        for (let a = 0; a < cells.length; a++)
          for (let b = 0; b < cells.length; b++)
            expect(table.cellKey(a, 0) === table.cellKey(b, 0)).toBe(cells[a] === cells[b]);
        expect(cells.map((_, r) => table.cellKey(r, 0) === '')).toEqual(cells.map((c) => c === ''));
      }),
    );
  });
});
