// The merge deflates its main part itself: what it writes must inflate to the same bytes and carry
// the CRC-32 zip readers check.
import { crc32 as zlibCrc32, inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../../../src/domain/zip/crc32';
import { StreamingDeflate } from '../../../../src/workers/package/compressedParts';

function randomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe('compressed parts', () => {
  it('crc32 agrees with zlib for every length up to 40 bytes and for large inputs, and continues across pieces', () => {
    for (let n = 0; n <= 40; n++) {
      const bytes = randomBytes(n, n + 1);
      expect(crc32(bytes)).toBe(zlibCrc32(bytes));
    }
    const big = randomBytes(1_000_003, 7);
    expect(crc32(big)).toBe(zlibCrc32(big));
    expect(crc32(big.subarray(500_001), crc32(big.subarray(0, 500_001)))).toBe(zlibCrc32(big));
  });

  it('StreamingDeflate inflates to the chunks pushed, joined, whatever their sizes', () => {
    const text = new TextEncoder().encode('<w:p><w:r><w:t>Kepada Yth. </w:t></w:r></w:p>');
    const chunks = [
      text,
      randomBytes(300_000, 3),
      new Uint8Array(0),
      ...Array.from({ length: 5000 }, (_, i) => (i % 2 ? text : randomBytes(i % 97, i))),
    ];
    const stream = new StreamingDeflate();
    for (const chunk of chunks) stream.push(chunk);
    const { data: deflated, size, crc } = stream.finish();
    const joined = Buffer.concat(chunks);
    expect(size).toBe(joined.length);
    expect(crc).toBe(zlibCrc32(joined));
    expect(Buffer.compare(inflateRawSync(deflated), joined)).toBe(0);
  });
});
