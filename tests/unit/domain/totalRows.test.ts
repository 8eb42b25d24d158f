// Which rows look like totals (docs/rows.md): by their label, or by numbers that are the sums of
// their columns above in a row thinner than the one above it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTotalLabel, totalRowIndexes, type RowCells } from '../../../src/domain/sheet/totalRows';

type Cell = string | number;

/** Rows of text and number cells, as the worker reads them. */
function cellsOf(rows: Cell[][]): RowCells {
  const columnCount = Math.max(0, ...rows.map((row) => row.length));
  return {
    rowCount: rows.length,
    columnCount,
    text: (r, c) => (rows[r][c] === undefined ? '' : String(rows[r][c])),
    number: (r, c) => (typeof rows[r][c] === 'number' ? (rows[r][c] as number) : undefined),
  };
}

describe('total labels', () => {
  it.each([
    'TOTAL',
    'Total',
    'total:',
    'Total :',
    'JUMLAH',
    'Jumlah',
    'SUBTOTAL',
    'Sub Total',
    'GRAND TOTAL',
    'Grand  total:',
  ])('%s is a total label', (label) => expect(isTotalLabel(label)).toBe(true));

  it.each(['Total Tagihan', 'Totalindo', 'Budi', '', 'Jumlah pelanggan 3'])('%s is not', (text) =>
    expect(isTotalLabel(text)).toBe(false),
  );
});

describe('total rows', () => {
  it('a last row labelled TOTAL, in any column', () => {
    const rows: Cell[][] = [
      ['Budi', '0811', 150000],
      ['Sari', '0812', 275000],
      ['', 'Total:', 425000],
    ];
    expect(totalRowIndexes(cellsOf(rows))).toEqual([2]);
  });

  it('a row without a label whose numbers are the sums above, with the name left blank', () => {
    const rows: Cell[][] = [
      ['Budi', 2, 150000],
      ['Sari', 1, 275000],
      ['Tono', 3, 99000],
      ['', 6, 524000],
    ];
    expect(totalRowIndexes(cellsOf(rows))).toEqual([3]);
  });

  it('subtotals close their block: each sums only its own rows, the grand total by its label', () => {
    const rows: Cell[][] = [
      ['Budi', 100],
      ['Sari', 200],
      ['', 300],
      ['Tono', 50],
      ['Dewi', 70],
      ['', 120],
      ['GRAND TOTAL', 420],
    ];
    expect(totalRowIndexes(cellsOf(rows))).toEqual([2, 5, 6]);
  });

  it('a customer whose quantity is the sum of those above, with every cell filled, is not a total', () => {
    const rows: Cell[][] = [
      ['Budi', 'Bandung', 1],
      ['Sari', 'Medan', 1],
      ['Tono', 'Bogor', 2],
    ];
    expect(totalRowIndexes(cellsOf(rows))).toEqual([]);
  });

  it('a thinner row whose numbers differ from a sum is not a total', () => {
    const rows: Cell[][] = [
      ['Budi', 'Bandung', 100],
      ['Sari', 'Medan', 200],
      ['Tono', '', 250],
    ];
    expect(totalRowIndexes(cellsOf(rows))).toEqual([]);
  });

  it('a sum of one row above is not enough to call it a total', () => {
    expect(
      totalRowIndexes(
        cellsOf([
          ['Budi', 'x', 100],
          ['', '', 100],
        ]),
      ),
    ).toEqual([]);
  });

  it('property: customers with names never come out as totals; a blank-named sum row always does', () => {
    const customer = fc.record({
      name: fc.stringMatching(/^[A-Z][a-z]{2,8}$/).filter((name) => !isTotalLabel(name)),
      count: fc.integer({ min: 1, max: 50 }),
      amount: fc.integer({ min: 1000, max: 5_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(customer, { minLength: 2, maxLength: 30 }), (customers) => {
        const rows: Cell[][] = customers.map((c) => [c.name, c.count, c.amount]);
        expect(totalRowIndexes(cellsOf(rows))).toEqual([]);
        const sum = (k: 'count' | 'amount') => customers.reduce((s, c) => s + c[k], 0);
        rows.push(['', sum('count'), sum('amount')]);
        expect(totalRowIndexes(cellsOf(rows))).toEqual([customers.length]);
      }),
    );
  });

  it('property: a labelled total row is found wherever it stands and whatever it holds', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.stringMatching(/^[a-z]{3,6}$/), fc.integer()), { maxLength: 20 }),
        fc.nat(),
        fc.constantFrom('TOTAL', 'Jumlah:', 'Grand Total', 'subtotal'),
        (body, at, label) => {
          const rows: Cell[][] = body.map(([name, n]) => [name, n]);
          const index = rows.length === 0 ? 0 : at % (rows.length + 1);
          rows.splice(index, 0, [label, 1]);
          expect(totalRowIndexes(cellsOf(rows))).toContain(index);
        },
      ),
    );
  });
});
