// Word fields against random input (issue 21): a MERGEFIELD or an IF reads the same however Word
// cut its instruction over runs and instrText elements, for random names and switches; number
// pictures keep every digit of the value they group.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatNumberPicture } from '../../src/domain/values/wordPicture';
import { convertMergeFields } from '../../src/workers/template/mergeFields';

const run = (inner: string) => `<w:r>${inner}</w:r>`;
const escape = (t: string) =>
  t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** The instruction cut at `cuts` into instrText runs; `nested` fields stand at their `\u0001` marks. */
function field(instruction: string, cuts: number[], nested: string[] = []): string {
  const points = [...new Set(cuts.map((c) => c % (instruction.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let at = 0;
  for (const p of [...points, instruction.length]) {
    if (p > at) pieces.push(instruction.slice(at, p));
    at = Math.max(at, p);
  }
  let k = 0;
  const body = pieces
    .map((piece) =>
      piece
        .split('\u0001')
        .map((text) =>
          text ? run(`<w:instrText xml:space="preserve">${escape(text)}</w:instrText>`) : '',
        )
        .join('\u0001'),
    )
    .join('')
    .replaceAll('\u0001', () => nested[k++] ?? '');
  return (
    run('<w:fldChar w:fldCharType="begin"/>') +
    body +
    run('<w:fldChar w:fldCharType="separate"/>') +
    run('<w:t>«x»</w:t>') +
    run('<w:fldChar w:fldCharType="end"/>')
  );
}

const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_ ]{0,14}[A-Za-z0-9]$/);
const switches = fc.subarray([
  '\\* Upper',
  '\\# "#.##0"',
  '\\@ "d MMMM yyyy"',
  '\\b "Yth. "',
  '\\* MERGEFORMAT',
]);
const cuts = fc.array(fc.nat(), { maxLength: 12 });

const readOf = (xml: string) => {
  const converted = convertMergeFields(`<w:p>${xml}</w:p>`);
  return {
    fields: converted.fields,
    notFilled: converted.notFilled,
    wordFields: Object.values(converted.wordFields).map((f) => f.field),
  };
};

describe('Word field instructions split at random', () => {
  test('a MERGEFIELD with random name and switches', () => {
    fc.assert(
      fc.property(name, switches, cuts, (fieldName, chosen, at) => {
        const instruction = ` MERGEFIELD "${fieldName}" ${chosen.join(' ')} `;
        const whole = readOf(field(instruction, []));
        expect(whole.fields).toEqual([fieldName]);
        expect(readOf(field(instruction, at))).toEqual(whole);
      }),
    );
  });

  test('an IF with a MERGEFIELD in its condition and its result', () => {
    fc.assert(
      fc.property(name, name, cuts, cuts, (left, inResult, outer, inner) => {
        const condition = field(` MERGEFIELD "${left}" `, inner);
        const result = field(` MERGEFIELD "${inResult}" \\* Upper `, inner);
        const instruction = ' IF \u0001 <> "" "Yth. \u0001" "-" ';
        const whole = readOf(field(instruction, [], [condition, result]));
        expect(whole.notFilled).toEqual([]);
        expect(whole.wordFields).toHaveLength(1);
        expect(readOf(field(instruction, outer, [condition, result]))).toEqual(whole);
      }),
    );
  });
});

describe('number pictures', () => {
  test('grouping keeps every digit, in both languages', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (n) => {
        expect(formatNumberPicture(n, '#.##0', 'id').replace(/\./g, '')).toBe(String(n));
        expect(formatNumberPicture(n, '#,##0', 'en').replace(/,/g, '')).toBe(String(n));
      }),
    );
  });

  test('two decimals round as the value says', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 99 }),
        (whole, cents) => {
          const n = whole + cents / 100;
          expect(formatNumberPicture(n, '0.00', 'en')).toBe(
            `${whole}.${String(cents).padStart(2, '0')}`,
          );
        },
      ),
    );
  });
});
