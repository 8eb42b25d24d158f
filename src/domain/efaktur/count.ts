// How many faktur the selected rows make (docs/efaktur.md, grouping): one per row, or with
// `Group rows by` one per distinct value of that column, as the worker groups them (trimmed text).
import type { SheetTable } from '../sheet/sheetTable';

export function fakturCount(
  table: SheetTable,
  selection: Uint8Array,
  groupBy: string | null,
): number {
  const column = groupBy ? table.headers.indexOf(groupBy) : -1;
  let rows = 0;
  const groups = new Set<string>();
  for (let r = 0; r < table.rowCount; r++) {
    if (selection[r] !== 1) continue;
    rows++;
    if (column >= 0) groups.add(table.cell(r, column).trim());
  }
  return column >= 0 ? groups.size : rows;
}
