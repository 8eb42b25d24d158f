// "As in sheet" against LibreOffice: every cell of every workbook reads as LibreOffice shows it
// in an Indonesian locale (docs/values.md). The workbooks are built here with number formats a
// billing export uses, converted by LibreOffice to .xls and .ods, plus the shared fixtures and a
// generated sample of formats and values.
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { cellText } from '../../../../src/workers/read/cellDisplay';
import { parseWorkbook } from '../../../../src/workers/read/readWorkbook';
import { libreOffice, type LibreOffice } from '../../../support/libreOfficeCells';
import { fixture } from '../docxBuilder';

type Value = string | number;

/** An .xlsx of one sheet: a header row of format names, then values in each column's format. */
function formattedBook(formats: readonly string[], rows: readonly Value[][]): Uint8Array {
  const sheet: XLSX.WorkSheet = {};
  formats.forEach(
    (format, c) => (sheet[XLSX.utils.encode_cell({ r: 0, c })] = { t: 's', v: format }),
  );
  rows.forEach((row, r) =>
    row.forEach((value, c) => {
      sheet[XLSX.utils.encode_cell({ r: r + 1, c })] =
        typeof value === 'number' ? { t: 'n', v: value, z: formats[c] } : { t: 's', v: value };
    }),
  );
  sheet['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: rows.length, c: formats.length - 1 },
  });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Data');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

// 45961 is 31/10/2025; Excel and LibreOffice disagree on serials before 1 March 1900 (Excel's
// leap day of 1900), so dates here start after it.
const BILLING_FORMATS = [
  'dd/mm/yyyy',
  'hh:mm:ss',
  'dd/mm/yyyy hh:mm',
  'm/d/yy',
  '"Rp"#,##0',
  '_("Rp"* #,##0_);_("Rp"* (#,##0);_("Rp"* "-"_);_(@_)',
  '[$Rp-421]#,##0.00',
  '#,##0',
  '#,##0.00',
  '0.00%',
  '0%',
  '@',
  'General',
  'd mmmm yyyy',
  'dddd, d mmm yy',
  'h:mm AM/PM',
  '[h]:mm:ss',
];
const BILLING_ROWS: Value[][] = [
  [
    45961,
    0.5871875,
    45961.5,
    45961,
    1370369,
    1370369,
    980.5,
    11234567,
    1234.567,
    0.125,
    0.11,
    '0811000111',
    12.5,
    45961,
    45961,
    0.5871875,
    1.5871875,
  ],
  [
    45962.25,
    0.99998,
    45000.123,
    46022,
    -2500,
    -2500,
    12.5,
    0,
    0.005,
    1,
    -0.5,
    '007',
    1e6,
    45658,
    46387,
    0.999,
    0.25,
  ],
  [100, 0, 61, 73050, 0, 0, 0, 999, -1234.5, -0.0333, 2, '62811', -7, 45292, 45351, 0, 100.5],
];

/** Formats drawn for the generated sample, and values each kind of format takes. */
const SAMPLE_FORMATS = [
  '0',
  '0.0',
  '#,##0',
  '#,##0.000',
  '"Rp"#,##0',
  '"Rp "#,##0.00',
  '0.0%',
  'dd/mm/yyyy',
  'dd-mm-yyyy',
  'hh:mm',
  'mmm yyyy',
  'General',
];
const sampleValue = (format: string) =>
  /[dmyh]/.test(format.replace(/"[^"]*"/g, ''))
    ? // Whole seconds, as typed or exported times are (LibreOffice and SheetJS round a
      // thousandth of a second before midnight differently).
      fc.integer({ min: 61 * 86_400, max: 73_050 * 86_400 }).map((s) => s / 86_400)
    : fc.oneof(
        fc.integer({ min: -99_999_999, max: 999_999_999 }),
        fc.double({ min: -1e6, max: 1e7, noNaN: true }).map((n) => Math.round(n * 1000) / 1000),
      );

function generatedBook(): Uint8Array {
  const rows = fc.sample(fc.tuple(...SAMPLE_FORMATS.map(sampleValue)), { numRuns: 40, seed: 31 });
  return formattedBook(SAMPLE_FORMATS, rows);
}

/** Every cell of the first sheet as we read it. */
function ourCells(bytes: Uint8Array): string[][] {
  const book = parseWorkbook(bytes.slice().buffer);
  const sheet = book.Sheets[book.SheetNames[0]];
  const grid = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
  const rows: string[][] = [];
  for (let r = 0; r <= range.e.r; r++) {
    const row: string[] = [];
    for (let c = 0; c <= range.e.c; c++) row.push(cellText(grid[r]?.[c]));
    rows.push(row);
  }
  return rows;
}

// Our reader trims text and writes booleans as Excel's TRUE/FALSE; LibreOffice in Indonesian
// says BENAR/SALAH (and 1/0 for an old BIFF5 .xls) and keeps padding spaces.
const BOOLEAN: Record<string, string> = {
  BENAR: 'TRUE',
  SALAH: 'FALSE',
  '1': 'TRUE',
  '0': 'FALSE',
};
function shown(text: string | undefined, ours: string): string {
  const trimmed = text?.trim() ?? '';
  return (ours === 'TRUE' || ours === 'FALSE') && Object.hasOwn(BOOLEAN, trimmed)
    ? BOOLEAN[trimmed]
    : trimmed;
}

/** Cells where we and LibreOffice differ, as `name A1: ours ≠ LibreOffice's`. */
function differences(name: string, ours: string[][], theirs: string[][]): string[] {
  const found: string[] = [];
  const rows = Math.max(ours.length, theirs.length);
  for (let r = 0; r < rows; r++) {
    const columns = Math.max(ours[r]?.length ?? 0, theirs[r]?.length ?? 0);
    for (let c = 0; c < columns; c++) {
      const a = ours[r]?.[c] ?? '';
      const b = shown(theirs[r]?.[c], a);
      if (a !== b) found.push(`${name} ${XLSX.utils.encode_cell({ r, c })}: ${a} ≠ ${b}`);
    }
  }
  return found;
}

describe('"As in sheet" is the text LibreOffice shows, cell by cell', () => {
  let office: LibreOffice;
  const books: Record<string, Uint8Array> = {};

  beforeAll(async () => {
    office = await libreOffice();
    const built = {
      'billing.xlsx': formattedBook(BILLING_FORMATS, BILLING_ROWS),
      'sample.xlsx': generatedBook(),
    };
    Object.assign(books, built);
    for (const target of ['xls', 'ods']) {
      const converted = await office.convert(built, target);
      for (const [name, bytes] of Object.entries(converted))
        books[name.replace('xlsx', target)] = bytes;
    }
    books['sheetjs_DataTypesFormats.xlsx'] = new Uint8Array(
      await readFile(new URL('../../../fixtures/sheetjs/DataTypesFormats.xlsx', import.meta.url)),
    );
    for (const name of ['pelanggan_50.xlsx', 'pelanggan_50_legacy.xls'])
      books[name] = new Uint8Array(await fixture(name));
    books['shared_pelanggan_50.xlsx'] = new Uint8Array(
      await readFile('/work/shared/fixtures/pelanggan_50.xlsx').catch(() =>
        fixture('pelanggan_50.xlsx'),
      ),
    );
  }, 240_000);
  afterAll(() => office?.close());

  it('for .xlsx, .xls and .ods workbooks of billing formats, generated formats and the fixtures', async () => {
    const theirs = await office.shownCells(books);
    const found = Object.keys(books).flatMap((name) =>
      differences(name, ourCells(books[name]), theirs[name]),
    );
    expect(found).toEqual([]);
    expect(Object.keys(books)).toHaveLength(10);
  }, 240_000);

  it('shows the billing formats as an Indonesian Excel does', () => {
    for (const name of ['billing.xlsx', 'billing.xls', 'billing.ods']) {
      const [, first] = ourCells(books[name]);
      expect(first.slice(0, 11), name).toEqual([
        '31/10/2025',
        '14:05:33',
        '31/10/2025 12:00',
        '31/10/2025',
        'Rp1.370.369',
        'Rp1.370.369',
        'Rp980,50',
        '11.234.567',
        '1.234,57',
        '12,50%',
        '11%',
      ]);
      expect(first[11], name).toBe('0811000111');
    }
  });
});
