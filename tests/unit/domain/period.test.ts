import { describe, expect, test } from 'vitest';
import {
  currentPeriod,
  formatPeriodDisplay,
  isValidPeriod,
  MONTH_NAMES_ID,
  PERIOD_PATTERN,
  shiftPeriod,
} from '../../../src/domain/billing/period';

describe('period format', () => {
  test.each(['2024-01', '2024-12', '1999-06'])('%s is a valid period', (p) => {
    expect(PERIOD_PATTERN.test(p)).toBe(true);
    expect(isValidPeriod(p)).toBe(true);
  });

  test.each(['2024-1', '24-01', '2024/01', '2024-001', ' 2024-01', '2024-01 ', '', 'Januari 2024'])(
    '%j breaks the format',
    (p) => {
      expect(PERIOD_PATTERN.test(p)).toBe(false);
      expect(isValidPeriod(p)).toBe(false);
    },
  );

  test('a month outside 01..12 has the format but is not a period', () => {
    expect(PERIOD_PATTERN.test('2024-13')).toBe(true);
    expect(isValidPeriod('2024-13')).toBe(false);
    expect(isValidPeriod('2024-00')).toBe(false);
  });

  test('non-strings are not periods', () => {
    expect(isValidPeriod(202401)).toBe(false);
    expect(isValidPeriod(null)).toBe(false);
  });
});

describe('formatPeriodDisplay', () => {
  test('shows the Indonesian month and the year', () => {
    expect(formatPeriodDisplay('2024-01')).toBe('Januari 2024');
    expect(formatPeriodDisplay('2023-08')).toBe('Agustus 2023');
    expect(formatPeriodDisplay('2025-12')).toBe('Desember 2025');
  });

  test('every month has its Indonesian name', () => {
    expect(
      MONTH_NAMES_ID.map(
        (_, i) => formatPeriodDisplay(`2024-${String(i + 1).padStart(2, '0')}`).split(' ')[0],
      ),
    ).toEqual([
      'Januari',
      'Februari',
      'Maret',
      'April',
      'Mei',
      'Juni',
      'Juli',
      'Agustus',
      'September',
      'Oktober',
      'November',
      'Desember',
    ]);
  });

  test('values without a dash, or not a real month, are shown as is', () => {
    expect(formatPeriodDisplay('Semua Periode')).toBe('Semua Periode');
    expect(formatPeriodDisplay('202401')).toBe('202401');
    expect(formatPeriodDisplay('2024-13')).toBe('2024-13');
  });
});

describe('shiftPeriod', () => {
  test('moves across year ends both ways', () => {
    expect(shiftPeriod('2024-01', -1)).toBe('2023-12');
    expect(shiftPeriod('2023-12', 1)).toBe('2024-01');
    expect(shiftPeriod('2024-05', 0)).toBe('2024-05');
    expect(shiftPeriod('2024-05', -17)).toBe('2022-12');
    expect(shiftPeriod('2024-05', 24)).toBe('2026-05');
  });

  test('refuses an invalid period', () => {
    expect(() => shiftPeriod('2024-13', 1)).toThrow(RangeError);
  });
});

test('currentPeriod is the month of the given date', () => {
  expect(currentPeriod(new Date(2024, 0, 15, 12))).toBe('2024-01');
  expect(currentPeriod(new Date(2023, 11, 31, 12))).toBe('2023-12');
});
