// Dates as Indonesian mode shows them (issue 26 point 4): one format for a day, '24 November
// 2026', and one for a moment, '24/11/2026 19.43' (Indonesian writes the time with a dot). In the
// runtime's time zone, as the browser shows every other date. Pure: no I/O, no locale data (the
// month names are ours, so the text is the same in every browser and in Node).

import { MONTH_NAMES_ID } from '../billing/period';

/** The month names, as the billing periods write them ('Oktober 2026'). */
export const MONTHS_ID = MONTH_NAMES_ID;

type DateValue = string | number | Date | null | undefined;

function toDate(value: DateValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const two = (n: number) => String(n).padStart(2, '0');

/** '24 November 2026'; '' for a missing or bad date. */
export function dayId(value: DateValue): string {
  const d = toDate(value);
  return d ? `${d.getDate()} ${MONTHS_ID[d.getMonth()]} ${d.getFullYear()}` : '';
}

/** '24/11/2026 19.43'; '' for a missing or bad date. */
export function dateTimeId(value: DateValue): string {
  const d = toDate(value);
  return d
    ? `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}.${two(d.getMinutes())}`
    : '';
}
