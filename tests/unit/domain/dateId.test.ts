// Indonesian dates (issue 26 point 4): '24 November 2026' and '24/11/2026 19.43', for every date.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateTimeId, dayId, MONTHS_ID } from '../../../src/domain/values/dateId';

const dates = fc.date({
  min: new Date(1000, 0, 1),
  max: new Date(9999, 11, 31),
  noInvalidDate: true,
});

describe('Indonesian dates', () => {
  it('shows the examples of the issue', () => {
    const d = new Date(2026, 10, 24, 19, 43, 12);
    expect(dayId(d)).toBe('24 November 2026');
    expect(dateTimeId(d)).toBe('24/11/2026 19.43');
    expect(dayId(new Date(2024, 7, 5))).toBe('5 Agustus 2024');
    expect(dateTimeId(new Date(2024, 0, 5, 7, 3))).toBe('05/01/2024 07.03');
  });

  it('gives nothing for a missing or bad date', () => {
    for (const bad of [null, undefined, '', 'not a date', Number.NaN]) {
      expect(dayId(bad)).toBe('');
      expect(dateTimeId(bad)).toBe('');
    }
  });

  it('a day reads back as the same calendar day, with an Indonesian month name', () => {
    fc.assert(
      fc.property(dates, (d) => {
        const match = /^(\d{1,2}) (\p{L}+) (\d{4})$/u.exec(dayId(d));
        expect(match).not.toBeNull();
        const [, day, month, year] = match!;
        expect(Number(day)).toBe(d.getDate());
        expect(MONTHS_ID.indexOf(month as (typeof MONTHS_ID)[number])).toBe(d.getMonth());
        expect(Number(year)).toBe(d.getFullYear());
      }),
    );
  });

  it('a moment reads back as the same minute, DD/MM/YYYY HH.mm', () => {
    fc.assert(
      fc.property(dates, (d) => {
        const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2})\.(\d{2})$/.exec(dateTimeId(d));
        expect(match).not.toBeNull();
        const [, day, month, year, hours, minutes] = match!.map(Number);
        const back = new Date(year, month - 1, day, hours, minutes);
        const minute = new Date(d);
        minute.setSeconds(0, 0);
        expect(back.getTime()).toBe(minute.getTime());
      }),
    );
  });

  it('agrees with the date as a string or a timestamp', () => {
    fc.assert(
      fc.property(dates, (d) => {
        expect(dayId(d.toISOString())).toBe(dayId(d));
        expect(dateTimeId(d.getTime())).toBe(dateTimeId(d));
      }),
    );
  });
});
