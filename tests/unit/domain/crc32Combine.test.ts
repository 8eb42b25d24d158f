// Two CRC-32s combined (a QR code's PNG takes its zip entry's CRC from its chunks' this way) are the
// CRC-32 of the bytes one after the other, for any bytes and lengths.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { crc32, crc32Combine } from '../../../src/domain/zip/crc32';

const concat = (a: Uint8Array, b: Uint8Array) => {
  const all = new Uint8Array(a.length + b.length);
  all.set(a);
  all.set(b, a.length);
  return all;
};

describe('CRC-32 combined', () => {
  test('the CRC of A then B equals the CRCs of A and B combined', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.uint8Array({ maxLength: 5000 }), (a, b) => {
        expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(concat(a, b)));
      }),
      { numRuns: 300 },
    );
  });

  test('long parts too (lengths past 64 kB)', () => {
    const a = Uint8Array.from({ length: 1000 }, (_, i) => (i * 31) & 0xff);
    const b = Uint8Array.from({ length: 200_003 }, (_, i) => (i * 7 + (i >>> 9)) & 0xff);
    expect(crc32Combine(crc32(a), crc32(b), b.length)).toBe(crc32(concat(a, b)));
    expect(crc32Combine(crc32(b), crc32(a), a.length)).toBe(crc32(concat(b, a)));
  });
});
