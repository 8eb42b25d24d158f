import * as XLSX from 'xlsx';
import { findHeaderRow, HEADER_SEARCH_ROWS, type RowShape } from '../../domain/sheet/headerRow';
import { assertReadable } from '../limits';
import { cellText, numberFormatOf } from './cellDisplay';
import { isDelimitedText, readDelimited } from './csv';
import { sheetNotes, typedHtmlSheet } from './textColumns';

/** One data row keyed by header. Built without a prototype, so a header like '__proto__' is plain data. */
export type SheetRow = Record<string, string>;

export const EMPTY_SHEET_MESSAGE = 'Excel file is empty';

/** A web page saved as .xls whose table cannot be found: what to do instead. */
const HTML_WITHOUT_TABLE =
  'This file is a web page saved as .xls and holds no table that can be read. Open it in Excel and save it as .xlsx, then choose that file.';

/** A sheet with a header line and nothing under it: say so, not that the file is empty. */
export function headerOnlyMessage(sheet: string): string {
  return `Sheet "${sheet}" has column names but no data rows: add rows under the header, or choose another sheet.`;
}

// Dense mode, no styles/formulas/HTML: raw values plus each number cell's format (`z`), which we
// apply ourselves (src/workers/read/cellDisplay.ts). Dates stay numbers (serials) with their
// format, so a date, a time and a date-time each show as the cell does.
export const READ_OPTIONS: XLSX.ParsingOptions = {
  type: 'array',
  dense: true,
  cellDates: false,
  cellNF: true,
  cellFormula: false,
  cellHTML: false,
  cellText: false,
  cellStyles: false,
  sheetStubs: false,
};

/** Trimmed headers; a repeated name becomes 'Name (2)', 'Name (3)'… so no column hides another. */
function uniqueHeaders(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    if (name === '') return '';
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${name} (${n})`;
    used.add(candidate);
    return candidate;
  });
}

/** An OpenDocument spreadsheet: a zip whose first entry, `mimetype`, names it. */
function isOpenDocument(bytes: Uint8Array): boolean {
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) return false;
  return new TextDecoder().decode(bytes.subarray(30, 100)).includes('opendocument.spreadsheet');
}

/** A web page saved as .xls (a portal export): markup holding a table. */
function isHtmlTable(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 4096)).toLowerCase();
  return /^\s*(?:\ufeff)?</.test(head) && /<(?:html|table|!doctype html)/.test(head);
}

/** A web page's tables as text, typed by our rules (./textColumns), never SheetJS's guesses. */
function readHtmlTables(bytes: Uint8Array): XLSX.WorkBook {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(bytes, { ...READ_OPTIONS, raw: true });
  } catch {
    throw new Error(HTML_WITHOUT_TABLE);
  }
  if (book.SheetNames.length === 0 || !book.Sheets[book.SheetNames[0]]?.['!ref'])
    throw new Error(HTML_WITHOUT_TABLE);
  for (const name of book.SheetNames) book.Sheets[name] = typedHtmlSheet(book.Sheets[name]);
  return book;
}

export function parseWorkbook(buffer: ArrayBuffer): XLSX.WorkBook {
  const bytes = assertReadable(buffer, 'data');
  if (isDelimitedText(bytes)) return readDelimited(bytes);
  // An .ods file keeps each cell's displayed text (LibreOffice wrote it in the file's locale):
  // that text is what the sheet shows, so SheetJS is asked for it.
  if (isOpenDocument(bytes)) return XLSX.read(bytes, { ...READ_OPTIONS, cellText: true });
  if (isHtmlTable(bytes)) return readHtmlTables(bytes);
  return XLSX.read(bytes, READ_OPTIONS);
}

function sheetNotFoundMessage(sheetName: string, available: string[]): string {
  return `Sheet "${sheetName}" not found. Available sheets: ${available.join(', ')}`;
}

/** A number cell's value and own format (undefined: General), kept beside its display text. */
export interface NumberCell {
  value: number;
  format: string | undefined;
}

/** Per row, the number cells by column position; undefined for a row without numbers. */
type RowNumbers = ((NumberCell | undefined)[] | undefined)[];

/** A sheet's rows as cell texts in header order (the worker keeps these: arrays are cheaper than 50,000 keyed objects). */
export interface SheetCells {
  headers: string[];
  cells: string[][];
  /** numbers[r][c]: the number behind cells[r][c] when it is a number cell (formats and export need it). */
  numbers: RowNumbers;
  /** The sheet's row (1-based, as the spreadsheet numbers it) the headers were read from. */
  headerRow: number;
  /** sheetRows[r]: the sheet's row (0-based) cells[r] was read from (empty rows are left out). */
  sheetRows: number[];
  /** How text columns were read as numbers (CSV, HTML tables), for the preview to say. */
  notes: string[];
}

/** A header row the user chose below the sheet's last row: what to choose instead. */
function headerRowBeyondMessage(row: number, sheet: string, lastRow: number): string {
  return `Header row ${row} is beyond the last row of sheet "${sheet}" (row ${lastRow}). Choose a row from 1 to ${lastRow}.`;
}

/** A header row the user chose with no data rows under it. */
function headerRowLastMessage(row: number, sheet: string): string {
  return `Header row ${row} of sheet "${sheet}" has no data rows under it. Choose a row above it.`;
}

/** A header row the user chose that holds nothing. */
function headerRowEmptyMessage(row: number, sheet: string): string {
  return `Row ${row} of sheet "${sheet}" is empty. Choose the row that holds the column names.`;
}

function columnHasData(
  grid: (XLSX.CellObject[] | undefined)[],
  column: number,
  from: number,
  to: number,
): boolean {
  for (let r = from; r <= to; r++) if (cellText(grid[r]?.[column]) !== '') return true;
  return false;
}

/** A cell that names something: text that is not a number written as text. */
function isTextCell(cell: XLSX.CellObject | undefined): boolean {
  return cell?.t === 's' && typeof cell.v === 'string' && /[^\d\s.,%+-]/.test(cell.v);
}

/**
 * The shapes of the sheet's first rows for the header finder; a sheet longer than that gets one
 * more shape standing for the rows after (they are data, whatever they hold).
 */
function rowShapes(grid: (XLSX.CellObject[] | undefined)[], range: XLSX.Range): RowShape[] {
  const last = Math.min(range.e.r, range.s.r + HEADER_SEARCH_ROWS * 2 - 1);
  const shapes: RowShape[] = [];
  for (let r = range.s.r; r <= last; r++) {
    const line = grid[r];
    let filled = 0;
    let text = 0;
    for (let c = range.s.c; line && c <= range.e.c; c++) {
      if (cellText(line[c]) === '') continue;
      filled++;
      if (isTextCell(line[c])) text++;
    }
    shapes.push({ filled, text });
  }
  if (last < range.e.r) shapes.push({ filled: 1, text: 0 });
  return shapes;
}

/**
 * Applies docs/product.md#input-rules's reading rules to one sheet of an already parsed workbook. The header is the
 * first row that looks like one (src/domain/sheet/headerRow.ts): title and period lines above it, as
 * billing exports have, are not data. `chosenHeaderRow` (1-based, the Header row control) overrides
 * the finder.
 */
export function sheetCells(
  workbook: XLSX.WorkBook,
  sheetName: string,
  chosenHeaderRow?: number,
): SheetCells {
  const sheet = Object.hasOwn(workbook.Sheets, sheetName) ? workbook.Sheets[sheetName] : undefined;
  if (!sheet) throw new Error(sheetNotFoundMessage(sheetName, workbook.SheetNames));
  const ref = sheet['!ref'];
  const grid = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  if (!ref) throw new Error(EMPTY_SHEET_MESSAGE);
  const range = XLSX.utils.decode_range(ref);
  if (chosenHeaderRow !== undefined && chosenHeaderRow - 1 > range.e.r)
    throw new Error(headerRowBeyondMessage(chosenHeaderRow, sheetName, range.e.r + 1));
  const shapes = chosenHeaderRow === undefined ? rowShapes(grid, range) : [];
  const headerRow =
    chosenHeaderRow === undefined ? range.s.r + findHeaderRow(shapes) : chosenHeaderRow - 1;
  if (headerRow < range.s.r && chosenHeaderRow === undefined)
    throw new Error(
      shapes.some((row) => row.filled > 0) ? headerOnlyMessage(sheetName) : EMPTY_SHEET_MESSAGE,
    );
  const headerCells = grid[headerRow] ?? [];
  const rawHeaders: string[] = [];
  for (let c = range.s.c; c <= range.e.c; c++) rawHeaders.push(cellText(headerCells[c]));
  // A column with data under an empty header cell is named by its letter (`Column F`), not dropped.
  for (let i = 0; i < rawHeaders.length; i++) {
    if (rawHeaders[i] === '' && columnHasData(grid, range.s.c + i, headerRow + 1, range.e.r)) {
      rawHeaders[i] = `Column ${XLSX.utils.encode_col(range.s.c + i)}`;
    }
  }
  const names = uniqueHeaders(rawHeaders);
  const columns: number[] = [];
  const headers: string[] = [];
  names.forEach((name, i) => {
    if (name !== '') {
      columns.push(range.s.c + i);
      headers.push(name);
    }
  });
  if (headers.length === 0)
    throw new Error(
      chosenHeaderRow === undefined
        ? EMPTY_SHEET_MESSAGE
        : headerRowEmptyMessage(chosenHeaderRow, sheetName),
    );

  const cells: string[][] = [];
  const numbers: RowNumbers = [];
  const sheetRows: number[] = [];
  for (let r = headerRow + 1; r <= range.e.r; r++) {
    const line = grid[r];
    if (!line) continue;
    const values = new Array<string>(columns.length);
    let rowNumbers: (NumberCell | undefined)[] | undefined;
    let filled = false;
    for (let i = 0; i < columns.length; i++) {
      const cell = line[columns[i]];
      const text = cellText(cell);
      if (text !== '') filled = true;
      values[i] = text;
      if (cell?.t === 'n' && typeof cell.v === 'number') {
        rowNumbers ??= [];
        rowNumbers[i] = { value: cell.v, format: numberFormatOf(cell) };
      }
    }
    if (filled) {
      cells.push(values);
      numbers.push(rowNumbers);
      sheetRows.push(r);
    }
  }
  if (cells.length === 0)
    throw new Error(
      chosenHeaderRow === undefined
        ? headerOnlyMessage(sheetName)
        : headerRowLastMessage(chosenHeaderRow, sheetName),
    );
  return { headers, cells, numbers, headerRow: headerRow + 1, sheetRows, notes: sheetNotes(sheet) };
}

/** One row keyed by header, without a prototype, so a header like '__proto__' is plain data. */
export function rowObject(headers: readonly string[], values: readonly string[]): SheetRow {
  const row: SheetRow = Object.create(null);
  for (let i = 0; i < headers.length; i++) row[headers[i]] = values[i] ?? '';
  return row;
}
