// Word's field switches as Word applies them to a merged value (issue 21): `\#` number pictures,
// `\@` date pictures and `\*` text cases. A picture's separators and the month and day names
// follow the template's language: Indonesian (id-ID: `1.234.567,89`, `23 November 2025`, `Minggu`)
// or Word's English rules otherwise. Pure: no locale data, the same text in every browser.
import { sheetDate } from './sheetDate';
import { MONTH_NAMES_ID } from '../billing/period';
import { plainDecimal } from './valueFormat';

export type FieldLanguage = 'id' | 'en';

/** 'id' for an Indonesian language tag (`id-ID`, `in-ID`, `id`), else 'en'. */
export function fieldLanguage(tag: string | null | undefined): FieldLanguage {
  return /^(id|in)(-|$)/i.test(tag ?? '') ? 'id' : 'en';
}

const SEPARATORS: Record<FieldLanguage, { group: string; decimal: string }> = {
  id: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** Splits at `;` outside quoted 'text' (positive;negative;zero sections). */
function sections(picture: string): string[] {
  const out = [''];
  let quoted = false;
  for (const c of picture) {
    if (c === "'") quoted = !quoted;
    if (c === ';' && !quoted) out.push('');
    else out[out.length - 1] += c;
  }
  return out;
}

/** `digits` (a plain decimal, no sign) rounded half up to `places` fraction digits. */
function roundPlain(plain: string, places: number): { whole: string; fraction: string } {
  const [whole, fraction = ''] = plain.split('.');
  const padded = fraction.padEnd(places + 1, '0');
  let digits = whole + padded.slice(0, places);
  if (Number(padded[places]) >= 5) {
    const up = (BigInt(digits) + 1n).toString().padStart(digits.length, '0');
    digits = up;
  }
  const cut = digits.length - places;
  return {
    whole: digits.slice(0, cut).replace(/^0+(?=\d)/, '') || '0',
    fraction: digits.slice(cut),
  };
}

/**
 * A number written through a `\#` picture: `0` a digit always shown, `#` a digit shown when there
 * is one, the language's group and decimal separators, `'text'` and any other character as
 * written, `-`/`+` where the sign goes, `;` between positive, negative and zero pictures.
 */
export function formatNumberPicture(n: number, picture: string, lang: FieldLanguage): string {
  const { group, decimal } = SEPARATORS[lang];
  const parts = sections(picture);
  let section = parts[0];
  let value = n;
  // A negative section writes the value without its sign (it shows its own: `(#,##0)`).
  if (n < 0 && parts[1] !== undefined && parts[1] !== '') {
    section = parts[1];
    value = -n;
  } else if (n === 0 && parts[2] !== undefined && parts[2] !== '') section = parts[2];
  // The numeric core: from the first digit placeholder to the last, with separators between.
  const core = { start: -1, end: -1 };
  let quoted = false;
  for (let i = 0; i < section.length; i++) {
    const c = section[i];
    if (c === "'") quoted = !quoted;
    if (quoted || !/[0#x]/.test(c)) continue;
    if (core.start < 0) {
      core.start = i;
      // A separator right before the first digit placeholder belongs to the core (`,0.00`).
      while (
        core.start > 0 &&
        (section[core.start - 1] === group || section[core.start - 1] === decimal)
      )
        core.start--;
    }
    core.end = i + 1;
  }
  // A picture without digits (a zero section such as '-') is written as it stands.
  if (core.start < 0) return section.replace(/'([^']*)'/g, '$1');
  // The core ends at its last digit placeholder: a separator after it (a full stop) is text.
  const pattern = section.slice(core.start, core.end);
  const point = pattern.indexOf(decimal);
  const integerPart = point < 0 ? pattern : pattern.slice(0, point);
  const fractionPart = point < 0 ? '' : pattern.slice(point + 1).replaceAll(group, '');
  const places = (fractionPart.match(/[0#x]/g) ?? []).length;
  const required = (fractionPart.match(/0/g) ?? []).length;
  const rounded = roundPlain(plainDecimal(Math.abs(value)), places);
  let fraction = rounded.fraction;
  while (fraction.length > required && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  let whole = rounded.whole.padStart((integerPart.match(/0/g) ?? []).length, '0');
  if (whole === '0' && !integerPart.includes('0') && fraction !== '') whole = '';
  if (integerPart.includes(group)) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  // A value that rounds to zero shows no sign.
  const negative = value < 0 && /[1-9]/.test(rounded.whole + fraction);
  const number = whole + (fraction ? decimal + fraction : '');
  const hasSign = /[-+]/.test(section.replace(/'[^']*'/g, ''));
  const sign = negative ? '-' : value > 0 ? '+' : ' ';
  const before = literal(section.slice(0, core.start), sign);
  const after = literal(section.slice(core.end), sign);
  const bare = negative && !hasSign ? '-' : '';
  return before + bare + number + after;
}

/** The literal text of a picture piece: quotes removed, `-`/`+` turned into the sign. */
function literal(piece: string, sign: string): string {
  let out = '';
  let quoted = false;
  for (const c of piece) {
    if (c === "'") quoted = !quoted;
    else if (quoted) out += c;
    else if (c === '-') out += sign === '-' ? '-' : ' ';
    else if (c === '+') out += sign;
    else out += c;
  }
  return out;
}

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_SHORT_ID = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'Mei',
  'Jun',
  'Jul',
  'Agu',
  'Sep',
  'Okt',
  'Nov',
  'Des',
];
const DAYS_EN = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAYS_ID = ['Minggu', 'Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu'];

const DATE_TOKEN = /'[^']*'|d{1,4}|M{1,4}|y{4}|y{2}|h{1,2}|H{1,2}|m{1,2}|s{1,2}|am\/pm|AM\/PM/g;

/**
 * A date (as the sheet shows it, `31/10/2025 14:05`, `2025-10-31`, or the cell's serial number:
 * src/domain/values/sheetDate.ts) written through a `\@` picture: d dd ddd dddd, M MM MMM MMMM, yy
 * yyyy, h hh H HH, m mm, s ss, am/pm, 'text'. Null for a value that is no date.
 */
export function formatDatePicture(
  text: string,
  picture: string,
  lang: FieldLanguage,
  raw?: number | null,
): string | null {
  const found = sheetDate(text, raw);
  if (!found) return null;
  const { year, month, day, hour, minute, second } = found;
  const date = new Date(Date.UTC(year, month - 1, day));
  const months = lang === 'id' ? MONTH_NAMES_ID : MONTHS_EN;
  const days = lang === 'id' ? DAYS_ID : DAYS_EN;
  const two = (v: number) => String(v).padStart(2, '0');
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const weekday = date.getUTCDay();
  return picture.replace(DATE_TOKEN, (token) => {
    switch (token) {
      case 'd':
        return String(day);
      case 'dd':
        return two(day);
      case 'ddd':
        return days[weekday].slice(0, 3);
      case 'dddd':
        return days[weekday];
      case 'M':
        return String(month);
      case 'MM':
        return two(month);
      case 'MMM':
        return lang === 'id' ? MONTHS_SHORT_ID[month - 1] : MONTHS_EN[month - 1].slice(0, 3);
      case 'MMMM':
        return months[month - 1];
      case 'yy':
        return two(year % 100);
      case 'yyyy':
        return String(year);
      case 'h':
        return String(hour12);
      case 'hh':
        return two(hour12);
      case 'H':
        return String(hour);
      case 'HH':
        return two(hour);
      case 'm':
        return String(minute);
      case 'mm':
        return two(minute);
      case 's':
        return String(second);
      case 'ss':
        return two(second);
      case 'am/pm':
        return hour < 12 ? 'am' : 'pm';
      case 'AM/PM':
        return hour < 12 ? 'AM' : 'PM';
      default:
        return token.slice(1, -1);
    }
  });
}

/** `\* Upper`, `\* Lower`, `\* FirstCap` (the first letter), `\* Caps` (each word's first letter). */
export function formatTextCase(text: string, kind: string): string {
  switch (kind.toUpperCase()) {
    case 'UPPER':
      return text.toLocaleUpperCase('id-ID');
    case 'LOWER':
      return text.toLocaleLowerCase('id-ID');
    case 'FIRSTCAP':
      return text.replace(/\p{L}/u, (c) => c.toLocaleUpperCase('id-ID'));
    case 'CAPS':
      return text.replace(
        /(^|[^\p{L}\p{N}'’])(\p{L})/gu,
        (_, b: string, c: string) => b + c.toLocaleUpperCase('id-ID'),
      );
    default:
      return text;
  }
}
