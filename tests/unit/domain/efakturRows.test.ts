// From sheet rows to faktur: every problem at once by row and column, deselecting fixes, the
// voice-billing defaults, auto-mapping of the usual column names, grouping.
import { describe, expect, test } from 'vitest';
import { autoMapCoretax } from '../../../src/domain/efaktur/fields';
import {
  buildFaktur,
  parseAmount,
  parseDate,
  type SheetRow,
} from '../../../src/domain/efaktur/rows';

const HEADERS = [
  'Nomor Tagihan',
  'Nama Pelanggan',
  'NPWP',
  'NIK',
  'Alamat',
  'Email',
  'Jumlah',
  'Tanggal',
  'Negara',
];
const mapping = autoMapCoretax(HEADERS);
const good = (n: number, extra: Record<string, unknown> = {}): SheetRow => ({
  row: n,
  values: {
    'Nomor Tagihan': `INV/2026/11/${n}`,
    'Nama Pelanggan': `Pelanggan ${n}`,
    NPWP: '0123456789012345',
    Alamat: 'Jl. Merdeka 1\nJakarta',
    Email: 'a@example.com',
    Jumlah: 100000,
    Tanggal: '30/11/2026',
    Negara: 'IDN',
    ...extra,
  },
});

test('auto-maps NPWP, NIK, Nama, Alamat, Email, Jumlah and Nomor Tagihan', () => {
  expect(mapping).toEqual({
    refDesc: 'Nomor Tagihan',
    buyerName: 'Nama Pelanggan',
    buyerNpwp: 'NPWP',
    buyerNik: 'NIK',
    buyerAddress: 'Alamat',
    buyerEmail: 'Email',
    amount: 'Jumlah',
    date: 'Tanggal',
    buyerCountry: 'Negara',
  });
  expect(autoMapCoretax(['DPP', 'NITKU', 'Menit', 'Tarif'])).toEqual({
    amount: 'DPP',
    buyerIdtku: 'NITKU',
    qty: 'Menit',
    price: 'Tarif',
  });
});

describe('checks', () => {
  const rows: SheetRow[] = [
    good(2),
    good(3, { NPWP: 123456789012345 }), // an Excel number that lost its leading 0
    good(4, { NPWP: '', NIK: '12345' }),
    good(5, { Tanggal: '31/02/2026' }),
    good(6, { Jumlah: 0 }),
    good(7, { 'Nama Pelanggan': '  ' }),
    good(8, { Negara: 'ID' }),
    good(9, { 'Nomor Tagihan': 'INV/2026/11/2' }),
  ];

  test('every problem of every selected row at once, by row and column', () => {
    const { problems } = buildFaktur(rows, { mapping, date: '2026-11-30' });
    expect(problems.map((p) => [p.row, p.column])).toEqual([
      [3, 'NPWP'],
      [4, 'NIK'],
      [5, 'Tanggal'],
      [6, 'Jumlah'],
      [7, 'Nama Pelanggan'],
      [8, 'Negara'],
      [9, 'Nomor Tagihan'],
    ]);
    expect(problems[0].message).toMatch(/15 digits: its leading 0 was lost/);
    expect(problems[6].message).toBe('"INV/2026/11/2" was already used by row 2');
  });

  test('deselecting the rows with problems leaves none', () => {
    const { problems, invoices } = buildFaktur([rows[0]], { mapping, date: '2026-11-30' });
    expect(problems).toEqual([]);
    expect(invoices[0]).toMatchObject({
      date: '2026-11-30',
      trxCode: '04',
      buyerAddress: 'Jl. Merdeka 1 Jakarta',
      buyerIdtku: '0123456789012345000000',
      lines: [{ opt: 'B', code: '170102', unit: 'UM.0024', qty: 1, price: 100000 }],
    });
  });

  test('07 needs Additional Info and Facility Stamp', () => {
    const { problems } = buildFaktur([good(2)], { mapping, date: '2026-11-30', trxCode: '07' });
    expect(problems).toEqual([expect.objectContaining({ column: 'TrxCode' })]);
    const ok = buildFaktur([good(2)], {
      mapping,
      date: '2026-11-30',
      trxCode: '07',
      addInfo: 'TD.00501',
      facilityStamp: 'TD.01101',
    });
    expect(ok.problems).toEqual([]);
    expect(ok.invoices[0]).toMatchObject({ addInfo: 'TD.00501', facilityStamp: 'TD.01101' });
  });

  test('minutes and tariff: Qty the minutes, Price the tariff, unit UM.0028', () => {
    const m = autoMapCoretax([...HEADERS, 'Menit', 'Tarif']);
    const { invoices } = buildFaktur([good(2, { Menit: 120, Tarif: 250 })], {
      mapping: m,
      date: '2026-11-30',
    });
    expect(invoices[0].lines[0]).toMatchObject({ qty: 120, price: 250, unit: 'UM.0028' });
  });

  test('grouped: one faktur per customer, a line per row', () => {
    const { invoices, problems } = buildFaktur(
      [good(2, { Cust: 'A' }), good(3, { Cust: 'A' }), good(4, { Cust: 'B' })],
      { mapping, date: '2026-11-30', groupBy: 'Cust', lines: 'lines' },
    );
    expect(problems).toEqual([]);
    expect(invoices.map((i) => [i.refDesc, i.lines.length])).toEqual([
      ['INV/2026/11/2', 2],
      ['INV/2026/11/4', 1],
    ]);
  });
});

test.each([
  ['2026-11-30', '2026-11-30'],
  ['30/11/2026', '2026-11-30'],
  ['1/2/2026', '2026-02-01'],
  ['30-11-2026', '2026-11-30'],
  ['30/11/2026 14:05', '2026-11-30'],
  ['2026-02-30', null],
  ['kemarin', null],
])('date %s → %s', (text, expected) => {
  expect(parseDate(text)).toBe(expected);
});

test('every problem and the repeat warning read in Bahasa Indonesia', async () => {
  const { ID_CATALOGUE } = await import('../../../src/domain/i18n/id');
  const { EFAKTUR_MESSAGES: E } = await import('../../../src/domain/efaktur/rows');
  const { EFAKTUR_RECORD_MESSAGES: R } = await import('../../../src/domain/efaktur/recordStruct');
  const translate = (text: string) =>
    ID_CATALOGUE.phrases.get(text) ??
    ID_CATALOGUE.patterns.reduce((t, [pattern, to]) => t.replace(pattern, to), text);
  const texts = [
    E.npwpLength(12),
    E.npwpLostZero,
    E.nikLength(3),
    E.idtkuLength(21),
    E.noBuyerId,
    E.badDate('kemarin'),
    E.notPositive('0'),
    E.emptyName,
    E.country('ID'),
    E.duplicate('INV/1', 2),
    E.emptyRef,
    E.control,
    E.addInfo('07'),
    R.repeated(3),
  ];
  for (const text of texts) expect(translate(text), text).not.toBe(text);
  expect(translate(E.duplicate('INV/1', 2))).toBe('"INV/1" sudah dipakai oleh baris 2');
});

// The amounts a sheet shows "As in sheet" (docs/values.md), read by the one amount reader.
test.each([
  ['Rp1.370.369', 1370369],
  ['Rp 1.370.369', 1370369],
  ['11.234.567,89', 11234567.89],
  ['11,234,567.89', 11234567.89],
  ['980,50', 980.5],
  ['tiga ribu', NaN],
])('amount %s → %s', (text, expected) => {
  expect(parseAmount(text)).toBe(expected);
});
