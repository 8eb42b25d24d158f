// The one reader of amounts written as text (docs/values.md): Indonesian (`11.234.567,89`,
// `Rp 1.370.369`) and English (`11,234,567.89`) spellings, a sign before or after `Rp`, or
// parentheses for a negative. Pure; used by the CSV reader, the value formats, grouping sums and
// the Rupiah inputs.

/** `id`: dots group thousands, a comma starts the decimals; `en`: the other way round. */
export type NumberStyle = 'id' | 'en';

const SHAPES: Record<NumberStyle, RegExp> = {
  id: /^(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/,
  en: /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/,
};
const SPACES = /[\s\u00a0\u202f\u2007]+/g;
const CURRENCY = /^(?:rp\.?|idr)/i;

function digitsOf(body: string, style: NumberStyle): number | null {
  if (!SHAPES[style].test(body)) return null;
  const [group, decimal] = style === 'id' ? ['.', ','] : [',', '.'];
  const value = Number(body.replaceAll(group, '').replace(decimal, '.'));
  return Number.isFinite(value) ? value : null;
}

/**
 * The number an amount's text stands for, or null when it is none. Without a style, the
 * Indonesian reading wins where both fit (`150.000` is 150000, `1,5` is 1.5) and the English one
 * reads the rest (`11,234,567.89`, `12.5`). Never NaN.
 */
export function parseAmount(text: string, style?: NumberStyle): number | null {
  let body = text.replace(SPACES, '');
  let negative = false;
  if (body.startsWith('(') && body.endsWith(')')) {
    negative = true;
    body = body.slice(1, -1);
  }
  if (body.startsWith('-') && !negative) {
    negative = true;
    body = body.slice(1);
  }
  body = body.replace(CURRENCY, '');
  // The accounting format's `Rp(2.500)`.
  if (body.startsWith('(') && body.endsWith(')') && !negative) {
    negative = true;
    body = body.slice(1, -1);
  }
  if (body.startsWith('-') && !negative) {
    negative = true;
    body = body.slice(1);
  }
  if (body === '') return null;
  const value =
    style !== undefined ? digitsOf(body, style) : (digitsOf(body, 'id') ?? digitsOf(body, 'en'));
  if (value === null) return null;
  return negative && value !== 0 ? -value : value;
}
