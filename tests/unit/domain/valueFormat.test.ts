import { describe, expect, it, test } from 'vitest';
import { terbilang } from '../../../src/domain/values/terbilang';
import {
  applyValueFormat,
  formatLongDateId,
  formatNumberId,
  formatRupiahValue,
  numberOf,
  totalLike,
} from '../../../src/domain/values/valueFormat';

test('terbilang: the issue examples', () => {
  expect(terbilang(1234567)).toBe(
    'satu juta dua ratus tiga puluh empat ribu lima ratus enam puluh tujuh rupiah',
  );
  expect(terbilang(250000000)).toBe('dua ratus lima puluh juta rupiah');
  expect(terbilang(0)).toBe('nol rupiah');
});

test('terbilang: se- forms, teens, negatives and sen', () => {
  expect(terbilang(1000)).toBe('seribu rupiah');
  expect(terbilang(1100)).toBe('seribu seratus rupiah');
  expect(terbilang(1_000_000)).toBe('satu juta rupiah');
  expect(terbilang(11_011)).toBe('sebelas ribu sebelas rupiah');
  expect(terbilang(19)).toBe('sembilan belas rupiah');
  expect(terbilang(2_000_000_010)).toBe('dua miliar sepuluh rupiah');
  expect(terbilang(-75_000)).toBe('minus tujuh puluh lima ribu rupiah');
  expect(terbilang(1500.5)).toBe('seribu lima ratus rupiah lima puluh sen');
  expect(terbilang(99.999)).toBe('seratus rupiah');
  expect(terbilang(1e15)).toBeNull();
});

test('Rupiah and Number group with dots and keep decimals after a comma', () => {
  expect(formatRupiahValue(1234567)).toBe('Rp 1.234.567');
  expect(formatRupiahValue(-1234567)).toBe('-Rp 1.234.567');
  expect(formatRupiahValue(1234.5)).toBe('Rp 1.234,50');
  expect(formatRupiahValue(1234.567)).toBe('Rp 1.234,567');
  expect(formatNumberId(1234567)).toBe('1.234.567');
  expect(formatNumberId(0.1 + 0.2)).toBe('0,3');
  expect(formatNumberId(999)).toBe('999');
});

test('Date reads dd/mm/yyyy, dd-mm-yyyy, yyyy-mm-dd and serials, with Indonesian month names', () => {
  expect(formatLongDateId('2025-11-23')).toBe('23 November 2025');
  expect(formatLongDateId('2024-01-05')).toBe('5 Januari 2024');
  expect(formatLongDateId('2024-02-30')).toBeNull();
  expect(formatLongDateId('23/11/2025')).toBe('23 November 2025');
  expect(formatLongDateId('05-01-2024 14:05')).toBe('5 Januari 2024');
  expect(formatLongDateId('31/02/2025')).toBeNull();
  expect(formatLongDateId('31/10/2025', 45961)).toBe('31 Oktober 2025');
  expect(formatLongDateId('14:05:33', 0.5871875)).toBeNull();
  expect(formatLongDateId('', 45961.75)).toBe('31 Oktober 2025');
});

test('a value that cannot take the format gives null; empty stays empty', () => {
  expect(applyValueFormat('rupiah', 'abc')).toBeNull();
  expect(applyValueFormat('rupiah', 'Rp1.234.567', 1234567)).toBe('Rp 1.234.567');
  expect(applyValueFormat('terbilang', '250000000')).toBe('dua ratus lima puluh juta rupiah');
  expect(applyValueFormat('date', '1234')).toBeNull();
  expect(applyValueFormat('upper', 'jl. merdeka')).toBe('JL. MERDEKA');
  expect(applyValueFormat('sheet', '12,50%', 0.125)).toBe('12,50%');
  expect(applyValueFormat('number', '')).toBe('');
  expect(numberOf('1.234.567')).toBe(1234567);
  expect(numberOf('Rp 980,50')).toBe(980.5);
  expect(numberOf('0811-000')).toBeNull();
});

describe('a total written like its column (totalLike)', () => {
  it('follows the text of the column’s amounts', () => {
    expect(totalLike('Rp 1.000', 3500.5)).toBe('Rp 3.500,50');
    expect(totalLike('IDR 12.500', 1370369)).toBe('Rp 1.370.369');
    expect(totalLike('(Rp 2.500)', -2500)).toBe('-Rp 2.500');
    expect(totalLike('2.500,5', 1370369.5)).toBe('1.370.369,5');
    expect(totalLike('11,234,567.89', 12.5)).toBe('12,5');
    expect(totalLike('11,234,567.89', 11234567.89)).toBe('11.234.567,89');
    expect(totalLike('2500,5', 1370369.5)).toBe('1370369,5');
    expect(totalLike('', 12.5)).toBe('12,5');
    expect(totalLike('7', 1e21)).toBe('1000000000000000000000');
  });
});
