import { expect, test } from 'vitest';
import fc from 'fast-check';
import {
  formatPeriodDisplay,
  isValidPeriod,
  MONTH_NAMES_ID,
  shiftPeriod,
} from '../../src/domain/billing/period';

const period = fc
  .record({ year: fc.integer({ min: 1000, max: 9000 }), month: fc.integer({ min: 1, max: 12 }) })
  .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);

test('shifting forth and back returns the same period, and stays a valid period', () => {
  fc.assert(
    fc.property(period, fc.integer({ min: -600, max: 600 }), (p, k) => {
      const moved = shiftPeriod(p, k);
      expect(isValidPeriod(moved)).toBe(true);
      expect(shiftPeriod(moved, -k)).toBe(p);
    }),
  );
});

test('shifting by one month moves the display to the next month name', () => {
  fc.assert(
    fc.property(period, (p) => {
      const month = Number(p.slice(5, 7));
      const next = formatPeriodDisplay(shiftPeriod(p, 1)).split(' ')[0];
      expect(next).toBe(MONTH_NAMES_ID[month % 12]);
    }),
  );
});

test('the display of a period is a month name and its year; text without a dash is kept', () => {
  fc.assert(
    fc.property(period, (p) => {
      const [name, year] = formatPeriodDisplay(p).split(' ');
      expect(year).toBe(p.slice(0, 4));
      expect(MONTH_NAMES_ID.indexOf(name as (typeof MONTH_NAMES_ID)[number]) + 1).toBe(
        Number(p.slice(5, 7)),
      );
    }),
  );
  fc.assert(
    fc.property(
      fc.string().filter((s) => !s.includes('-')),
      (s) => formatPeriodDisplay(s) === s,
    ),
  );
});
