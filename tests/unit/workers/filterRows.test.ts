import { expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { createGeneratorApi } from '../../../src/workers/generatorApi';

test('filterRows answers the rows with a cell containing the text, case-insensitive, in table order', async () => {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Nomor', 'Nama'],
    ['INV/1', 'PT Sinar'],
    ['INV/2', 'CV Maju'],
    ['X', 'sinar jaya'],
    ['INV/3', ''],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'S');
  const api = createGeneratorApi();
  await api.readWorkbook(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
  expect([...(await api.filterRows({ file: null, sheet: 'S' }, 'SINAR'))]).toEqual([0, 2]);
  expect([...(await api.filterRows({ file: null, sheet: 'S' }, ' inv/ '))]).toEqual([0, 1, 3]);
  // A match never spans two cells.
  expect([...(await api.filterRows({ file: null, sheet: 'S' }, '1PT'))]).toEqual([]);
});
