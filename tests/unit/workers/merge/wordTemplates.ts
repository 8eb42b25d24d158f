// Word's mail-merge templates (tests/fixtures/mailmerge) and the generator run on them, for the
// Word output tests (wordOutput.test.ts, wordOutputRender.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import type { GenerationJob } from '../../../../src/domain/generationJob';
import { createGeneratorApi } from '../../../../src/workers/generatorApi';
import { analyseTemplate } from '../../../../src/workers/template';

const FIXTURES = path.join(__dirname, '../../../fixtures/mailmerge');
export const fixture = (name: string): ArrayBuffer => {
  const bytes = readFileSync(path.join(FIXTURES, name));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

function workbook(rows: unknown[][]): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Data');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

/** The generated file's bytes; each placeholder mapped to the column of its name. */
export async function generate(
  template: ArrayBuffer,
  rows: unknown[][],
  output: GenerationJob['output'] = { kind: 'merged' },
): Promise<ArrayBuffer> {
  const { placeholders } = await analyseTemplate(template);
  const result = await createGeneratorApi().generate({
    template,
    data: { file: workbook(rows), sheet: 'Data' },
    rows: Uint32Array.from(rows.slice(1).map((_, i) => i)),
    mapping: Object.fromEntries(placeholders.map((p) => [p, p])),
    formats: {},
    output,
  });
  return result.file.arrayBuffer();
}

/** The footnote fixture with an endnote added the way Word writes one: a MERGEFIELD in it too. */
export function withEndnote(): ArrayBuffer {
  const zip = new PizZip(fixture('footnote-header-footer.docx'));
  const footnotes = zip.file('word/footnotes.xml')!.asText();
  const footnote = /<w:footnote w:id="1">[\s\S]*?<\/w:footnote>/.exec(footnotes)![0];
  const endnote = footnote
    .replace(/<(\/?)w:footnote\b/g, '<$1w:endnote')
    .replace('<w:footnoteRef/>', '<w:endnoteRef/>')
    .replace(/FootnoteReference/g, 'EndnoteReference')
    .replace('Merge :', 'Endnote :')
    .replace('MERGEFIELD fieldname', 'MERGEFIELD footerfield');
  const endnotes = zip.file('word/endnotes.xml')!.asText();
  zip.file('word/endnotes.xml', endnotes.replace('</w:endnotes>', `${endnote}</w:endnotes>`));
  const document = zip.file('word/document.xml')!.asText();
  const reference =
    /<w:r\b[^>]*>(?:(?!<\/w:r>)[\s\S])*?<w:footnoteReference w:id="1"\/><\/w:r>/.exec(document)![0];
  zip.file(
    'word/document.xml',
    document.replace(
      reference,
      reference +
        reference.replace('<w:footnoteReference w:id="1"/>', '<w:endnoteReference w:id="1"/>'),
    ),
  );
  return zip.generate({ type: 'arraybuffer' });
}

export const NOTE_ROWS = [
  [
    'fieldname',
    'headerfield',
    'footerfield',
    'headerfirst',
    'footerfirst',
    'headereven',
    'footereven',
  ],
  ...[1, 2, 3].map((n) => [
    `note ${n}`,
    `header ${n}`,
    `footer ${n}`,
    `first header ${n}`,
    `first footer ${n}`,
    `even header ${n}`,
    `even footer ${n}`,
  ]),
];
