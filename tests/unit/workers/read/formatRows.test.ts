import { expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { formatRows } from '../../../../src/workers/read/formatRows';
import { formattedNumber } from '../../../../src/workers/read/cellDisplay';
import { parseWorkbook, sheetCells } from '../../../../src/workers/read/readWorkbook';
import { hasEnoughData, rowValues } from '../../../../src/workers/read/rowData';

function sheetOf(rows: unknown[][], formats: Record<string, string> = {}) {
  const sheet = XLSX.utils.aoa_to_sheet(rows, { cellDates: true });
  for (const [ref, z] of Object.entries(formats)) sheet[ref].z = z;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'S');
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return sheetCells(parseWorkbook(bytes), 'S');
}

test('a number cell reads as its format shows it, with Indonesian separators; General keeps every digit with a decimal comma', () => {
  const sheet = sheetOf(
    [
      ['a', 'b', 'c', 'd'],
      [1234567, 0.125, 1234.5, 42],
    ],
    { A2: '"Rp"#,##0', B2: '0.00%', C2: '#,##0.00' },
  );
  expect(sheet.cells[0]).toEqual(['Rp1.234.567', '12,50%', '1.234,50', '42']);
  expect(sheet.numbers[0]?.map((n) => n?.value)).toEqual([1234567, 0.125, 1234.5, 42]);
  expect(formattedNumber(1234.5, undefined)).toBe('1234,5');
});

test('formats apply per placeholder, two placeholders may share a column, failures are counted', () => {
  const sheet = sheetOf(
    [
      ['Nama', 'Total'],
      ['ani', 1500],
      ['budi', 'n/a'],
      ['cici', 'x'],
    ],
    { B2: '#,##0' },
  );
  const mapping = { nama: 'Nama', total: 'Total', total_kata: 'Total' };
  const result = formatRows(sheet, [0, 1, 2], mapping, { total_kata: 'terbilang', nama: 'upper' });
  const values = result.rows.map((row) => rowValues(row, result.mapping));
  expect(values[0]).toEqual({
    nama: 'ANI',
    total: '1.500',
    total_kata: 'seribu lima ratus rupiah',
  });
  expect(values[1]).toEqual({ nama: 'BUDI', total: 'n/a', total_kata: 'n/a' });
  expect(result.warnings).toEqual([
    'total_kata: 2 values could not be written as Terbilang; merged as in the sheet (first at row 2)',
  ]);
});

test('the formatted copies do not count towards the 2 filled values of a row', () => {
  const sheet = sheetOf([
    ['Nama', 'Total'],
    ['ani', ''],
    ['ani', 5],
  ]);
  const result = formatRows(
    sheet,
    [0, 1],
    { a: 'Nama', b: 'Nama', c: 'Nama' },
    { a: 'upper', b: 'upper', c: 'upper' },
  );
  expect(hasEnoughData(result.rows[0])).toBe(false);
  expect(hasEnoughData(result.rows[1])).toBe(true);
});
