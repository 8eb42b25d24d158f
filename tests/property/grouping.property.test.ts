import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { groupPositions } from '../../src/domain/grouping';

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
