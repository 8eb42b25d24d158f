// Nothing changes silently: text files (CSV, a web page saved as .xls) keep every value as written,
// number columns are read the Indonesian way (or the English way when that is the only fit), a
// leading zero keeps its column text, and the preview gets a note for each column read as numbers.
import { describe, expect, it } from 'vitest';
import { formatRows } from '../../../../src/workers/read/formatRows';
import { parseWorkbook, sheetCells } from '../../../../src/workers/read/readWorkbook';

const buffer = (bytes: Uint8Array) => bytes.slice().buffer as ArrayBuffer;
const utf8 = (text: string) => buffer(new TextEncoder().encode(text));
/** Windows-1252 bytes of text made of Latin-1 characters. */
const cp1252 = (text: string) => buffer(Uint8Array.from(text, (ch) => ch.charCodeAt(0)));

function read(bytes: ArrayBuffer) {
  const book = parseWorkbook(bytes);
  return sheetCells(book, book.SheetNames[0]);
}

const portalExport = `<html><head><meta charset="utf-8"></head><body>
<table border="1">
<tr><td colspan="4">Laporan Tagihan Oktober 2025</td></tr>
<tr><th>Nama</th><th>Jumlah</th><th>HP</th><th>Tanggal</th></tr>
<tr><td>Budi</td><td>150.000</td><td>0811000111</td><td>31/10/2025</td></tr>
<tr><td>Ani</td><td>1.234,5</td><td>0812000222</td><td>01/11/2025</td></tr>
</table></body></html>`;

describe('a web page saved as .xls', () => {
  it('keeps 150.000 and 0811000111 as written, reads the amounts the Indonesian way and says so', () => {
    const sheet = read(utf8(portalExport));
    expect(sheet.headers).toEqual(['Nama', 'Jumlah', 'HP', 'Tanggal']);
    expect(sheet.cells).toEqual([
      ['Budi', '150.000', '0811000111', '31/10/2025'],
      ['Ani', '1.234,5', '0812000222', '01/11/2025'],
    ]);
    expect(sheet.numbers.map((row) => row?.[1]?.value)).toEqual([150000, 1234.5]);
    expect(sheet.notes).toEqual([
      'Column "Jumlah" was read as numbers written the Indonesian way (dot for thousands, comma for decimals), e.g. 150.000 is 150000.',
    ]);
    const { rows } = formatRows(
      sheet,
      [0, 1],
      { total: 'Jumlah', tanggal: 'Tanggal', hp: 'HP' },
      { total: 'rupiah', tanggal: 'date' },
    );
    const values = rows.map((row) => Object.values(row).slice(-2));
    expect(values).toEqual([
      ['Rp 150.000', '31 Oktober 2025'],
      ['Rp 1.234,50', '1 November 2025'],
    ]);
    expect(rows[0]['HP']).toBe('0811000111');
  });

  it('is refused, saying what to do, when it holds no table', () => {
    expect(() => read(utf8('<html><body><p>Tidak ada data</p></body></html>'))).toThrow(
      'This file is a web page saved as .xls and holds no table that can be read. Open it in Excel and save it as .xlsx, then choose that file.',
    );
  });
});

describe('CSV columns', () => {
  it('reads a Windows-1252 `;` bank export: 980,50 stays 980,50 and is Rp 980,50 as Rupiah', () => {
    const sheet = read(
      cp1252('Nama;Jumlah;Keterangan\r\nJosé;980,50;Café\r\nAni;11.234.567,89;-\r\n'),
    );
    expect(sheet.cells).toEqual([
      ['José', '980,50', 'Café'],
      ['Ani', '11.234.567,89', '-'],
    ]);
    const { rows } = formatRows(sheet, [0, 1], { total: 'Jumlah' }, { total: 'rupiah' });
    expect(rows.map((row) => Object.values(row).at(-1))).toEqual(['Rp 980,50', 'Rp 11.234.567,89']);
    expect(sheet.notes).toEqual([
      'Column "Jumlah" was read as numbers written the Indonesian way (dot for thousands, comma for decimals), e.g. 980,50 is 980,5.',
    ]);
  });

  it('reads an English export the English way, and says so', () => {
    const sheet = read(utf8('Name,Amount\nBudi,"11,234,567.89"\nAni,12.5\n'));
    expect(sheet.cells).toEqual([
      ['Budi', '11,234,567.89'],
      ['Ani', '12.5'],
    ]);
    expect(sheet.numbers.map((row) => row?.[1]?.value)).toEqual([11234567.89, 12.5]);
    expect(sheet.notes).toEqual([
      'Column "Amount" was read as numbers written the English way (comma for thousands, dot for decimals), e.g. 11,234,567.89 is 11234567,89.',
    ]);
  });

  it('keeps as text a column that fits no single reading, and phone numbers with a leading 0', () => {
    const sheet = read(utf8('Nama;Nilai;HP;Urut\nBudi;12.5;0811000111;1\nAni;1.500;0812;2\n'));
    expect(sheet.cells).toEqual([
      ['Budi', '12.5', '0811000111', '1'],
      ['Ani', '1.500', '0812', '2'],
    ]);
    expect(sheet.numbers.map((row) => row?.[1])).toEqual([undefined, undefined]);
    expect(sheet.numbers.map((row) => row?.[2])).toEqual([undefined, undefined]);
    expect(sheet.numbers.map((row) => row?.[3]?.value)).toEqual([1, 2]);
    // Whole numbers without separators read the same in every spelling: nothing to say.
    expect(sheet.notes).toEqual([]);
  });
});
