// The deflate of one file per row (issue 23): a part's static segments are parsed once and each
// row is written with fixed Huffman codes around its values (framedDeflate.ts). Whatever the
// segments and values (repeats that reach back over values, values past deflate's 32 kB window,
// empty segments, UTF-8), zlib inflates exactly the rendering, and size and CRC-32 are its own.
// The same for the merged package's lines (linesDeflate.ts): text and lines of a few shapes.
import fc from 'fast-check';
import { inflateRawSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import { FramedDeflate } from '../../src/workers/package/framedDeflate';
import { LineShape, LinesDeflate } from '../../src/workers/package/linesDeflate';
import { crc32 } from '../../src/domain/zip/crc32';
import { joinChunks } from '../../src/workers/template';

const encoder = new TextEncoder();

/** XML-like text: few distinct pieces, so the static text repeats and matches reach far. */
const xmlText = fc
  .array(
    fc.constantFrom(
      '<w:p>',
      '</w:p>',
      '<w:r><w:rPr><w:b/></w:rPr>',
      '<w:t xml:space="preserve">',
      '</w:t></w:r>',
      'Tagihan ',
      'Jumlah (Rp)',
      'Ω – ünïcode 🎉',
      ' ',
    ),
    { maxLength: 60 },
  )
  .map((pieces) => pieces.join(''));

const value = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('INV/2024/00007', '', '<w:p>', 'Tagihan ', 'Ω – ünïcode 🎉'),
  fc.nat({ max: 40_000 }).map((n) => 'x'.repeat(n)),
);

/** A rendering: segments with values between them, as a part frame renders a row. */
function rendering(segments: readonly Uint8Array[], values: readonly string[]): Uint8Array[] {
  return segments.flatMap((segment, k) =>
    k + 1 < segments.length ? [segment, encoder.encode(values[k])] : [segment],
  );
}

describe('a framed part deflated without compressing per row', () => {
  test('inflates to exactly the rendering, with its size and CRC-32, for any segments and values', () => {
    fc.assert(
      fc.property(
        fc.array(xmlText, { minLength: 1, maxLength: 8 }),
        fc.array(value, { minLength: 7, maxLength: 7 }),
        fc.array(value, { minLength: 7, maxLength: 7 }),
        (texts, firstValues, secondValues) => {
          const segments = texts.map((text) => encoder.encode(text));
          const deflater = new FramedDeflate(segments);
          // The same deflater writes every row: nothing of one row may leak into the next.
          for (const values of [firstValues, secondValues]) {
            const chunks = rendering(segments, values);
            expect(deflater.fits(chunks)).toBe(true);
            const part = deflater.encode(chunks);
            const expected = joinChunks(chunks);
            expect(Buffer.from(inflateRawSync(part.data)).equals(Buffer.from(expected))).toBe(true);
            expect(part.size).toBe(expected.length);
            expect(part.crc).toBe(crc32(expected));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a long static text compresses: a repeated invoice line costs a fraction of its bytes', () => {
    const line = '<w:tr><w:tc><w:p><w:r><w:t>Lokal</w:t></w:r></w:p></w:tc></w:tr>';
    const segments = [encoder.encode(line.repeat(100)), encoder.encode(line.repeat(100))];
    const part = new FramedDeflate(segments).encode(rendering(segments, ['PT Sinar Jaya']));
    expect(part.data.length).toBeLessThan(part.size / 20);
  });

  test('does not take a rendering through other segments', () => {
    const segments = [encoder.encode('<w:t>'), encoder.encode('</w:t>')];
    const deflater = new FramedDeflate(segments);
    expect(deflater.fits([encoder.encode('<w:t>'), encoder.encode('a'), segments[1]])).toBe(false);
    expect(deflater.fits([segments[0]])).toBe(false);
  });
});

describe('a part of lines deflated as matches against the last line of their shape', () => {
  const line = fc.record({
    shape: fc.nat({ max: 2 }),
    values: fc.array(value, { minLength: 2, maxLength: 2 }),
    /** Text written before the line (a long one pushes the last line out of the 32 kB window). */
    before: fc.oneof(
      fc.constant(''),
      xmlText,
      fc.nat({ max: 40_000 }).map((n) => 'y'.repeat(n)),
    ),
  });

  test('inflates to exactly the text written, with its size and CRC-32', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(xmlText, { minLength: 3, maxLength: 3 }), { minLength: 3, maxLength: 3 }),
        fc.array(line, { maxLength: 30 }),
        (shapeTexts, lines) => {
          const shapes = shapeTexts.map(
            (texts) => new LineShape(texts.map((text) => encoder.encode(text))),
          );
          const part = new LinesDeflate();
          let expected = '';
          for (const { shape, values, before } of lines) {
            part.literals(encoder.encode(before));
            part.line(
              shapes[shape],
              values.map((v) => encoder.encode(v)),
            );
            const [a, b, c] = shapeTexts[shape];
            expected += before + a + values[0] + b + values[1] + c;
          }
          const written = part.finish();
          const bytes = encoder.encode(expected);
          expect(new TextDecoder().decode(inflateRawSync(written.data))).toBe(expected);
          expect(written.size).toBe(bytes.length);
          expect(written.crc).toBe(crc32(bytes));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('a segment a byte or two longer than a longest match is written whole', () => {
    for (const length of [258, 259, 260, 516, 517]) {
      const shape = new LineShape([encoder.encode('<'.repeat(length)), encoder.encode('/>')]);
      const part = new LinesDeflate();
      for (let n = 1; n <= 3; n++) part.line(shape, [encoder.encode(String(n))]);
      const expected = [1, 2, 3].map((n) => `${'<'.repeat(length)}${n}/>`).join('');
      expect(new TextDecoder().decode(inflateRawSync(part.finish().data))).toBe(expected);
    }
  });
});
