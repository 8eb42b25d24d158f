import { afterEach, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { readSheet, readWorkbook } from '../../../support/readWorkbook';
import { fixture } from '../docxBuilder';

type Cell = XLSX.CellObject | string | number | boolean | null;

function toCell(value: Cell): XLSX.CellObject | undefined {
  if (value === null) return undefined;
  if (typeof value === 'object') return value;
  if (typeof value === 'string') return { t: 's', v: value };
  if (typeof value === 'number') return { t: 'n', v: value };
  return { t: 'b', v: value };
}

/** A workbook file built in memory: sheet name → rows of cells. */
function workbook(sheets: Record<string, Cell[][]>, bookType: XLSX.BookType = 'xlsx'): ArrayBuffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet: XLSX.WorkSheet = {};
    let lastColumn = 0;
    rows.forEach((row, r) =>
      row.forEach((value, c) => {
        const cell = toCell(value);
        if (!cell) return;
        sheet[XLSX.utils.encode_cell({ r, c })] = cell;
        lastColumn = Math.max(lastColumn, c);
      }),
    );
    if (rows.length > 0)
      sheet['!ref'] = XLSX.utils.encode_range({
        s: { r: 0, c: 0 },
        e: { r: rows.length - 1, c: lastColumn },
      });
    XLSX.utils.book_append_sheet(book, sheet, name);
  }
  return XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer;
}

// 45322 is 2024-01-31 as an Excel serial date.
const dateCell = (serial: number, format: string): XLSX.CellObject => ({
  t: 'n',
  v: serial,
  z: format,
});

describe('readWorkbook', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('names a column with data under an empty header by its letter, and drops empty columns', async () => {
    const { sheet } = await readWorkbook(
      workbook({
        Data: [
          ['Nama', '', '', 'Nama'],
          ['Sari', 'catatan', '', 'dobel'],
        ],
      }),
    );
    expect(sheet.headers).toEqual(['Nama', 'Column B', 'Nama (2)']);
    expect(sheet.rows[0]).toEqual({ Nama: 'Sari', 'Column B': 'catatan', 'Nama (2)': 'dobel' });
  });

  it('finds the header below a two-line title, in .xlsx and .ods alike', async () => {
    const rows: Cell[][] = [
      ['LAPORAN TAGIHAN LAYANAN VOICE'],
      ['Periode: Oktober 2025'],
      [],
      ['Nama Pelanggan', 'Kota', 'Total'],
      ['PT Maju Jaya', 'Jakarta', 1500000],
      ['CV Sentosa', 'Bandung', 250000],
    ];
    for (const bookType of ['xlsx', 'ods'] as const) {
      const { sheet } = await readWorkbook(workbook({ Tagihan: rows }, bookType));
      expect(sheet.headers).toEqual(['Nama Pelanggan', 'Kota', 'Total']);
      expect(sheet.rows.map((row) => row['Nama Pelanggan'])).toEqual([
        'PT Maju Jaya',
        'CV Sentosa',
      ]);
    }
  });

  it('reads the fixture: both sheet names, the first sheet, rules of docs/product.md#input-rules', async () => {
    const result = await readWorkbook(await fixture('pelanggan_50.xlsx'));
    expect(result.sheetNames).toEqual(['Pelanggan', 'Ringkasan']);
    expect(result.sheetName).toBe('Pelanggan');
    expect(result.sheet.headers).toHaveLength(20);
    expect(result.sheet.headers.slice(0, 3)).toEqual(['No', 'Nomor Tagihan', 'Nama Pelanggan']);
    // 50 customers and one nearly empty line; the two blank lines are skipped.
    expect(result.sheet.rows).toHaveLength(51);
    const first = result.sheet.rows[0];
    expect(first['Alamat']).toBe('Jl. Merdeka No. 188, Kota Surabaya');
    expect(first['Tanggal Tagihan']).toBe('2024-07-03');
    // The cell's own format, yyyy-mm-dd h:mm:ss, as LibreOffice shows it.
    expect(first['Jatuh Tempo']).toBe('2024-04-03 0:00:00');
    expect(first['Status Lunas']).toBe('FALSE');
    expect(first['Lokal']).toBe('2716506');
    expect(first['Kode Area']).toBe('093');
  });

  it('reads another sheet of the fixture by name', async () => {
    const sheet = await readSheet(await fixture('pelanggan_50.xlsx'), 'Ringkasan');
    expect(sheet.headers).toEqual(['Periode', 'Jumlah Pelanggan', 'Total']);
    expect(sheet.rows.map((row) => ({ ...row }))).toEqual([
      { Periode: '2024-01', 'Jumlah Pelanggan': '50', Total: '123456789' },
    ]);
  });

  it('reads the legacy .xls fixture with the same rules', async () => {
    const result = await readWorkbook(await fixture('pelanggan_50_legacy.xls'));
    expect(result.sheetNames).toEqual(['Pelanggan']);
    expect(result.sheet.rows[0]['Tanggal Tagihan']).toBe('2024-05-05');
    expect(result.sheet.rows[0]['Status Lunas']).toBe('FALSE');
    expect(result.sheet.rows[1]['Status Lunas']).toBe('TRUE');
    expect(result.sheet.rows[0]['Alamat']).toBe('Jl. Merdeka No. 95, Kota Surabaya');
  });

  it('shows dates as their cell format does, in any time zone', async () => {
    const file = workbook({
      Data: [
        ['Tanggal', 'Waktu', 'Nama'],
        [dateCell(45322, 'dd/mm/yyyy'), dateCell(45322.75, 'd mmm yyyy h:mm'), 'A'],
      ],
    });
    for (const tz of ['Asia/Jakarta', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      const { sheet } = await readWorkbook(file);
      expect(sheet.rows[0]['Tanggal'], tz).toBe('31/01/2024');
      expect(sheet.rows[0]['Waktu'], tz).toBe('31 Jan 2024 18:00');
    }
  });

  it('writes booleans as TRUE/FALSE and General numbers with every digit and a decimal comma', async () => {
    const { sheet } = await readWorkbook(
      workbook({
        Data: [
          ['Lunas', 'Jumlah', 'Pecahan', 'Besar'],
          [true, 12345678901234, 0.1 + 0.2, 1e21],
          [false, -5, 2.5, 0],
        ],
      }),
    );
    expect(sheet.rows.map((row) => ({ ...row }))).toEqual([
      { Lunas: 'TRUE', Jumlah: '12345678901234', Pecahan: '0,3', Besar: '1000000000000000000000' },
      { Lunas: 'FALSE', Jumlah: '-5', Pecahan: '2,5', Besar: '0' },
    ]);
  });

  it('trims strings and headers, names a headerless column by its letter and skips entirely empty rows', async () => {
    const { sheet } = await readWorkbook(
      workbook({
        Data: [
          ['  Nama  ', null, 'Kota'],
          ['  Budi ', 'no header', ' Bandung'],
          [null, null, null],
          ['   ', null, ''],
          ['Sari', 'ignored', null],
        ],
      }),
    );
    // Issue 21: data under an empty header is a column of its own, not dropped.
    expect(sheet.headers).toEqual(['Nama', 'Column B', 'Kota']);
    expect(sheet.rows.map((row) => ({ ...row }))).toEqual([
      { Nama: 'Budi', 'Column B': 'no header', Kota: 'Bandung' },
      { Nama: 'Sari', 'Column B': 'ignored', Kota: '' },
    ]);
  });

  it("makes repeated headers unique as 'Name (2)'", async () => {
    const { sheet } = await readWorkbook(
      workbook({
        Data: [
          ['Nama', 'Nama ', 'Nama'],
          ['a', 'b', 'c'],
        ],
      }),
    );
    expect(sheet.headers).toEqual(['Nama', 'Nama (2)', 'Nama (3)']);
    expect({ ...sheet.rows[0] }).toEqual({ Nama: 'a', 'Nama (2)': 'b', 'Nama (3)': 'c' });
  });

  it('keeps __proto__ and constructor headers as plain data without polluting prototypes', async () => {
    const { sheet } = await readWorkbook(
      workbook({
        Data: [
          ['__proto__', 'constructor', 'toString'],
          ['{"polluted":1}', 'x', 'y'],
        ],
      }),
    );
    const row = sheet.rows[0];
    expect(sheet.headers).toEqual(['__proto__', 'constructor', 'toString']);
    expect(Object.keys(row)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(row['__proto__']).toBe('{"polluted":1}');
    expect(row['constructor']).toBe('x');
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(row)).toBeNull();
    expect(structuredClone(row)['__proto__']).toBe('{"polluted":1}');
  });

  it("says 'Excel file is empty' for an empty sheet, and that a header-only sheet has no data rows", async () => {
    await expect(readWorkbook(workbook({ Kosong: [] }))).rejects.toThrow('Excel file is empty');
    await expect(readWorkbook(workbook({ Judul: [['Nama', 'Kota']] }))).rejects.toThrow(
      'Sheet "Judul" has column names but no data rows: add rows under the header, or choose another sheet.',
    );
    await expect(
      readWorkbook(workbook({ Judul: [['LAPORAN TAGIHAN'], [], ['Nama', 'Kota', 'Total']] })),
    ).rejects.toThrow('Sheet "Judul" has column names but no data rows');
  });

  it('names the available sheets when the sheet is missing', async () => {
    await expect(readSheet(await fixture('pelanggan_50.xlsx'), 'Tagihan')).rejects.toThrow(
      'Sheet "Tagihan" not found. Available sheets: Pelanggan, Ringkasan',
    );
  });

  it('does not mistake an inherited name for a sheet', async () => {
    await expect(readSheet(workbook({ Data: [['a'], ['b']] }), 'constructor')).rejects.toThrow(
      'Sheet "constructor" not found',
    );
  });
});
