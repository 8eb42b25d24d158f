// How a merged value is written (issue "values formatted as an invoice needs"): the mapping step
// picks one format per template field; these pure rules apply it.
import { terbilang } from './terbilang';
import { MONTH_NAMES_ID } from '../billing/period';
import { parseAmount } from './amount';
import { sheetDate } from './sheetDate';

export type ValueFormat = 'sheet' | 'rupiah' | 'number' | 'date' | 'terbilang' | 'upper' | 'field';

export const VALUE_FORMATS: ReadonlyArray<{ readonly id: ValueFormat; readonly label: string }> = [
  { id: 'sheet', label: 'As in sheet' },
  { id: 'rupiah', label: 'Rupiah' },
  { id: 'number', label: 'Number' },
  { id: 'date', label: 'Date' },
  { id: 'terbilang', label: 'Terbilang' },
  { id: 'upper', label: 'UPPER CASE' },
  // A Word MERGEFIELD's own switches (`\# "#.##0"`, `\* Upper`…), offered for fields that have them.
  { id: 'field', label: 'As the Word field says' },
];

/** Formats that leave a value to the template: the sheet's text, or the Word field's switches. */
export function isTemplateFormat(format: ValueFormat | undefined): boolean {
  return format === undefined || format === 'sheet' || format === 'field';
}

export const DEFAULT_VALUE_FORMAT: ValueFormat = 'sheet';

export function isValueFormat(value: unknown): value is ValueFormat {
  return VALUE_FORMATS.some((f) => f.id === value);
}

export function valueFormatLabel(format: ValueFormat): string {
  return VALUE_FORMATS.find((f) => f.id === format)?.label ?? format;
}

/**
 * The decimal digits of a finite number without exponent: 1e21 → '1000000000000000000000',
 * 1.5e-7 → '0.00000015'. Integers keep every digit. Non-integers keep 15 significant digits as Excel does, which drops binary
 * noise such as 0.30000000000000004 (a cell holds no more).
 */
export function plainDecimal(n: number): string {
  // An integer's exact digits, even past 2^53 where String() would round to the shortest form.
  if (Number.isInteger(n)) return BigInt(n).toString();
  const value = Number.isInteger(n) ? n : Number(n.toPrecision(15));
  const text = String(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return sign + text;
  const digits = match[1] + (match[2] ?? '');
  const point = match[1].length + Number(match[3]);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Indonesian grouping of a number: 1234567.5 → '1.234.567,5'; every digit kept. */
export function formatNumberId(n: number): string {
  const plain = plainDecimal(n);
  const negative = plain.startsWith('-');
  const [whole, fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** 'Rp 1.234.567'; negative '-Rp 1.234.567'; an amount with cents keeps two: 'Rp 980,50'. */
export function formatRupiahValue(n: number): string {
  // Sen are written with two digits (980,5 → 980,50); a cell holding more keeps them all.
  const text = formatNumberId(n).replace(/,(\d)$/, ',$10');
  return text.startsWith('-') ? `-Rp ${text.slice(1)}` : `Rp ${text}`;
}

/**
 * A total written the way an amount of its column is written as text (a CSV field, a cell without
 * a number format): `Rp 1.000` → Rupiah with sen, `1.500`/`1,500` (thousands grouped) → Indonesian
 * grouping, else every digit with a decimal comma (`1370369,5`), as a General cell shows it.
 */
export function totalLike(sample: string, n: number): string {
  if (/^[\s(-]*(?:rp|idr)/i.test(sample)) return formatRupiahValue(n);
  if (/\d[.,]\d{3}(?!\d)/.test(sample)) return formatNumberId(n);
  return plainDecimal(n).replace('.', ',');
}

/** A date as Indonesian writes it in full: '23 November 2025'; null for a value that is no date. */
export function formatLongDateId(text: string, raw?: number | null): string | null {
  const date = sheetDate(text, raw);
  return date && `${date.day} ${MONTH_NAMES_ID[date.month - 1]} ${date.year}`;
}

/**
 * The number a value stands for: the cell's own number when it was a number cell, else its text
 * read as an amount (src/domain/values/amount.ts: Indonesian first, then English spelling).
 */
export function numberOf(text: string, raw?: number | null): number | null {
  if (raw != null && Number.isFinite(raw)) return raw;
  return parseAmount(text);
}

/**
 * A value written in a format. `text` is the value as the sheet shows it, `raw` the cell's number
 * when it was a number cell. Null when the value cannot take the format (text under Rupiah, a
 * number under Date, an amount terbilang cannot spell): the caller merges it as it is and warns.
 * An empty value stays empty under every format.
 */
export function applyValueFormat(
  format: ValueFormat,
  text: string,
  raw?: number | null,
): string | null {
  if (text === '' && raw == null) return '';
  switch (format) {
    case 'sheet':
    case 'field':
      return text;
    case 'upper':
      return text.toLocaleUpperCase('id-ID');
    case 'date':
      return formatLongDateId(text, raw);
    case 'rupiah':
    case 'number':
    case 'terbilang': {
      const n = numberOf(text, raw);
      if (n === null) return null;
      if (format === 'rupiah') return formatRupiahValue(n);
      if (format === 'number') return formatNumberId(n);
      return terbilang(n);
    }
  }
}
