import { describe, expect, it } from 'vitest';
import {
  addressColumn,
  fillMailText,
  keyColumn,
  notSent,
  rowMail,
} from '../../src/domain/delivery/mailRows';

const headers = ['No_Invoice', 'Nama', 'Email', 'Total'];
const rows = [
  ['INV-1', 'PT Satu', 'satu@contoh.id', '1500000'],
  ['INV-2', 'PT Dua', 'dua@contoh.id; finance@dua.id', '2000'],
  ['INV-3', 'PT Tiga', '', '3000'],
  ['INV-4', 'PT Empat', 'bukan-alamat', '4000'],
  ['INV-2', 'PT Dua lagi', 'lagi@dua.id', '5000'],
  ['INV-6', 'PT Enam\r\nBcc: x@evil.id', 'enam@contoh.id', '6000'],
];
const cell = (r: number, c: number) => rows[r][c];
const record = (r: number) => Object.fromEntries(headers.map((h, c) => [h, rows[r][c]]));
const source = {
  headers,
  mapping: { Nomor: 'No_Invoice', Jumlah: 'Total' },
  formats: { Jumlah: 'rupiah' as const },
};
const settings = {
  sendTo: 'Email',
  keyColumn: 'No_Invoice',
  subject: 'Tagihan {Nomor} untuk {Nama}',
  message: 'Total {Jumlah}\n{Tidak_Ada}',
};

describe('the e-mail of each row', () => {
  it('picks the column that mostly holds addresses, and the invoice key column by its name', () => {
    expect(addressColumn(headers, cell, rows.length)).toBe('Email');
    expect(addressColumn(['A', 'B'], () => 'teks', 3)).toBe('');
    expect(keyColumn(['Nama', 'Nomor Tagihan', 'No'])).toBe('Nomor Tagihan');
    expect(keyColumn(['Nama', 'Nominal'])).toBe('Nama');
    // A bare row number comes first in many exports; the invoice's own number is the key.
    expect(keyColumn(['No', 'Nomor Tagihan', 'Nama'])).toBe('Nomor Tagihan');
    expect(keyColumn(['No.', 'Nama', 'Invoice No', 'Email'])).toBe('Invoice No');
    expect(keyColumn(['No', 'Nama', 'Email'])).toBe('No');
    expect(keyColumn(['No', 'Tagihan', 'Email'])).toBe('No'); // `Tagihan` alone may be the amount
  });

  it('guesses the address column from a bounded sample: the first 200 filled cells of a column', () => {
    const many = 100_000;
    const read: number[] = [];
    // 'Catatan' is empty for the first 300 rows, then holds addresses; 'Nama' never does.
    const big = (r: number, c: number) => {
      read.push(r);
      if (c === 0) return `Pelanggan ${r}`;
      return r < 300 ? '' : `pelanggan${r}@contoh.id`;
    };
    expect(addressColumn(['Nama', 'Catatan'], big, many)).toBe('Catatan');
    // Nama: 100 cells decide it cannot win; Catatan: 300 empty cells, then 200 addresses.
    expect(read.length).toBe(100 + 500);
    expect(Math.max(...read)).toBeLessThan(500);
    // A column empty in its first 5,000 rows is not walked further.
    read.length = 0;
    expect(addressColumn(['Kosong'], (r) => (read.push(r), r < 50_000 ? '' : 'a@b.id'), many)).toBe(
      '',
    );
    expect(read.length).toBe(5000);
    // Among its first 200 filled cells most are addresses: the rest of the column is not read.
    const mostly = (r: number) => (r % 3 === 2 || r >= 200 ? 'tidak ada' : `x${r}@contoh.id`);
    expect(addressColumn(['Email'], mostly, many)).toBe('Email');
    expect(addressColumn(['Email'], mostly, many, 400)).toBe('');
  });

  it('fills {fields} through the mapping and its format, columns as in the sheet, unknown names as written', () => {
    expect(fillMailText(settings.subject, source, record(0))).toBe('Tagihan INV-1 untuk PT Satu');
    expect(fillMailText(settings.message, source, record(0))).toBe(
      'Total Rp 1.500.000\n{Tidak_Ada}',
    );
  });

  it('names each row that will not be sent and why; a key twice goes once', () => {
    const mails = rows.map((_, r) => rowMail(settings, source, record(r), r + 2, 'pdf'));
    expect(mails[1]).toMatchObject({
      to: 'dua@contoh.id; finance@dua.id',
      attachment: 'Tagihan_INV-2.pdf',
      refusal: null,
    });
    expect(Object.fromEntries(notSent(mails))).toEqual({
      noAddress: [4],
      badAddress: [5],
      duplicateKey: [6],
      headerBreaking: [7],
    });
  });

  it('leaves out keys the server says were sent for the period', () => {
    const mails = [0, 1].map((r) => rowMail(settings, source, record(r), r + 2, 'docx'));
    expect(Object.fromEntries(notSent(mails, new Set(['INV-2'])))).toEqual({ sentBefore: [3] });
  });
});
