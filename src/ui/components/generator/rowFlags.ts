// The notices above the preview naming the rows that start unselected because they look like
// totals or are hidden in the sheet (docs/rows.md), while they stay unselected; named by the
// sheet's own row numbers, as the user finds them in Excel.
import { fill } from '../../../domain/i18n';
import type { SheetTable } from '../../../domain/sheet/sheetTable';

/** Row numbers named in a notice; more are counted (`3, 7, 9, 12, 15 and 4 more`). */
const ROWS_NAMED = 5;

export interface RowNoticeTexts {
  andMore: string;
  totalRowNotice: string;
  totalRowsNotice: string;
  hiddenRowNotice: string;
  hiddenRowsNotice: string;
  includeTotalRow: string;
  includeTotalRows: string;
  includeHiddenRow: string;
  includeHiddenRows: string;
}

export interface RowNotice {
  kind: 'total' | 'hidden';
  text: string;
  /** The button's label, and the rows (table indexes) it adds to the selection. */
  include: string;
  rows: Uint32Array;
}

function rowList(table: SheetTable, rows: Uint32Array, andMore: string): string {
  const named = Array.from(rows.subarray(0, ROWS_NAMED), (i) => table.sheetRow(i)).join(', ');
  return rows.length > ROWS_NAMED
    ? fill(andMore, { list: named, more: rows.length - ROWS_NAMED })
    : named;
}

function unselected(rows: Uint32Array, selection: Uint8Array, except?: Uint32Array) {
  const skip = new Set(except);
  return Uint32Array.from(Array.from(rows).filter((i) => selection[i] !== 1 && !skip.has(i)));
}

/** The notices for the flagged rows not selected now (a hidden total row is named as hidden). */
export function rowNotices(
  table: SheetTable,
  selection: Uint8Array,
  t: RowNoticeTexts,
): RowNotice[] {
  const notices: RowNotice[] = [];
  const hidden = unselected(table.hiddenRows, selection);
  const totals = unselected(table.totalRows, selection, table.hiddenRows);
  if (totals.length > 0) {
    const one = totals.length === 1;
    notices.push({
      kind: 'total',
      text: fill(one ? t.totalRowNotice : t.totalRowsNotice, {
        rows: rowList(table, totals, t.andMore),
      }),
      include: one ? t.includeTotalRow : t.includeTotalRows,
      rows: totals,
    });
  }
  if (hidden.length > 0) {
    const one = hidden.length === 1;
    notices.push({
      kind: 'hidden',
      text: fill(one ? t.hiddenRowNotice : t.hiddenRowsNotice, {
        count: hidden.length,
        rows: rowList(table, hidden, t.andMore),
      }),
      include: one ? t.includeHiddenRow : t.includeHiddenRows,
      rows: hidden,
    });
  }
  return notices;
}

/** What marks a row in the preview: hidden wins over total; null for a row neither. */
export function rowMark(table: SheetTable, index: number): 'total' | 'hidden' | null {
  if (table.hiddenRows.includes(index)) return 'hidden';
  if (table.totalRows.includes(index)) return 'total';
  return null;
}
