// The Header row control (issue 21, section 2): the reader says which row it took the column
// names from, and reads the sheet again with the row the user chose; a row beyond the sheet gets
// a message naming the row and the sheet, and the rows held stay as they were.
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { SheetTable } from '../../../../src/domain/sheet/sheetTable';
import { createGeneratorApi } from '../../../../src/workers/generatorApi';

function titled(): ArrayBuffer {
  const book = XLSX.utils.book_new();
  const rows = [
    ['LAPORAN TAGIHAN LAYANAN VOICE'],
    ['Periode: Oktober 2025'],
    [],
    ['Nama', 'Kota', 'Total'],
    ['Budi', 'Bandung', 1500],
    ['Sari', 'Medan', 2500],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Tagihan');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

const csv = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

describe('header row', () => {
  it('reports the row the columns were found in (1-based, as the spreadsheet numbers it)', async () => {
    const api = createGeneratorApi();
    const { table } = await api.readWorkbook(titled());
    expect(table.headerRow).toBe(4);
    expect(new SheetTable(table).headerRow).toBe(4);
    expect(table.headers).toEqual(['Nama', 'Kota', 'Total']);
  });

  it('reads the sheet again with the row the user chose, for the jobs too', async () => {
    const api = createGeneratorApi();
    await api.readWorkbook(titled());
    const chosen = new SheetTable(
      await api.readSheet({ file: null, sheet: 'Tagihan', headerRow: 5 }),
    );
    expect(chosen.headerRow).toBe(5);
    expect(chosen.headers).toEqual(['Budi', 'Bandung', '1500']);
    expect(chosen.rowCount).toBe(1);
    expect(chosen.row(0)).toEqual({ Budi: 'Sari', Bandung: 'Medan', '1500': '2500' });
    // A row above the found one: the lines between become data.
    const above = new SheetTable(
      await api.readSheet({ file: null, sheet: 'Tagihan', headerRow: 2 }),
    );
    expect(above.headers).toEqual(['Periode: Oktober 2025', 'Column B', 'Column C']);
    expect(above.rowCount).toBe(3);
    // A job names the header row, so a worker that holds another reading reads again.
    const exported = await api.exportRows({
      data: { file: null, sheet: 'Tagihan', headerRow: 5 },
      rows: Uint32Array.from([0]),
      mapping: { nama: 'Budi' },
    });
    const book = XLSX.read(await exported.file.arrayBuffer());
    expect(XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]])).toEqual([{ nama: 'Sari' }]);
  });

  it('says which row and sheet when the row is beyond the last one, or has nothing under it', async () => {
    const api = createGeneratorApi();
    await api.readWorkbook(titled());
    await expect(api.readSheet({ file: null, sheet: 'Tagihan', headerRow: 40 })).rejects.toThrow(
      'Header row 40 is beyond the last row of sheet "Tagihan" (row 6). Choose a row from 1 to 6.',
    );
    await expect(api.readSheet({ file: null, sheet: 'Tagihan', headerRow: 6 })).rejects.toThrow(
      'Header row 6 of sheet "Tagihan" has no data rows under it. Choose a row above it.',
    );
    // An empty row names its columns by letter, as an empty header cell does.
    const empty = new SheetTable(
      await api.readSheet({ file: null, sheet: 'Tagihan', headerRow: 3 }),
    );
    expect(empty.headers).toEqual(['Column A', 'Column B', 'Column C']);
    // The reading held before is still there.
    const again = new SheetTable(await api.readSheet({ file: null, sheet: 'Tagihan' }));
    expect(again.headerRow).toBe(4);
  });

  it('works for CSV lines the same way', async () => {
    const api = createGeneratorApi();
    const { sheet, table } = await api.readWorkbook(
      csv('Laporan;;\nNama;Kota;Total\nBudi;Bandung;1.500\n'),
    );
    expect(table.headerRow).toBe(2);
    const first = new SheetTable(await api.readSheet({ file: null, sheet, headerRow: 1 }));
    expect(first.headers).toEqual(['Laporan', 'Column B', 'Column C']);
    expect(first.rowCount).toBe(2);
  });
});
