// Billing periods are calendar months written YYYY-MM (docs/product.md#data, #input-rules).

/** Four digits, a dash, two digits: the format rule of docs/product.md#input-rules. */
export const PERIOD_PATTERN = /^\d{4}-\d{2}$/;

export const MONTH_NAMES_ID = [
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
] as const;

/**
 * The format of docs/product.md#input-rules plus a real month (01–12): '2024-13' and '2024-00' are refused,
 * because the server stores one summary per calendar month and the dashboard steps months.
 */
export function isValidPeriod(value: unknown): value is string {
  if (typeof value !== 'string' || !PERIOD_PATTERN.test(value)) return false;
  const month = Number(value.slice(5, 7));
  return month >= 1 && month <= 12;
}

/** '2024-01' → 'Januari 2024'. Values without a dash (or not a real month) are shown as is. */
export function formatPeriodDisplay(period: string): string {
  if (!isValidPeriod(period)) return period;
  return `${MONTH_NAMES_ID[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
}

function fromMonthIndex(index: number): string {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** shiftPeriod('2024-01', -1) → '2023-12'. Throws on an invalid period (a programming error). */
export function shiftPeriod(period: string, months: number): string {
  if (!isValidPeriod(period)) throw new RangeError(`Invalid period: ${period}`);
  const index =
    Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1 + Math.trunc(months);
  return fromMonthIndex(index);
}

/** The period of `now` in the runtime's local calendar (the user's month in the browser). */
export function currentPeriod(now: Date = new Date()): string {
  return fromMonthIndex(now.getFullYear() * 12 + now.getMonth());
}
