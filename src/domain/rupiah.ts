// Rupiah amounts: IDR, 0 fraction digits, 'Rp' (spec §9); input parsing of spec §5.

const rupiahFormat = new Intl.NumberFormat('id-ID', {
  style: 'currency',
  currency: 'IDR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const groupedFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 });

// ICU (Node 20 and Chromium alike) puts a no-break space (U+00A0, sometimes U+202F) after
// 'Rp'. We normalise every such space to a plain U+0020 so texts compare and copy predictably.
const ODD_SPACES = /[\u00a0\u202f\u2007]/g;

/**
 * formatRupiah(1500000) → 'Rp 1.500.000' (plain space). Rounded to whole rupiah; negative
 * values read '-Rp 1.500'; NaN and infinities read 'Rp 0'.
 */
export function formatRupiah(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  return rupiahFormat.format(value === 0 ? 0 : value).replace(ODD_SPACES, ' ');
}

/** Thousands grouping without the currency: 1500000 → '1.500.000' (for rupiah inputs). */
export function formatRupiahInput(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  return groupedFormat.format(value === 0 ? 0 : value).replace(ODD_SPACES, ' ');
}

const SHORT_UNITS: ReadonlyArray<readonly [number, string]> = [
  [1e12, 'T'],
  [1e9, 'M'],
  [1e6, 'jt'],
  [1e3, 'rb'],
];

const shortFormat = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 1 });

/** Short axis label: 1500000 → 'Rp 1,5 jt', 2000000000 → 'Rp 2 M' (Indonesian units). */
export function formatRupiahShort(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  for (const [size, unit] of SHORT_UNITS) {
    // 999 999 would round to '1.000 rb'; it reads '1 jt' instead.
    if (abs >= size * 0.99995) return `${sign}Rp ${shortFormat.format(abs / size)} ${unit}`;
  }
  return `${sign}Rp ${Math.round(abs)}`;
}

const NUMBER_TEXT = /^\d[\d.]*(,\d+)?$/;

/**
 * parseRupiah('Rp 1.500.000') → 1500000, '1.500.000,50' → 1500000.5, 1500 → 1500.
 * Strips 'Rp' (any case) and spaces, treats dots as thousands separators and a comma as the
 * decimal separator. Anything else (empty text, letters, two commas, non-finite numbers)
 * gives null — never NaN — so callers test `=== null`.
 */
export function parseRupiah(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  let text = input.replace(/[\s\u00a0\u202f\u2007]/g, '');
  let negative = false;
  if (text.startsWith('-')) {
    negative = true;
    text = text.slice(1);
  }
  text = text.replace(/^rp\.?/i, '');
  if (text.startsWith('-') && !negative) {
    negative = true;
    text = text.slice(1);
  }
  if (!NUMBER_TEXT.test(text)) return null;
  const value = Number(text.replace(/\./g, '').replace(',', '.'));
  if (!Number.isFinite(value)) return null;
  return negative && value !== 0 ? -value : value;
}
