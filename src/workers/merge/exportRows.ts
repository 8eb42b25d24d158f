import * as XLSX from 'xlsx';
import { exportFileName } from './fileNames';
import type { NumberCell } from '../read';
import type { StageResult } from '../../domain/generator/generationJob';

const EXPORT_SHEET_NAME = 'Selected Data';

interface ExportArgs {
  rows: Record<string, string>[];
  /** placeholder → column; its key order is the column order of the export. */
  mapping: Record<string, string>;
  /** The number cell behind rows[i][column], if it was one: written as a number with its format. */
  numberAt?: (rowPosition: number, column: string) => NumberCell | undefined;
  now?: Date;
}

/**
 * One sheet 'Selected Data' with the mapped fields as columns. A number cell of the sheet is written
 * as a number with its own format; every other value as a text cell built by hand, so a value such
 * as '=HYPERLINK(…)' or '+62…' stays text and never a formula (no cell is given a formula).
 * Its count is the rows exported.
 */
export async function exportRows({
  rows,
  mapping,
  numberAt,
  now = new Date(),
}: ExportArgs): Promise<StageResult<ArrayBuffer>> {
  const fields = Object.keys(mapping).filter((field) => mapping[field]);
  const sheet: XLSX.WorkSheet = {};
  const data: (XLSX.CellObject | undefined)[][] = [fields.map((field) => ({ t: 's', v: field }))];
  rows.forEach((row, position) => {
    data.push(
      fields.map((field): XLSX.CellObject | undefined => {
        const column = mapping[field];
        const number = numberAt?.(position, column);
        if (number && Number.isFinite(number.value)) {
          return number.format === undefined
            ? { t: 'n', v: number.value }
            : { t: 'n', v: number.value, z: number.format };
        }
        const value = Object.hasOwn(row, column) ? row[column] : undefined;
        // An empty value is left as an empty cell rather than an empty string.
        return value == null || value === '' ? undefined : { t: 's', v: String(value) };
      }),
    );
  });
  sheet['!data'] = data as XLSX.CellObject[][];
  sheet['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: rows.length, c: Math.max(fields.length - 1, 0) },
  });
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, EXPORT_SHEET_NAME);
  const written = XLSX.write(workbook, {
    type: 'array',
    bookType: 'xlsx',
    compression: true,
    dense: true,
  } as XLSX.WritingOptions) as ArrayBuffer;
  return {
    kind: 'xlsx',
    bytes: written,
    fileName: exportFileName(now),
    count: rows.length,
    skipped: 0,
    warnings: [],
  };
}
