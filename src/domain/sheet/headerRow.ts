// Billing exports rarely start with their header: a title (`LAPORAN TAGIHAN LAYANAN VOICE`), a
// period line and blank rows come first. The header is the first row that spans the table (more
// than half as many filled cells as the widest row), is mostly text, and has a row after it.

/** What the finder needs of a row: how many cells are filled, and how many of those are text. */
export interface RowShape {
  filled: number;
  text: number;
}

/** Rows looked at for a header: a title block is a few rows, never hundreds. */
export const HEADER_SEARCH_ROWS = 50;

/**
 * The index of the header row among `rows` (the sheet's rows from its first, empty rows included),
 * or -1 when no row has a filled row after it. Falls back to the first filled row when no row
 * looks like a header (a sheet of numbers keeps today's rule: the first row names the columns).
 */
export function findHeaderRow(rows: readonly RowShape[]): number {
  const searched = rows.slice(0, HEADER_SEARCH_ROWS);
  const widest = Math.max(0, ...rows.slice(0, HEADER_SEARCH_ROWS * 2).map((row) => row.filled));
  let lastFilled = -1;
  for (let i = rows.length - 1; i >= 0; i--) {
    if (rows[i].filled > 0) {
      lastFilled = i;
      break;
    }
  }
  let firstFilled = -1;
  for (let i = 0; i < searched.length; i++) {
    const row = searched[i];
    if (row.filled === 0) continue;
    if (firstFilled < 0) firstFilled = i;
    const spans = row.filled * 2 > widest || (row.filled >= 2 && row.filled * 2 >= widest);
    const mostlyText = row.text * 2 > row.filled;
    // A header with nothing after it: the sheet has column names but no data.
    if (spans && mostlyText) return i < lastFilled ? i : -1;
  }
  return firstFilled < lastFilled ? firstFilled : -1;
}
