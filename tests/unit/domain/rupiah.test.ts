import { describe, expect, test } from 'vitest';
import {
  formatRupiah,
  formatRupiahInput,
  formatRupiahShort,
  parseRupiah,
} from '../../../src/domain/values/rupiah';

describe('formatRupiah', () => {
  test('prints Rp, a plain space and dots between thousands, no decimals', () => {
    expect(formatRupiah(1500000)).toBe('Rp 1.500.000');
    expect(formatRupiah(0)).toBe('Rp 0');
    expect(formatRupiah(999)).toBe('Rp 999');
    expect(formatRupiah(1234.6)).toBe('Rp 1.235');
  });

  test('uses no non-breaking spaces, whatever ICU prints', () => {
    expect(formatRupiah(1500000)).not.toMatch(/[\u00a0\u202f]/);
  });

  test('negative and non-finite values', () => {
    expect(formatRupiah(-1500)).toBe('-Rp 1.500');
    expect(formatRupiah(Number.NaN)).toBe('Rp 0');
    expect(formatRupiah(Number.POSITIVE_INFINITY)).toBe('Rp 0');
    expect(formatRupiah(-0)).toBe('Rp 0');
  });

  test('input and axis variants', () => {
    expect(formatRupiahInput(1500000)).toBe('1.500.000');
    expect(formatRupiahShort(1500000)).toBe('Rp 1,5 jt');
    expect(formatRupiahShort(2_000_000_000)).toBe('Rp 2 M');
    expect(formatRupiahShort(3_000_000_000_000)).toBe('Rp 3 T');
    expect(formatRupiahShort(25_000)).toBe('Rp 25 rb');
    expect(formatRupiahShort(500)).toBe('Rp 500');
    expect(formatRupiahShort(999_999)).toBe('Rp 1 jt');
    expect(formatRupiahShort(999_949)).toBe('Rp 999,9 rb');
    expect(formatRupiahShort(-2_500_000)).toBe('-Rp 2,5 jt');
    expect(formatRupiahShort(123_456_789)).toBe('Rp 123,5 jt');
    expect(formatRupiahShort(1e15)).toBe('Rp 1.000 T');
  });

  test('whole rupiah below a thousand; rounding up to a thousand reads in thousands', () => {
    expect(formatRupiahShort(499.6)).toBe('Rp 500');
    expect(formatRupiahShort(999.6)).toBe('Rp 1 rb');
    expect(formatRupiahShort(0)).toBe('Rp 0');
    expect(formatRupiahShort(Number.NaN)).toBe('Rp 0');
  });
});

describe('parseRupiah', () => {
  test.each([
    ['Rp 1.500.000', 1500000],
    ['Rp1.500.000', 1500000],
    ['rp 1.500.000', 1500000],
    ['Rp\u00a01.500.000', 1500000],
    ['1.500.000,50', 1500000.5],
    ['1500000', 1500000],
    ['  42 ', 42],
    ['0', 0],
    ['-Rp 1.500', -1500],
    ['Rp -1.500', -1500],
    ['12,5', 12.5],
  ])('%j → %d', (text, value) => {
    expect(parseRupiah(text)).toBe(value);
  });

  test.each(['', 'Rp', 'abc', '1,5,0', '1.500,', ',5', 'Rp 1.500 USD', '--5', '1e3'])(
    '%j is not an amount (null)',
    (text) => {
      expect(parseRupiah(text)).toBeNull();
    },
  );

  test('numbers pass through, non-finite and missing values are null', () => {
    expect(parseRupiah(1500)).toBe(1500);
    expect(parseRupiah(Number.NaN)).toBeNull();
    expect(parseRupiah(null)).toBeNull();
    expect(parseRupiah(undefined)).toBeNull();
  });

  test('reads what formatRupiah prints', () => {
    expect(parseRupiah(formatRupiah(987654321))).toBe(987654321);
  });
});
