// Files whose cells are text (CSV, an HTML table saved as .xls) typed column by column
// (docs/values.md): a column whose every filled cell is a number in one spelling (Indonesian
// first, then English) holds numbers, else text as written. A number keeps the text as written
// for display, so nothing the sheet shows changes; where the spelling decided the number
// (`150.000`, `1,5`), a note says how the column was read, and the preview shows it.
import type * as XLSX from 'xlsx';
import { parseAmount, type NumberStyle } from '../../domain/values/amount';
import { columnLetter } from '../../domain/sheet/columnLetter';
import { findHeaderRow, HEADER_SEARCH_ROWS, type RowShape } from '../../domain/sheet/headerRow';

/** Notes on how a sheet's columns were read, kept beside the sheet SheetJS's type has no room for. */
const NOTES = new WeakMap<XLSX.WorkSheet, string[]>();

/** The notes of a sheet (none for a workbook's own typed cells). */
export function sheetNotes(sheet: XLSX.WorkSheet): string[] {
  return NOTES.get(sheet) ?? [];
}

/** The note for a column read as numbers whose spelling decided them. */
export function readAsNumbersNote(column: string, style: NumberStyle, example: string): string {
  return style === 'id'
    ? `Column "${column}" was read as numbers written the Indonesian way (dot for thousands, comma for decimals), e.g. ${example}.`
    : `Column "${column}" was read as numbers written the English way (comma for thousands, dot for decimals), e.g. ${example}.`;
}

/** `0812…`, `007`: an identifier whose leading zero a number would lose. */
function hasLeadingZero(text: string): boolean {
  return /^-?0\d/.test(text.replace(/^rp\.?\s*/i, ''));
}

/** `1.500` alone could be 1500 or 1.5: an English reading of it is a guess. */
const AMBIGUOUS_EN = /^\D*\d{1,3}\.\d{3}$/;

/** Per column, from `firstDataRow` on: the spelling every filled cell has, or null (text). */
function columnStyles(
  records: readonly string[][],
  firstDataRow: number,
  width: number,
): (NumberStyle | null)[] {
  const styles: (NumberStyle | null)[] = [];
  for (let c = 0; c < width; c++) {
    let chosen: NumberStyle | null = null;
    for (const style of ['id', 'en'] as const) {
      let filled = 0;
      let agrees = true;
      for (let r = firstDataRow; r < records.length && agrees; r++) {
        const text = (records[r][c] ?? '').trim();
        if (text === '') continue;
        filled++;
        agrees =
          !hasLeadingZero(text) &&
          parseAmount(text, style) !== null &&
          !(style === 'en' && AMBIGUOUS_EN.test(text));
      }
      if (agrees && filled > 0) {
        chosen = style;
        break;
      }
    }
    styles.push(chosen);
  }
  return styles;
}

function recordShape(record: readonly string[]): RowShape {
  let filled = 0;
  let text = 0;
  for (const raw of record) {
    const value = raw.trim();
    if (value === '') continue;
    filled++;
    if (parseAmount(value) === null) text++;
  }
  return { filled, text };
}

/** The number as the preview writes a General number: every digit, a decimal comma. */
const shownNumber = (n: number) => String(n).replace('.', ',');

/**
 * Records of text as a dense sheet: the header found by the workbook rule, number columns typed,
 * each number keeping its text as written (`w`), and a note per column whose spelling mattered.
 */
export function typedSheet(records: readonly string[][]): XLSX.WorkSheet {
  let width = 0;
  for (const record of records) width = Math.max(width, record.length);
  const header = findHeaderRow(records.slice(0, HEADER_SEARCH_ROWS * 2).map(recordShape));
  const styles = columnStyles(records, header + 1, width);
  const examples: (string | undefined)[] = new Array(width);
  const data: XLSX.CellObject[][] = records.map((record, r) =>
    record.map((raw, c): XLSX.CellObject => {
      const value = raw.trim();
      const style = r > header ? styles[c] : null;
      const number = style && value !== '' ? parseAmount(value, style) : null;
      if (number === null) return { t: 's', v: value };
      if (examples[c] === undefined && /[.,]/.test(value))
        examples[c] = `${value} is ${shownNumber(number)}`;
      return { t: 'n', v: number, w: value };
    }),
  );
  const sheet: XLSX.WorkSheet = { '!data': data };
  if (records.length > 0 && width > 0)
    sheet['!ref'] = `A1:${columnLetter(width - 1)}${records.length}`;
  const notes: string[] = [];
  styles.forEach((style, c) => {
    const example = examples[c];
    if (style && example) {
      const name = (records[header]?.[c] ?? '').trim() || `Column ${columnLetter(c)}`;
      notes.push(readAsNumbersNote(name, style, example));
    }
  });
  if (notes.length > 0) NOTES.set(sheet, notes);
  return sheet;
}

/**
 * An HTML table SheetJS read with `raw` (every cell the text as shown) typed like a CSV file's, so
 * `150.000` and `0811000111` are not turned into 150 and 811000111.
 */
export function typedHtmlSheet(sheet: XLSX.WorkSheet): XLSX.WorkSheet {
  const grid = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const records = Array.from(grid, (row) =>
    Array.from(row ?? [], (cell) => (cell?.v == null ? '' : String(cell.v))),
  );
  const typed = typedSheet(records);
  if (sheet['!merges']) typed['!merges'] = sheet['!merges'];
  return typed;
}
