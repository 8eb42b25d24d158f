// Word's mail-merge templates (tests/fixtures/mailmerge) and the generator run on them, for the
// Word output tests (wordOutput.test.ts, wordOutputRender.test.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import type { GenerationJob } from '../../../../src/domain/generator/generationJob';
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

/**
 * The footnote fixture with a Word comment on the footnote's run, its text holding the same
 * MERGEFIELD as the footnote, written as Word 2016+ writes one (a paragraph id that
 * commentsExtended.xml points at).
 */
export function withComment(): ArrayBuffer {
  const zip = new PizZip(fixture('footnote-header-footer.docx'));
  const footnotes = zip.file('word/footnotes.xml')!.asText();
  const footnote = /<w:footnote w:id="1">([\s\S]*?)<\/w:footnote>/.exec(footnotes)![1];
  const paragraph = footnote
    .replace('<w:footnoteRef/>', '<w:annotationRef/>')
    .replace(/w14:paraId="[^"]*"/, 'w14:paraId="0C0FFEE1"')
    .replace('Merge :', 'Catatan :');
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  zip.file(
    'word/comments.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:comments xmlns:w="${W}" xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"><w:comment w:id="0" w:author="Admin" w:date="2025-10-01T00:00:00Z" w:initials="A">${paragraph}</w:comment></w:comments>`,
  );
  zip.file(
    'word/commentsExtended.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w15:commentsEx xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml"><w15:commentEx w15:paraId="0C0FFEE1" w15:done="0"/></w15:commentsEx>`,
  );
  const rels = zip.file('word/_rels/document.xml.rels')!.asText();
  zip.file(
    'word/_rels/document.xml.rels',
    rels.replace(
      '</Relationships>',
      '<Relationship Id="rIdC1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="comments.xml"/><Relationship Id="rIdC2" Type="http://schemas.microsoft.com/office/2011/relationships/commentsExtended" Target="commentsExtended.xml"/></Relationships>',
    ),
  );
  const types = zip.file('[Content_Types].xml')!.asText();
  zip.file(
    '[Content_Types].xml',
    types.replace(
      '</Types>',
      '<Override PartName="/word/comments.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/><Override PartName="/word/commentsExtended.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.commentsExtended+xml"/></Types>',
    ),
  );
  const document = zip.file('word/document.xml')!.asText();
  const reference =
    /<w:r\b[^>]*>(?:(?!<\/w:r>)[\s\S])*?<w:footnoteReference w:id="1"\/><\/w:r>/.exec(document)![0];
  zip.file(
    'word/document.xml',
    document.replace(
      reference,
      `<w:commentRangeStart w:id="0"/>${reference}<w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r>`,
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
