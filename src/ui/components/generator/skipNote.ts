// The line under the selection counter that says, before Generate, which selected rows the merge
// will skip (docs/product.md#input-rules: fewer than 2 filled values), e.g. `51 selected, 1 will be skipped (row 51: …)`.
import { fill } from '../../../domain/i18n';
import type { SheetTable } from '../../../domain/sheet/sheetTable';

/** Row numbers named in the note; more are counted (`3, 7, 9, 12, 15 and 4 more`). */
const ROWS_NAMED = 5;

interface SkipTexts {
  willSkipRow: string;
  willSkipRows: string;
  andMore: string;
}

/** The note for the rows selected now, or '' when none of them will be skipped. */
export function skipNote(
  table: SheetTable,
  selection: Uint8Array,
  selectedCount: number,
  t: SkipTexts,
): string {
  const skipped: number[] = [];
  for (const index of table.thinRows()) if (selection[index] === 1) skipped.push(index + 1);
  if (skipped.length === 0) return '';
  const named = skipped.slice(0, ROWS_NAMED).join(', ');
  const rows =
    skipped.length > ROWS_NAMED
      ? fill(t.andMore, { list: named, more: skipped.length - ROWS_NAMED })
      : named;
  return fill(skipped.length === 1 ? t.willSkipRow : t.willSkipRows, {
    selected: selectedCount,
    skipped: skipped.length,
    rows,
  });
}
