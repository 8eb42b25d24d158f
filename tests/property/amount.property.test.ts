// The one amount reader (src/domain/values/amount.ts): every Indonesian and English spelling of an
// amount reads back as the number written.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { parseAmount } from '../../src/domain/values/amount';

const group = (digits: string, separator: string) =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

/** An amount in cents and the ways a sheet, a bank export or a person writes it. */
const spelled = fc
  .record({
    whole: fc.integer({ min: 0, max: 99_999_999_999 }),
    cents: fc.integer({ min: 0, max: 99 }),
    withCents: fc.boolean(),
    negative: fc.constantFrom('none', 'minus', 'minus after Rp', 'parentheses'),
    currency: fc.constantFrom('', 'Rp', 'Rp ', 'Rp. ', 'IDR '),
    english: fc.boolean(),
  })
  .map((a) => {
    const [thousands, decimal] = a.english ? [',', '.'] : ['.', ','];
    const digits = String(a.whole);
    // English amounts are grouped (a plain `1500,5` would be the Indonesian reading).
    const body =
      group(digits, thousands) +
      (a.withCents ? `${decimal}${String(a.cents).padStart(2, '0')}` : '');
    let text = `${a.currency}${body}`;
    if (a.negative === 'minus') text = `-${text}`;
    if (a.negative === 'minus after Rp') text = `${a.currency || 'Rp '}-${body}`;
    if (a.negative === 'parentheses') text = `(${text})`;
    const value = (a.whole + (a.withCents ? a.cents / 100 : 0)) * (a.negative === 'none' ? 1 : -1);
    return { text, value: value === 0 ? 0 : value, english: a.english, whole: a.whole };
  });

test('an amount in any Indonesian or English spelling reads as the number written', () => {
  fc.assert(
    fc.property(spelled, ({ text, value, english, whole }) => {
      // `1,500` (one group) reads the Indonesian way: 1,5. English needs two groups or decimals.
      fc.pre(!english || whole >= 1_000_000 || /\.\d\d\)?$/.test(text));
      expect(parseAmount(text)).toBeCloseTo(value, 6);
      expect(parseAmount(text, english ? 'en' : 'id')).toBeCloseTo(value, 6);
    }),
  );
});

test('the issue’s spellings', () => {
  expect(parseAmount('11.234.567,89')).toBe(11234567.89);
  expect(parseAmount('11,234,567.89')).toBe(11234567.89);
  expect(parseAmount('150.000')).toBe(150000);
  expect(parseAmount('1.234,5')).toBe(1234.5);
  expect(parseAmount('Rp 1.370.369')).toBe(1370369);
  expect(parseAmount('-Rp 2.500')).toBe(-2500);
  expect(parseAmount('(2.500)')).toBe(-2500);
  expect(parseAmount('Rp(2.500)')).toBe(-2500);
  expect(parseAmount('(-5)')).toBeNull();
  expect(parseAmount('980,50')).toBe(980.5);
  expect(parseAmount('12.5')).toBe(12.5);
});

test('text that is no amount gives null, never NaN', () => {
  fc.assert(
    fc.property(fc.string(), (s) => {
      const v = parseAmount(s);
      return v === null || Number.isFinite(v);
    }),
  );
  for (const text of ['', 'Rp', 'abc', '1,5,0', '1.500,', ',5', '--5', '1e3', '0811-000', '12a'])
    expect(parseAmount(text), text).toBeNull();
});
