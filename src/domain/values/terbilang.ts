// Amounts spelled out in Indonesian, as an invoice writes them ("terbilang").

const DIGITS = [
  'nol',
  'satu',
  'dua',
  'tiga',
  'empat',
  'lima',
  'enam',
  'tujuh',
  'delapan',
  'sembilan',
];

/** Scales of 10^3k; 10^15 and beyond are refused (the rupiah amounts of an invoice stay far below). */
const SCALES = ['', 'ribu', 'juta', 'miliar', 'triliun'];

/** The largest integer terbilang spells: 10^15 − 1. */
export const TERBILANG_MAX = 999_999_999_999_999;

/** 1 … 999 in words ('' for 0); 'seratus', 'sepuluh', 'sebelas' as Indonesian says them. */
function belowThousand(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds === 1) words.push('seratus');
  else if (hundreds > 1) words.push(DIGITS[hundreds], 'ratus');
  if (rest === 10) words.push('sepuluh');
  else if (rest === 11) words.push('sebelas');
  else if (rest > 11 && rest < 20) words.push(DIGITS[rest - 10], 'belas');
  else if (rest >= 20) {
    words.push(DIGITS[Math.floor(rest / 10)], 'puluh');
    if (rest % 10 > 0) words.push(DIGITS[rest % 10]);
  } else if (rest > 0) words.push(DIGITS[rest]);
  return words;
}

/**
 * A whole number 0 … 10^15 − 1 in words: 1234567 → 'satu juta dua ratus tiga puluh empat ribu lima
 * ratus enam puluh tujuh'; 1000 → 'seribu' (only the thousands take 'se-'; 1000000 is 'satu juta').
 * Null for anything else (negative, fractional, too large).
 */
export function spellInteger(n: number): string | null {
  if (!Number.isInteger(n) || n < 0 || n > TERBILANG_MAX) return null;
  if (n === 0) return DIGITS[0];
  const groups: number[] = [];
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000);
  const words: string[] = [];
  for (let scale = groups.length - 1; scale >= 0; scale--) {
    const group = groups[scale];
    if (group === 0) continue;
    if (scale === 1 && group === 1) words.push('seribu');
    else words.push(...belowThousand(group), ...(SCALES[scale] ? [SCALES[scale]] : []));
  }
  return words.join(' ');
}

/**
 * An amount of rupiah in words followed by 'rupiah': 250000000 → 'dua ratus lima puluh juta rupiah',
 * 0 → 'nol rupiah'. Negative amounts start with 'minus'. Decimals are rounded to whole sen
 * (hundredths) and read after the rupiah: 1500.5 → 'seribu lima ratus rupiah lima puluh sen'.
 * Null when the whole part is beyond 10^15 − 1 or the value is not a finite number.
 */
export function terbilang(amount: number): string | null {
  if (!Number.isFinite(amount)) return null;
  const negative = amount < 0;
  const abs = Math.abs(amount);
  let whole = Math.trunc(abs);
  let sen = Math.round((abs - whole) * 100);
  if (sen === 100) {
    whole += 1;
    sen = 0;
  }
  const wholeWords = spellInteger(whole);
  if (wholeWords === null) return null;
  const words = [wholeWords, 'rupiah'];
  if (sen > 0) words.push(spellInteger(sen)!, 'sen');
  if (negative && (whole > 0 || sen > 0)) words.unshift('minus');
  return words.join(' ');
}
