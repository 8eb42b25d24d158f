// A date as a sheet holds it (docs/values.md): the text a cell shows (`31/10/2025`,
// `31-10-2025 14:05`, `2025-10-31`) or an Excel serial number (45961 is 31 October 2025, its
// fraction the time of day). Pure: no time zone, no locale.

export interface SheetDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?)?/;
const DAY_FIRST =
  /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:,?\s+(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?)?$/;
/** Excel's last day, 31/12/9999. */
const MAX_SERIAL = 2_958_465;

function valid(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): SheetDate | null {
  const check = new Date(Date.UTC(year, month - 1, day));
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  )
    return null;
  return { year, month, day, hour, minute, second };
}

/**
 * An Excel serial date (1900 date system) to its day and time, rounded to the second. Serial 60
 * is Excel's 29/02/1900, a day that never was: null. Below 1 there is no day (a time alone).
 */
export function serialDate(serial: number): SheetDate | null {
  if (!Number.isFinite(serial) || serial < 1 || serial >= MAX_SERIAL + 1) return null;
  const seconds = Math.round(serial * 86_400);
  let days = Math.floor(seconds / 86_400);
  if (days === 60) return null;
  if (days < 60) days += 1;
  const date = new Date(Date.UTC(1899, 11, 30) + days * 86_400_000);
  const inDay = seconds % 86_400;
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: Math.floor(inDay / 3600),
    minute: Math.floor((inDay % 3600) / 60),
    second: inDay % 60,
  };
}

const num = (text: string | undefined) => Number(text ?? 0);

/**
 * The date a value stands for: text written day first (`dd/mm/yyyy`, `dd-mm-yyyy`, with an
 * optional time) or as `yyyy-mm-dd`, else the number cell's serial (`raw`). Null for anything else, and for days that do not exist.
 */
export function sheetDate(text: string, raw?: number | null): SheetDate | null {
  const trimmed = text.trim();
  const dayFirst = DAY_FIRST.exec(trimmed);
  if (dayFirst) {
    const [, d, m, y, h, min, s] = dayFirst;
    return valid(num(y), num(m), num(d), num(h), num(min), num(s));
  }
  const iso = ISO.exec(trimmed);
  if (iso) {
    const [, y, m, d, h, min, s] = iso;
    return valid(num(y), num(m), num(d), num(h), num(min), num(s));
  }
  // A serial only from a number cell: text such as `1234` is no date.
  return raw != null ? serialDate(raw) : null;
}
