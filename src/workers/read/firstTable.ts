// The sheet a workbook opens on (docs/rows.md): the first that holds a table, so an instruction
// sheet of prose before the data is passed over; every sheet stays in the picker.
import type { WorkBook } from 'xlsx';
import { isFilledValue, MIN_FILLED_VALUES } from '../../domain/sheet/rowData';
import { sheetCells, type SheetCells } from './readWorkbook';

/** The sheet chosen and its cells, or why no sheet could be read (the first sheet's error). */
export type FirstTable =
  { sheet: string; data: SheetCells } | { sheet: string; data: null; error: unknown };

/** A table: at least 2 columns and a row with at least 2 values (a row the merge would use). */
function isTable(data: SheetCells): boolean {
  if (data.headers.length < MIN_FILLED_VALUES) return false;
  return data.cells.some(
    (row) => row.filter((value) => isFilledValue(value)).length >= MIN_FILLED_VALUES,
  );
}

export function firstTable(workbook: WorkBook): FirstTable {
  let readable: { sheet: string; data: SheetCells } | null = null;
  let failed: { sheet: string; error: unknown } | null = null;
  for (const sheet of workbook.SheetNames) {
    try {
      const data = sheetCells(workbook, sheet);
      if (isTable(data)) return { sheet, data };
      readable ??= { sheet, data };
    } catch (error) {
      failed ??= { sheet, error };
    }
  }
  if (readable) return readable;
  return { sheet: failed?.sheet ?? workbook.SheetNames[0], data: null, error: failed?.error };
}
