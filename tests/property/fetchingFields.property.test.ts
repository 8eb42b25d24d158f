// Fields as LibreOffice's importer reads them (issue 37): instructions generated the way
// writerfilter's splitFieldCommand tokenises them — the keyword bare, quoted ("INCLUDETEXT"),
// after a backslash (\INCLUDEPICTURE), after empty quoted tokens, in any case, split over runs
// anywhere, spelt with character references, in w:instrText or w:fldSimple, beside attributes
// of other namespaces and deleted instruction text. A field that fetches is always reduced to
// its saved result; one that does not is left exactly as it was.
import fc from 'fast-check';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import { sanitiseDocx } from '../../src/domain/docx';
import { libreOfficeKeyword } from '../../src/domain/docx/fieldKeyword';
import { buildPackage, paragraph } from '../support/linkedDocx';

const codec = {
  inflateRaw: (data: Uint8Array, max: number) =>
    inflateRawSync(data, { maxOutputLength: Math.max(1, max) }),
  deflateRaw: (data: Uint8Array) => deflateRawSync(data),
};

const FETCHING = [
  'INCLUDETEXT',
  'INCLUDE',
  'INCLUDEPICTURE',
  'IMPORT',
  'LINK',
  'DDE',
  'DDEAUTO',
  'DATABASE',
  'RD',
];
const HARMLESS = ['PAGE', 'DATE', 'MERGEFIELD', 'QUOTE', 'REF', 'NUMPAGES'];
const RESULT = 'SAVED-RESULT';

interface Instruction {
  keyword: string;
  text: string;
}

const anyCase = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((upper) => [...word].map((c, i) => (upper[i] ? c : c.toLowerCase())).join(''));

/** An instruction whose keyword LibreOffice reads as `keyword`. */
const instruction = (keywords: string[]) =>
  fc
    .record({
      keyword: fc.constantFrom(...keywords),
      spelt: fc.constantFrom('bare', 'quoted', 'backslash'),
      before: fc.constantFrom('', ' ', '   ', '"" ', '""', '"" "" '),
      args: fc.constantFrom(
        '',
        ' "C:\\\\x.docx"',
        ' "http://127.0.0.1:9/x" \\d',
        ' \\* MERGEFORMAT',
        ' x',
      ),
    })
    .chain(({ keyword, spelt, before, args }) =>
      anyCase(keyword).map((cased): Instruction => {
        if (spelt === 'backslash') return { keyword, text: `\\${cased}${args}` };
        return { keyword, text: `${before}${spelt === 'quoted' ? `"${cased}"` : cased}${args}` };
      }),
    );

/** XML text, with some characters written as character references. */
const escaped = (text: string, references: boolean[]) =>
  [...text]
    .map((c, i) => {
      if (c === '&') return '&amp;';
      if (c === '<') return '&lt;';
      if (c === '"') return '&quot;';
      return references[i % references.length] ? `&#${c.codePointAt(0)};` : c;
    })
    .join('');

const FOREIGN = 'xmlns:x="urn:example:other"';

const field = (keywords: string[]) =>
  fc.record({
    instruction: instruction(keywords),
    simple: fc.boolean(),
    cuts: fc.array(fc.nat(40), { maxLength: 4 }),
    references: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
    foreign: fc.boolean(),
    deleted: fc.boolean(),
  });

interface FieldCase {
  instruction: Instruction;
  simple: boolean;
  cuts: number[];
  references: boolean[];
  foreign: boolean;
  deleted: boolean;
}

function body(f: FieldCase): string {
  const { instruction: ins, simple, cuts, references, foreign, deleted } = f;
  const result = `<w:r><w:t>${RESULT}</w:t></w:r>`;
  if (simple)
    return `<w:p><w:fldSimple ${foreign ? `${FOREIGN} x:instr="PAGE" ` : ''}w:instr="${escaped(ins.text, references)}">${result}</w:fldSimple></w:p>`;
  const points = [...new Set(cuts.map((c) => c % (ins.text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let last = 0;
  for (const p of [...points, ins.text.length]) {
    chunks.push(ins.text.slice(last, p));
    last = p;
  }
  const runs = chunks
    .map(
      (c) => `<w:r><w:instrText xml:space="preserve">${escaped(c, references)}</w:instrText></w:r>`,
    )
    .join('');
  const begin = foreign
    ? `<w:fldChar ${FOREIGN} x:fldCharType="end" w:fldCharType="begin"/>`
    : '<w:fldChar w:fldCharType="begin"/>';
  const del = deleted
    ? '<w:r><w:delInstrText xml:space="preserve">PAGE </w:delInstrText></w:r>'
    : '';
  return `<w:p><w:r>${begin}</w:r>${del}${runs}<w:r><w:fldChar w:fldCharType="separate"/></w:r>${result}<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
}

function sanitised(xmlBody: string) {
  const input = buildPackage({ body: xmlBody + paragraph('after') });
  const out = sanitiseDocx(input, { mode: 'pdf', codec, maxUnpackedBytes: 50e6 });
  const document = (bytes: Uint8Array) => new PizZip(bytes).file('word/document.xml')!.asText();
  return { before: document(input), after: document(out.bytes), fields: out.report.fields };
}

describe('fields as LibreOffice tokenises them', () => {
  test('the keyword LibreOffice reads is the one the instruction was made with', () => {
    fc.assert(
      fc.property(instruction([...FETCHING, ...HARMLESS]), (ins) => {
        expect(libreOfficeKeyword(ins.text)).toBe(ins.keyword);
      }),
    );
  });

  test('a field that fetches is reduced to its saved result, however it is written', () => {
    fc.assert(
      fc.property(field(FETCHING), (f) => {
        const { after, fields } = sanitised(body(f));
        expect(fields).toBeGreaterThan(0);
        expect(after).toContain(RESULT);
        expect(after).not.toMatch(/instrText|fldSimple|fldChar/);
      }),
      { numRuns: 200 },
    );
  });

  test('a field that reads nothing is left exactly as it was', () => {
    fc.assert(
      fc.property(field(HARMLESS), (f) => {
        const { before, after, fields } = sanitised(body(f));
        expect(fields).toBe(0);
        expect(after).toBe(before);
      }),
    );
  });
});
