// Rupiah amounts: IDR, 0 fraction digits, 'Rp'; input parsing by src/domain/values/amount.ts.
import { parseAmount } from './amount';

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

// ICU's Indonesian compact units (rb, jt, M, T). Grouping on, so 1e15 reads '1.000 T' rather
// than ICU's compact default '1000 T'.
const shortFormat = new Intl.NumberFormat('id-ID', {
  notation: 'compact',
  maximumFractionDigits: 1,
  useGrouping: true,
});

/**
 * Short axis label: 1500000 → 'Rp 1,5 jt', 2000000000 → 'Rp 2 M', 999999 → 'Rp 1 jt' (Indonesian
 * units). Below a thousand, whole rupiah: 499.6 → 'Rp 500', 999.6 → 'Rp 1 rb'.
 */
export function formatRupiahShort(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const abs = Math.abs(value);
  const text = shortFormat.format(abs < 1000 ? Math.round(abs) : abs).replace(ODD_SPACES, ' ');
  return `${value < 0 ? '-' : ''}Rp ${text}`;
}

/**
 * parseRupiah('Rp 1.500.000') → 1500000, '1.500.000,50' → 1500000.5, 1500 → 1500: the
 * Indonesian reading of src/domain/values/amount.ts. Anything else (empty text, letters, two commas,
 * non-finite numbers) gives null — never NaN — so callers test `=== null`.
 */
export function parseRupiah(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (typeof input !== 'string') return null;
  return parseAmount(input, 'id');
}
