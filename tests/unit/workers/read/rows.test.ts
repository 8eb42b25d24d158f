// Rows that are not invoices and the sheet a workbook opens on, read from a billing export saved
// by LibreOffice as .xlsx, .xls and .ods (tests/fixtures/rows/build.mjs): title rows above the
// header, an instruction sheet first, a hidden row, a filtered-out row, a TOTAL last row, a
// one-column sheet and an empty one (docs/rows.md).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { SheetTable } from '../../../../src/domain/sheet/sheetTable';
import { createGeneratorApi } from '../../../../src/workers/generatorApi';
import { hiddenRowsOfOds, hiddenRowsOfPart } from '../../../../src/workers/read/hiddenRows';

const fixture = (extension: string) => {
  const bytes = readFileSync(
    new URL(`../../../fixtures/rows/tagihan_export.${extension}`, import.meta.url),
  );
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
};

const names = (table: SheetTable) => table.rows().map((row) => row.Nama);

describe.each(['xlsx', 'xls', 'ods'])(
  'a billing export saved by LibreOffice as .%s',
  (extension) => {
    it('opens on the data sheet after the instruction sheet, with every sheet listed', async () => {
      const api = createGeneratorApi();
      const read = await api.readWorkbook(fixture(extension));
      expect(read.sheetNames).toEqual(['Petunjuk', 'Data', 'Satu kolom', 'Kosong']);
      expect(read.sheet).toBe('Data');
      const table = new SheetTable(read.table);
      expect(table.headers).toEqual(['No', 'Nama', 'Nomor', 'Tanggal', 'Total']);
      expect(table.headerRow).toBe(4);
      expect(names(table)).toEqual(['Budi', 'Sari', 'Tono', 'Dewi', 'Eko', 'Rina', '']);
    });

    it('marks the TOTAL row by its sheet row number', async () => {
      const table = new SheetTable(
        (await createGeneratorApi().readWorkbook(fixture(extension))).table,
      );
      expect([...table.totalRows]).toEqual([6]);
      expect(table.sheetRow(6)).toBe(11);
    });

    it('a one-column sheet reads, and every row of it is one the merge skips', async () => {
      const api = createGeneratorApi();
      await api.readWorkbook(fixture(extension));
      const table = new SheetTable(await api.readSheet({ file: null, sheet: 'Satu kolom' }));
      expect(table.rowCount).toBe(3);
      expect([...table.thinRows()]).toEqual([0, 1, 2]);
    });

    it('an empty sheet says so, and the workbook stays readable', async () => {
      const api = createGeneratorApi();
      await api.readWorkbook(fixture(extension));
      await expect(api.readSheet({ file: null, sheet: 'Kosong' })).rejects.toThrow(/empty/);
      const table = new SheetTable(await api.readSheet({ file: null, sheet: 'Data' }));
      expect(table.rowCount).toBe(7);
    });
  },
);

describe.each(['xlsx', 'xls', 'ods'])('hidden and filtered-out rows of .%s', (extension) => {
  it('are marked by their sheet row numbers (Tono hidden by hand, Eko filtered out)', async () => {
    const table = new SheetTable(
      (await createGeneratorApi().readWorkbook(fixture(extension))).table,
    );
    expect([...table.hiddenRows].map((i) => table.row(i).Nama)).toEqual(['Tono', 'Eko']);
    expect([...table.hiddenRows].map((i) => table.sheetRow(i))).toEqual([7, 9]);
  });
});

describe('hidden rows of an .xlsx sheet part', () => {
  it('reads hidden="1" and hidden="true" rows, not hidden columns or hidden="false" rows', () => {
    const xml = new TextEncoder().encode(
      '<worksheet><cols><col min="1" max="1" hidden="1"/></cols><sheetData>' +
        '<row r="1" hidden="false"/><row r="2" hidden="1"/><row r="3"/>' +
        '<row hidden="true" r="5" spans="1:2"/><x:row r="9" x:hidden="1"/></sheetData></worksheet>',
    );
    expect([...hiddenRowsOfPart(xml)].sort((a, b) => a - b)).toEqual([1, 4, 8]);
  });

  it('counts the row tags for a hidden row written without its number', () => {
    const xml = new TextEncoder().encode('<sheetData><row/><row/><row hidden="1"/></sheetData>');
    expect([...hiddenRowsOfPart(xml)]).toEqual([2]);
  });

  it('an Excel-style workbook from SheetJS: hidden rows of the second sheet by its name', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['a'], ['b']]), 'Catatan & info');
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Nama', 'Total'],
      ['A', 1],
      ['B', 2],
      ['C', 3],
    ]);
    sheet['!rows'] = [undefined, undefined, { hidden: true }] as XLSX.RowInfo[];
    XLSX.utils.book_append_sheet(book, sheet, 'Tagihan');
    const bytes = XLSX.write(book, {
      type: 'array',
      bookType: 'xlsx',
      cellStyles: true,
    }) as ArrayBuffer;
    const table = new SheetTable((await createGeneratorApi().readWorkbook(bytes)).table);
    expect([...table.hiddenRows]).toEqual([1]);
  });
});

describe('hidden rows of an .ods content.xml', () => {
  it('counts repeated rows, reads collapse and filter, ignores row groups, stops at the last row', () => {
    const xml =
      '<office:spreadsheet><table:table table:name="A &amp; B"><table:table-column/>' +
      '<table:table-row table:number-rows-repeated="2"/><table:table-row-group>' +
      '<table:table-row table:visibility="collapse"/></table:table-row-group>' +
      '<table:table-row table:visibility="filter" table:number-rows-repeated="2"/>' +
      '<table:table-row table:visibility="collapse" table:number-rows-repeated="1048570"/>' +
      '</table:table><table:table table:name="C"><table:table-row table:visibility="filter"/></table:table>' +
      '</office:spreadsheet>';
    const found = hiddenRowsOfOds(xml, (table) => (table === 'C' ? 0 : 6));
    expect([...(found.get('A & B') ?? [])]).toEqual([2, 3, 4, 5, 6]);
    expect([...(found.get('C') ?? [])]).toEqual([0]);
  });
});
