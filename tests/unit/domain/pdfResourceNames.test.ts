// The scan that finds which of a resource dictionary's names a page's content uses
// (src/domain/pdf/pageResources.ts) finds exactly the names the pattern it replaced found: every
// `/Name` token of the content read as Latin-1, a token ending at whitespace or a delimiter.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { ResourceNames } from '../../../src/domain/pdf/pageResources';

/** The former way: a match object a token over the content decoded as Latin-1. */
function byPattern(bytes: Uint8Array, candidates: readonly string[]): Set<string> {
  const text = new TextDecoder('latin1').decode(bytes);
  const all = new Set([...text.matchAll(/\/([^\s/[\]<>(){}%]+)/g)].map((m) => `/${m[1]}`));
  return new Set(candidates.filter((name) => all.has(name)));
}

function byScan(bytes: Uint8Array, candidates: readonly string[]): Set<string> {
  const names = new ResourceNames();
  for (const name of candidates) names.add(name);
  const used = new Set<string>();
  names.scan(bytes, used);
  return used;
}

const latin1 = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('ResourceNames.scan', () => {
  test('finds the names a content stream draws with, not their prefixes or longer names', () => {
    const content = latin1('BT /F1 12 Tf (Hello /F2) Tj ET q /Im12 Do Q /GS1 gs/F3/F4[/F5]');
    const candidates = ['/F1', '/F2', '/F3', '/F4', '/F5', '/Im1', '/Im12', '/GS', '/F6'];
    expect(byScan(content, candidates)).toEqual(
      new Set(['/F1', '/F2', '/F3', '/F4', '/F5', '/Im12']),
    );
  });

  test('a token ends where the old pattern ended it (NBSP yes, NUL no)', () => {
    const content = Uint8Array.of(0x2f, 0x41, 0xa0, 0x2f, 0x42, 0x00, 0x43, 0x0b, 0x2f, 0x2f, 0x44);
    const candidates = ['/A', '/B', '/B\u0000C', '/D', '/'];
    expect(byScan(content, candidates)).toEqual(byPattern(content, candidates));
    expect(byScan(content, candidates)).toEqual(new Set(['/A', '/B\u0000C', '/D']));
  });

  test('finds the same names as the pattern over any bytes', () => {
    // Content made of name-like pieces, delimiters and random bytes; candidates drawn from the
    // same pieces so that hits, prefixes and hash neighbours all occur.
    const piece = fc.oneof(
      fc.constantFrom('/F1', '/F12', '/Im1', '/Im10', '/a#20b', '/', ' ', '\n', '(', ')', '[', ']'),
      fc.constantFrom('<<', '>>', '%', '\u00a0', '\u0000', '\u00e9', 'Tf', 'Do', '12'),
      fc
        .string({ maxLength: 4 })
        .map((s) => [...s].map((c) => (c.charCodeAt(0) > 0xff ? 'x' : c)).join('')),
    );
    const name = fc
      .array(fc.constantFrom('F', '1', '2', 'I', 'm', '0', 'a', '#', 'b', '\u00e9'), {
        minLength: 1,
        maxLength: 4,
      })
      .map((chars) => `/${chars.join('')}`);
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 60 }),
        fc.array(name, { maxLength: 12 }),
        (pieces, names) => {
          const bytes = latin1(pieces.join(''));
          expect(byScan(bytes, names)).toEqual(byPattern(bytes, names));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
