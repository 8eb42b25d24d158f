import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  EMPTY_SHEET_TABLE,
  packCells,
  packSheet,
  SheetTable,
} from '../../../src/domain/sheet/sheetTable';

const headers = ['Nama', 'Kota', 'Catatan'];
const rows = [
  { Nama: 'Budi', Kota: 'Bandung', Catatan: 'lunas' },
  { Nama: 'Sari', Kota: '', Catatan: '' },
  { Nama: '', Kota: 'Medan', Catatan: 'baris\nkedua' },
];

describe('packed sheet', () => {
  it('gives back every row and cell it was built from', () => {
    const table = SheetTable.fromRows(headers, rows);
    expect(table.headers).toEqual(headers);
    expect(table.rowCount).toBe(3);
    expect(table.rows()).toEqual(rows);
    expect(table.cell(2, 2)).toBe('baris\nkedua');
    expect(table.cell(0, 1)).toBe('Bandung');
  });

  it('keeps empty cells empty and takes a missing value as empty', () => {
    const table = SheetTable.fromRows(headers, [
      { Nama: 'Eko' },
      { Nama: '', Kota: '', Catatan: '' },
    ]);
    expect(table.row(0)).toEqual({ Nama: 'Eko', Kota: '', Catatan: '' });
    expect(table.row(1)).toEqual({ Nama: '', Kota: '', Catatan: '' });
  });

  it('round-trips text outside ASCII: accents, CJK, emoji (surrogate pairs), combining marks, NUL', () => {
    const values = [
      'Sentosa Jaya — Tbk',
      'Rp 1.500.000,00 ✓',
      '東京都 渋谷区',
      '👩‍💻 tim 🚀',
      'e\u0301',
      'a\u0000b',
      'ملف',
    ];
    const table = SheetTable.fromRows(
      ['Nilai'],
      values.map((Nilai) => ({ Nilai })),
    );
    expect(table.rows().map((row) => row.Nilai)).toEqual(values);
    // Offsets count UTF-8 bytes, so a multi-byte cell never shifts its neighbours.
    expect(table.cell(3, 0)).toBe('👩‍💻 tim 🚀');
    expect(table.cell(4, 0)).toBe('e\u0301');
  });

  it("reads headers such as '__proto__' and 'constructor' as plain columns, polluting nothing", () => {
    const hostile = ['__proto__', 'constructor', 'toString'];
    // As the worker reads rows: objects without a prototype, so '__proto__' is an own key.
    const source: Record<string, string> = Object.create(null);
    source['__proto__'] = 'a';
    source.constructor = 'b' as never;
    source.toString = 'c' as never;
    const table = SheetTable.fromRows(hostile, [source]);
    const row = table.row(0);
    expect(Object.getPrototypeOf(row)).toBeNull();
    expect(Object.keys(row)).toEqual(hostile);
    expect(row.__proto__).toBe('a');
    expect(row.constructor).toBe('b');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.toString.call({})).toBe('[object Object]');
  });

  it('does not read inherited properties of a row as values', () => {
    const table = SheetTable.fromRows(['toString', 'hasOwnProperty'], [{}]);
    expect(table.row(0)).toEqual({ toString: '', hasOwnProperty: '' });
  });

  it('is plain data in two typed arrays, one offset per cell plus one', () => {
    const packed = packSheet(headers, rows);
    expect(packed.offsets).toHaveLength(3 * 3 + 1);
    expect(packed.text.byteLength).toBe(packed.offsets[9]);
    expect(structuredClone(packed)).toEqual(packed);
    expect(new SheetTable(structuredClone(packed)).rows()).toEqual(rows);
  });

  it('refuses an offset table that does not fit its rows and columns', () => {
    const packed = packSheet(headers, rows);
    expect(() => new SheetTable({ ...packed, rowCount: 4 })).toThrow(
      'A packed sheet needs 13 offsets, not 10',
    );
  });

  it('gives the same row object while the row stays decoded, and empty text outside the table', () => {
    const table = SheetTable.fromRows(headers, rows);
    expect(table.row(1)).toBe(table.row(1));
    expect(table.row(3)).toEqual({ Nama: '', Kota: '', Catatan: '' });
    expect(table.row(-1)).toEqual({ Nama: '', Kota: '', Catatan: '' });
    expect(table.cell(0, 3)).toBe('');
    expect(table.cell(1.5, 0)).toBe('');
  });

  it('keeps a bounded number of decoded rows, still answering evicted rows correctly', () => {
    const many = Array.from({ length: 2000 }, (_, i) => ({ No: String(i) }));
    const table = SheetTable.fromRows(['No'], many);
    const first = table.row(0);
    for (let i = 1; i < 2000; i++) table.row(i);
    const again = table.row(0);
    expect(again).not.toBe(first);
    expect(again).toEqual({ No: '0' });
    expect(table.row(1999)).toBe(table.row(1999));
  });

  it('names the rows the merge skips when packed, the same rows the page would find itself', () => {
    const cells = [
      ['INV-1', 'Budi', '1500'],
      ['INV-2', '', ''],
      ['-', ' — ', 'x'],
      ['', ' ', ''],
      ['  Sari', '—', '-'],
      ['Éko', 'Ω', ''],
      [' 7', '\t8', ''],
    ];
    const packed = packCells(['No', 'Nama', 'Total'], cells);
    // Rows 2 to 5 (1-based) hold fewer than 2 values ('-' and '—' are none, blanks neither).
    expect(Array.from(packed.thinRows!)).toEqual([1, 2, 3, 4]);
    const { thinRows: _, ...withoutThin } = packed;
    expect(Array.from(new SheetTable(withoutThin).thinRows())).toEqual([1, 2, 3, 4]);
    expect(new SheetTable(packed).thinRows()).toBe(packed.thinRows);
  });

  it('has an empty table for no sheet', () => {
    expect(EMPTY_SHEET_TABLE.rowCount).toBe(0);
    expect(EMPTY_SHEET_TABLE.headers).toEqual([]);
    expect(EMPTY_SHEET_TABLE.rows()).toEqual([]);
  });

  it('round-trips any strings (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.array(
          fc.array(fc.string({ unit: 'binary', maxLength: 20 }), { minLength: 5, maxLength: 5 }),
          { maxLength: 10 },
        ),
        (names, values) => {
          const data = values.map((line) => {
            const row: Record<string, string> = Object.create(null);
            names.forEach((name, c) => (row[name] = line[c]));
            return row;
          });
          const table = SheetTable.fromRows(names, data);
          expect(table.rowCount).toBe(data.length);
          expect(table.rows()).toEqual(data);
        },
      ),
      { numRuns: 50 },
    );
  });
});
