// Rows of a sheet that are not invoices because they add up the rows above them (docs/rows.md):
// a cell that says TOTAL / JUMLAH / SUBTOTAL / GRAND TOTAL, or a row with fewer values than the row
// above whose numbers are each the sum of their column since the last total. Pure: the worker
// calls it with the cells it read, the tests with generated sheets.

/** The words a total row's label is, in any case, with an optional ':' after it. */
const TOTAL_LABELS = new Set([
  'total',
  'totals',
  'jumlah',
  'subtotal',
  'sub total',
  'sub-total',
  'grand total',
  'jumlah total',
  'total keseluruhan',
  'total akhir',
]);

/** Whether a cell's text is a total row's label (`TOTAL`, `Total:`, `Grand Total`, `JUMLAH`). */
export function isTotalLabel(text: string): boolean {
  const label = text.trim().replace(/\s*:$/, '').replace(/\s+/g, ' ').toLowerCase();
  return TOTAL_LABELS.has(label);
}

/** Read access to the rows the worker kept: a cell's text and, for a number cell, its number. */
export interface RowCells {
  readonly rowCount: number;
  readonly columnCount: number;
  text(row: number, column: number): string;
  /** The cell's number when it is a number cell, else undefined. */
  number(row: number, column: number): number | undefined;
}

/** Sums agree to a cent, relative to their size (binary noise of long columns). */
function sameAmount(a: number, b: number): boolean {
  return Math.abs(a - b) <= Math.max(0.005, Math.abs(b) * 1e-9);
}

function filledCount(cells: RowCells, row: number): number {
  let filled = 0;
  for (let c = 0; c < cells.columnCount; c++) if (cells.text(row, c).trim() !== '') filled++;
  return filled;
}

function hasTotalLabel(cells: RowCells, row: number): boolean {
  for (let c = 0; c < cells.columnCount; c++) {
    const text = cells.text(row, c);
    // Labels are short: a long cell is not read at all.
    if (text.length <= 24 && isTotalLabel(text)) return true;
  }
  return false;
}

/**
 * Indexes (0-based, in the rows given) of the rows that look like totals. A sum row must hold at
 * least one number in a column that has numbers in 2 or more rows above it (since the last total
 * row), every such number must equal that column's sum, and it must have fewer filled cells than the
 * row above (a total leaves the name or the customer blank): so a row whose quantity happens to be
 * the sum of those above is not taken for a total.
 */
export function totalRowIndexes(cells: RowCells): number[] {
  const found: number[] = [];
  const sums = new Float64Array(cells.columnCount);
  const counts = new Uint32Array(cells.columnCount);
  let previousFilled = 0;
  for (let row = 0; row < cells.rowCount; row++) {
    const filled = filledCount(cells, row);
    let total = hasTotalLabel(cells, row);
    if (!total && filled < previousFilled) {
      let matched = 0;
      let differs = false;
      for (let c = 0; c < cells.columnCount && !differs; c++) {
        const value = cells.number(row, c);
        if (value === undefined || counts[c] < 2) continue;
        if (sameAmount(value, sums[c])) matched++;
        else differs = true;
      }
      total = matched > 0 && !differs;
    }
    if (total) {
      found.push(row);
      // A subtotal closes its block: the next sum starts after it.
      sums.fill(0);
      counts.fill(0);
    } else {
      for (let c = 0; c < cells.columnCount; c++) {
        const value = cells.number(row, c);
        if (value === undefined) continue;
        sums[c] += value;
        counts[c]++;
      }
    }
    previousFilled = filled;
  }
  return found;
}
