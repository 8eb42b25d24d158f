// The PDF route's cut in chunks is made in the sanitiser's thread (docs/pdf-chunks.md, "Cutting"),
// from the document's text as the sanitiser left it (sanitiseDocx's `kept`): the chunks, the whole
// document and the sanitised package must be byte for byte what cutting the sanitised package
// afterwards made, whatever the sanitiser did to word/document.xml (nothing, fields taken out,
// read from UTF-16, a byte-order mark dropped).
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import { sanitiseDocx } from '../../../src/domain/docx';
import { cutDocx, type DocxCut } from '../../../src/server/pdf/chunks';
import { sanitiseInThread } from '../../../src/server/sanitise/inThread';
import { mergeDocuments } from '../../../src/workers/merge';
import { buildDocx, paragraph } from '../workers/docxBuilder';

const codec = {
  inflateRaw: (data: Uint8Array, max: number) =>
    inflateRawSync(data, { maxOutputLength: Math.max(1, max) }),
  deflateRaw: (data: Uint8Array) => deflateRawSync(data),
};

const FETCHING =
  '<w:p><w:fldSimple w:instr=" INCLUDETEXT &quot;/etc/passwd&quot; "><w:r><w:t>cached</w:t></w:r></w:fldSimple></w:p>';

async function merged(body: string): Promise<Uint8Array> {
  const result = await mergeDocuments({
    template: buildDocx({
      body,
      header: paragraph('Header {number}'),
      footer: paragraph('Footer {number}'),
    }),
    rows: Array.from({ length: 7 }, (_, i) => ({
      name: `Pelanggan ${i + 1} — Ü`,
      number: `N${i + 1}`,
    })),
    mapping: { name: 'name', number: 'number' },
    markSections: true,
  });
  return new Uint8Array(result.bytes);
}

/** The package with word/document.xml written again by `rewrite` (its text in, its bytes out). */
function withDocument(docx: Uint8Array, rewrite: (xml: string) => Uint8Array): Uint8Array {
  const zip = new PizZip(docx);
  const xml = zip.file('word/document.xml')!.asText();
  zip.file('word/document.xml', rewrite(xml));
  return zip.generate({ type: 'uint8array', compression: 'DEFLATE' });
}

const utf16 = (xml: string) => {
  const text = xml.replace('encoding="UTF-8"', 'encoding="UTF-16"');
  return new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
};
const withBom = (xml: string) =>
  new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, 'utf8')]));

const documents: [string, () => Promise<Uint8Array>][] = [
  ['untouched by the sanitiser', () => merged(paragraph('Invoice for {name}'))],
  ['with a fetching field taken out', () => merged(paragraph('Invoice for {name}') + FETCHING)],
  [
    'in UTF-16, written back as UTF-8',
    async () => withDocument(await merged(paragraph('Invoice for {name}') + FETCHING), utf16),
  ],
  [
    'with a byte-order mark',
    async () => withDocument(await merged(paragraph('Invoice for {name}')), withBom),
  ],
];

const options = { mode: 'pdf', codec, maxUnpackedBytes: 50e6 } as const;

const plain = (cut: DocxCut) =>
  'whole' in cut
    ? { whole: Buffer.from(cut.whole) }
    : { chunks: cut.chunks.map((c) => ({ ...c, bytes: Buffer.from(c.bytes) })) };

describe.each(documents)('a merged document %s', (_, make) => {
  test('sanitiseDocx keeps word/document.xml as the package holds it', async () => {
    const docx = await make();
    const { kept, ...result } = sanitiseDocx(docx, { ...options, keepText: 'word/document.xml' });
    expect(result).toEqual(sanitiseDocx(docx, options));
    const written = new PizZip(result.bytes).file('word/document.xml')!.asUint8Array();
    expect(kept).toBe(new TextDecoder().decode(written));
  });

  test.each([
    [3, false],
    [3, true],
    [100, false],
    [100, true],
  ])('cut in the thread (%i sections, drop markers: %s) as it was after', async (size, drop) => {
    const docx = await make();
    const before = sanitiseDocx(docx, options);
    const after = await sanitiseInThread(docx.slice(), {
      mode: 'pdf',
      maxUnpackedBytes: 50e6,
      cut: { size, dropMarkers: drop },
    });
    expect(Buffer.from(after.bytes)).toEqual(Buffer.from(before.bytes));
    expect(after.report).toEqual(before.report);
    expect(after.notes).toEqual(before.notes);
    const cut = cutDocx(before.bytes, size, { dropMarkers: drop });
    expect('chunks' in cut).toBe(size === 3);
    expect(plain(after.cut!)).toEqual(plain(cut));
  });
});

test('a part named otherwise, or left out, is not kept: the cut reads the package', async () => {
  const docx = await merged(paragraph('Invoice for {name}'));
  expect(sanitiseDocx(docx, { ...options, keepText: 'word/Document.xml' }).kept).toBeUndefined();
  expect(sanitiseDocx(docx, { ...options, keepText: 'word/none.xml' }).kept).toBeUndefined();
});

test('without a cut asked for, the thread answers no cut', async () => {
  const docx = await merged(paragraph('Invoice for {name}'));
  const answer = await sanitiseInThread(docx, { mode: 'pdf', maxUnpackedBytes: 50e6 });
  expect(answer.cut).toBeUndefined();
  expect('kept' in answer).toBe(false);
});
