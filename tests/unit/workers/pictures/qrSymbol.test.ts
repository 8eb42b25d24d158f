// The QR symbols drawn from the previous code of a run (qrSymbol.ts) are exactly the library's:
// the same codewords as its `encodeData` and, module by module, the same symbol (the same mask
// chosen) as its `drawSymbol`, for random texts of every mode and version 1–40, for runs of texts
// that differ in a few characters (what the drawing from the previous code is for) and for runs
// of QRIS payloads. The library is what a scanner-tested code was drawn with before.
import encodeQR, { _tests } from 'qr';
import fc from 'fast-check';
import { afterEach, describe, expect, test } from 'vitest';
import { qrMatrix, useLibrarySymbol } from '../../../../src/workers/pictures/qrImage';
import { codewords, type Encoding } from '../../../../src/workers/pictures/qrSymbol';
import { dynamicQris } from '../../../../src/domain/qris';
import { STATIC_QRIS } from '../../../support/qris';

const encoder = new TextEncoder();
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

/** The library's own steps: its codewords and symbol (its working matrix, copied). */
function libraryMatrix(text: string): number[] {
  useLibrarySymbol(true);
  try {
    return Array.from(qrMatrix(text).v);
  } finally {
    useLibrarySymbol(false);
  }
}

afterEach(() => useLibrarySymbol(false));

/** A run: each text the one before with a few characters replaced (as a run's payloads are). */
const runOfEdits = (alphabet: fc.Arbitrary<string>, maxLength: number) =>
  fc
    .tuple(
      fc.string({ unit: alphabet, minLength: 1, maxLength }),
      fc.array(fc.array(fc.tuple(fc.nat(), alphabet), { minLength: 1, maxLength: 6 }), {
        minLength: 1,
        maxLength: 8,
      }),
    )
    .map(([first, edits]) => {
      const texts = [first];
      let chars = [...first];
      for (const edit of edits) {
        chars = chars.slice();
        for (const [at, c] of edit) chars[at % chars.length] = c;
        texts.push(chars.join(''));
      }
      return texts;
    });

const digit = fc.constantFrom(...'0123456789');
const alphanumeric = fc.constantFrom(...ALPHANUMERIC);
const anyCharacter = fc.oneof(
  fc.string({ minLength: 1, maxLength: 1 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);

function sameAsLibrary(texts: readonly string[]): void {
  for (const text of texts) {
    const ours = Array.from(qrMatrix(text).v);
    expect(ours, text.slice(0, 40)).toEqual(libraryMatrix(text));
  }
}

describe('QR symbols drawn from the previous code', () => {
  test('codewords equal the library’s encodeData, in every mode, across runs of edited texts', () => {
    const modes: [Encoding, fc.Arbitrary<string>, number][] = [
      ['numeric', digit, 3000],
      ['alphanumeric', alphanumeric, 1800],
      ['byte', anyCharacter, 600],
    ];
    for (const [encoding, alphabet, maxLength] of modes)
      fc.assert(
        fc.property(
          runOfEdits(alphabet, maxLength),
          fc.integer({ min: 1, max: 40 }),
          (texts, v) => {
            for (const text of texts) {
              const type = _tests.detectType(text) as Encoding;
              if (type !== encoding && encoding !== 'byte') continue;
              const utf8 = encoder.encode(text);
              const length = type === 'byte' ? utf8.length : text.length;
              let expected: Uint8Array;
              try {
                expected = _tests.encodeData(v, 'medium', text, type, utf8);
              } catch {
                continue; // does not fit version v
              }
              expect(Array.from(codewords(v, type, text, utf8, length))).toEqual(
                Array.from(expected),
              );
            }
          },
        ),
        { numRuns: 60 },
      );
  });

  test('symbols equal the library’s module by module for random runs of every mode and size', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          runOfEdits(digit, 7000),
          runOfEdits(alphanumeric, 4000),
          runOfEdits(anyCharacter, 500),
          fc.array(fc.string({ unit: 'binary', maxLength: 300 }), { minLength: 1, maxLength: 5 }),
        ),
        (texts) => sameAsLibrary(texts),
      ),
      { numRuns: 120 },
    );
  });

  test('every version 1–40, each drawn twice in turn with one character changed', () => {
    // Bytes filling each version at level M (a few under its capacity).
    const texts: string[] = [];
    for (let n = 1; n <= 2331; n = Math.ceil(n * 1.04) + 1) {
      const text = 'q'.repeat(n);
      texts.push(text, `${text.slice(0, -1)}z`, text);
    }
    const versions = new Set(texts.map((t) => qrMatrix(t).size));
    expect(versions.size).toBeGreaterThan(35);
    sameAsLibrary(texts);
    sameAsLibrary(['x'.repeat(2331), 'y'.repeat(2331)]);
  });

  test('runs of QRIS payloads equal the library’s, also the public call’s', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.integer({ min: 1, max: 9_999_999_999 }),
            fc.string({
              unit: fc.constantFrom(...'0123456789/-ABCINV'),
              minLength: 1,
              maxLength: 25,
            }),
          ),
          { minLength: 1, maxLength: 20 },
        ),
        (rows) => {
          const texts: string[] = [];
          for (const [amount, invoice] of rows) {
            const made = dynamicQris(STATIC_QRIS, amount / 100, invoice);
            if ('payload' in made) texts.push(made.payload);
          }
          sameAsLibrary(texts);
        },
      ),
      { numRuns: 60 },
    );
    const text = dynamicQris(STATIC_QRIS, 150_000, 'INV/2025/000001');
    if (!('payload' in text)) throw new Error(text.problem);
    const grid = encodeQR(text.payload, 'raw', { ecc: 'medium', border: 1 });
    const m = qrMatrix(text.payload);
    for (let y = 0; y < m.size; y++)
      for (let x = 0; x < m.size; x++)
        expect(((m.v[y * m.words + (x >>> 5)] >>> (x & 31)) & 1) === 1).toBe(grid[y + 1][x + 1]);
  });
});
