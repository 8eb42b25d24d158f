import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SheetTable } from '../../src/domain/sheet/sheetTable';
import { hasEnoughData } from '../../src/workers/read/rowData';

const cell = fc.constantFrom('', ' ', '-', '—', ' - ', '-5', 'Budi', 'Rp 0', '\u00a0', 'é', '12');

describe('SheetTable.thinRows', () => {
  it('names exactly the rows the merge skips (fewer than 2 filled values)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 30 }),
        (rows) => {
          const headers = ['A', 'B', 'C'];
          const table = SheetTable.fromRows(
            headers,
            rows.map((r) => Object.fromEntries(headers.map((h, i) => [h, r[i]]))),
          );
          const expected = table.rows().flatMap((row, i) => (hasEnoughData(row) ? [] : [i]));
          expect([...table.thinRows()]).toEqual(expected);
        },
      ),
    );
  });
});
