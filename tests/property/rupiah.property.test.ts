import { expect, test } from 'vitest';
import fc from 'fast-check';
import { formatRupiah, formatRupiahInput, parseRupiah } from '../../src/domain/values/rupiah';

const safeNonNegative = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

test('parseRupiah reads back what formatRupiah prints (non-negative safe integers)', () => {
  fc.assert(fc.property(safeNonNegative, (n) => parseRupiah(formatRupiah(n)) === n));
});

test('negative amounts round-trip too', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: -1 }),
      (n) => parseRupiah(formatRupiah(n)) === n,
    ),
  );
});

test('the input form (no Rp) round-trips', () => {
  fc.assert(fc.property(safeNonNegative, (n) => parseRupiah(formatRupiahInput(n)) === n));
});

test('a comma introduces the decimals', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 1e12 }),
      fc.integer({ min: 0, max: 99 }),
      (whole, cents) => {
        const text = `${formatRupiahInput(whole)},${String(cents).padStart(2, '0')}`;
        expect(parseRupiah(text)).toBeCloseTo(whole + cents / 100, 6);
      },
    ),
  );
});

test('formatRupiah always prints Rp, digits and dots only', () => {
  fc.assert(
    fc.property(fc.double({ noNaN: false }), (n) =>
      /^-?Rp \d{1,3}(\.\d{3})*$/.test(formatRupiah(n)),
    ),
  );
});

test('parseRupiah never returns NaN or throws on arbitrary text', () => {
  fc.assert(
    fc.property(fc.string(), (s) => {
      const v = parseRupiah(s);
      return v === null || Number.isFinite(v);
    }),
  );
});
