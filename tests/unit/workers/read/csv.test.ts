import fc from 'fast-check';
import { parseAmount } from '../../../../src/domain/values/amount';
import { describe, expect, it, test } from 'vitest';
import {
  decodeText,
  detectDelimiter,
  isDelimitedText,
  parseDelimited,
} from '../../../../src/workers/read/csv';
import { readWorkbook } from '../../../support/readWorkbook';

const utf8 = (text: string) => new TextEncoder().encode(text);
const buffer = (bytes: Uint8Array) => bytes.slice().buffer as ArrayBuffer;

/** Windows-1252 bytes of a Latin-1 text (the code points below 0x80 and 0xA0–0xFF are the same). */
const cp1252 = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));

/** One field written as a CSV writer would: quoted when it holds a quote, delimiter or line break. */
function writeField(value: string, delimiter: string, alwaysQuote: boolean): string {
  const needs = alwaysQuote || /["\r\n]/.test(value) || value.includes(delimiter);
  return needs ? `"${value.replaceAll('"', '""')}"` : value;
}

describe('reading CSV and TSV exports', () => {
  it('reads a `;` export with a BOM, a title above the header and Indonesian numbers', async () => {
    const text =
      '\uFEFFLAPORAN TAGIHAN LAYANAN VOICE\r\nPeriode: Oktober 2025\r\n\r\n' +
      'Nama Pelanggan;Alamat;Total Tagihan;No HP\r\n' +
      'PT Maju Jaya;"Jl. Sudirman 1;\r\nJakarta";Rp 1.234.567,50;0812345\r\n' +
      'CV Sentosa;Bandung;12.500;0899\r\n';
    const { sheet } = await readWorkbook(buffer(utf8(text)));
    expect(sheet.headers).toEqual(['Nama Pelanggan', 'Alamat', 'Total Tagihan', 'No HP']);
    expect(sheet.rows).toHaveLength(2);
    expect(sheet.rows[0]['Alamat']).toBe('Jl. Sudirman 1;\r\nJakarta');
    // "As in sheet" is the text as written; phone numbers keep their leading zero.
    expect(sheet.rows[0]['Total Tagihan']).toBe('Rp 1.234.567,50');
    expect(sheet.rows[1]['Total Tagihan']).toBe('12.500');
    expect(sheet.rows[0]['No HP']).toBe('0812345');
  });

  it('reads a tab-separated file in Windows-1252', async () => {
    const bytes = cp1252('Nama\tKota\nJosé Müller\tSão Paulo\n');
    const { sheet } = await readWorkbook(buffer(bytes));
    expect(sheet.headers).toEqual(['Nama', 'Kota']);
    expect(sheet.rows[0]).toEqual({ Nama: 'José Müller', Kota: 'São Paulo' });
  });

  it('names the line of a quote that never closes', () => {
    expect(() => parseDelimited('a,b\n1,"open\n2,3\n', ',')).toThrow(
      'CSV file: the quoted field that starts on line 2 is never closed. Check the quotes on that line.',
    );
  });

  it('tells text exports from workbooks by their bytes', () => {
    expect(isDelimitedText(utf8('a;b\n1;2\n'))).toBe(true);
    expect(isDelimitedText(utf8('PK\u0003\u0004rest'))).toBe(false);
    expect(isDelimitedText(Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]))).toBe(false);
    expect(isDelimitedText(utf8('<table><tr><td>1</td></tr></table>'))).toBe(false);
  });

  it('reads Indonesian numbers and Rupiah, and refuses what is not one', () => {
    expect(parseAmount('1.234.567,89')).toBe(1234567.89);
    expect(parseAmount('Rp 12.500')).toBe(12500);
    expect(parseAmount('Rp. 7')).toBe(7);
    expect(parseAmount('-3,5')).toBe(-3.5);
    expect(parseAmount('1.23', 'id')).toBeNull();
    expect(parseAmount('12a')).toBeNull();
  });

  test('any table survives any quoting, delimiter and encoding', () => {
    const cell = fc.string({
      unit: fc.constantFrom('a', 'Z', 'é', ' x', '"', ',', ';', '\t', '\n', '1'),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }).chain((width) =>
          fc.array(fc.array(cell, { minLength: width, maxLength: width }), {
            minLength: 1,
            maxLength: 8,
          }),
        ),
        fc.constantFrom(',', ';', '\t'),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        fc.constantFrom('utf8', 'utf8-bom', 'cp1252'),
        (rows, delimiter, alwaysQuote, eol, encoding) => {
          const text = rows
            .map((row) => row.map((v) => writeField(v, delimiter, alwaysQuote)).join(delimiter))
            .join(eol);
          const bytes =
            encoding === 'cp1252'
              ? cp1252(text)
              : utf8(encoding === 'utf8-bom' ? `\uFEFF${text}` : text);
          const decoded = decodeText(bytes);
          expect(decoded).toBe(text);
          expect(parseDelimited(decoded, delimiter)).toEqual(rows);
        },
      ),
    );
  });

  test('the delimiter of a regular table is found behind any title lines', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(',', ';', '\t'),
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 2, max: 20 }),
        fc.array(fc.constantFrom('LAPORAN TAGIHAN', 'Periode: Oktober 2025', ''), {
          maxLength: 3,
        }),
        (delimiter, width, height, titles) => {
          const row = (r: number) =>
            Array.from({ length: width }, (_, c) => `v${r}x${c}`).join(delimiter);
          const text = [...titles, ...Array.from({ length: height }, (_, r) => row(r))].join('\n');
          expect(detectDelimiter(text)).toBe(delimiter);
        },
      ),
    );
  });
});
