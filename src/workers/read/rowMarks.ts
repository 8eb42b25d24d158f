// Which rows of a sheet read start unselected, and why (docs/rows.md): the ones that look like
// totals (src/domain/sheet/totalRows.ts) and the ones hidden in the workbook (hiddenRows.ts).
import { totalRowIndexes } from '../../domain/sheet/totalRows';
import type { SheetCells } from './readWorkbook';

export interface RowMarks {
  /** The sheet's row number (1-based) of each row read, for the notices. */
  sheetRowNumbers: Uint32Array;
  /** Indexes of the rows read that look like totals. */
  totalRows: Uint32Array;
  /** Indexes of the rows read that are hidden or filtered out in the workbook. */
  hiddenRows: Uint32Array;
}

export function rowMarks(data: SheetCells, hidden: ReadonlySet<number>): RowMarks {
  const totals = totalRowIndexes({
    rowCount: data.cells.length,
    columnCount: data.headers.length,
    text: (row, column) => data.cells[row][column] ?? '',
    number: (row, column) => data.numbers[row]?.[column]?.value,
  });
  const hiddenRows: number[] = [];
  if (hidden.size > 0)
    data.sheetRows.forEach((sheetRow, index) => {
      if (hidden.has(sheetRow)) hiddenRows.push(index);
    });
  return {
    sheetRowNumbers: Uint32Array.from(data.sheetRows, (row) => row + 1),
    totalRows: Uint32Array.from(totals),
    hiddenRows: Uint32Array.from(hiddenRows),
  };
}
