// A frame renders a part the way docxtemplater does: for every templated part of every producer's
// layout and shape, and for values that need escaping, are empty, or sit side by side, the frame's
// bytes equal docxtemplater's; values it cannot take (line breaks, control characters, surrogates)
// are left to docxtemplater.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileTemplate, type CompiledTemplate } from '../../../../src/workers/template/compile';
import { mergeDocuments } from '../../../../src/workers/merge/mergeDocuments';
import { renderPart } from '../../../../src/workers/internals';
import {
  compileFrame,
  joinChunks,
  plainPlaceholderKeys,
  renderFramed,
  verifyFrame,
} from '../../../../src/workers/template/partFrames';
import PizZip from 'pizzip';
import { buildDocx, type DocxParts } from '../docxBuilder';
import { mainPart } from '../packageCheck';
import {
  buildTemplate,
  identityMapping,
  LETTERHEAD_FIELDS,
  type Producer,
  type TemplateShape,
} from '../templateCorpus';

const toBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer as ArrayBuffer;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const PRODUCERS: Producer[] = ['word', 'wordWeb', 'libreoffice', 'googleDocs'];
const SHAPES: TemplateShape[] = [
  {},
  { letterhead: true, logo: true },
  { letterhead: true, titlePg: true, evenAndOdd: true },
  {
    letterhead: true,
    bodyPicture: true,
    table: true,
    contentControl: true,
    comments: true,
    footnotes: true,
    docProps: true,
  },
  { letterhead: true, logo: true, ownSectionBreaks: true },
];

/** Each field gets the value at the same position, cycling through `values`. */
function rowOf(values: string[], shift = 0): Record<string, string> {
  return Object.fromEntries(
    LETTERHEAD_FIELDS.map((field, i) => [field, values[(i + shift) % values.length]]),
  );
}

const FRAMEABLE = [
  ['INV/2024/00007', 'PT Maju Jaya', 'Jl. Sudirman No. 1', 'Rp 1.500.000', '2024-07'],
  ['A & B <Tbk>', '"quoted" and \'single\'', '&amp; already', '1 < 2 > 0', 'x'],
  ['  leading and trailing  ', 'Ümlaut é ß', '中文 日本語', 'Ελληνικά ש', '‏RTL mark'],
  ['', 'only one filled', '', '', ''],
  ['', '', '', '', ''],
];
const NOT_FRAMEABLE = [
  ['line\nbreak'],
  ['tab\there'],
  ['emoji 😀'],
  ['bell \u0007'],
  ['private \uE000 use'],
];

function templatedParts(template: CompiledTemplate): string[] {
  return [...template.trees.keys()].filter(
    (file) => plainPlaceholderKeys(template.trees.get(file))?.length,
  );
}

describe('part frames', () => {
  for (const producer of PRODUCERS) {
    for (const shape of SHAPES) {
      it(`render like docxtemplater: ${producer}, ${JSON.stringify(shape)}`, () => {
        const template = compileTemplate(toBuffer(buildTemplate({ ...shape, producer })));
        const files = templatedParts(template);
        expect(files).toContain(template.main);
        for (const file of files) {
          const frame = compileFrame(template.trees.get(file), (data) =>
            renderPart(template.doc, file, data),
          );
          expect(frame, file).not.toBeNull();
          for (const values of FRAMEABLE) {
            for (let shift = 0; shift < values.length; shift++) {
              const row = rowOf(values, shift);
              const chunks = renderFramed(frame!, row, encoder);
              expect(chunks, `${file} ${JSON.stringify(row)}`).not.toBeNull();
              expect(decoder.decode(joinChunks(chunks!)), `${file} ${JSON.stringify(row)}`).toBe(
                decoder.decode(renderPart(template.doc, file, row)),
              );
            }
          }
          for (const values of NOT_FRAMEABLE)
            expect(renderFramed(frame!, rowOf(values), encoder)).toBeNull();
        }
      });
    }
  }

  it('render the real LibreOffice and Word files like docxtemplater, byte for byte', () => {
    for (const name of [
      'libreoffice-letterhead.docx',
      'libreoffice-even-odd-sections.docx',
      'libreoffice-from-html.docx',
      // Word-saved: tags split over runs, text boxes; parts that start with a byte order mark.
      'docxtemplater-tag-example.docx',
      'docxtemplater-tag-splitted-multiline.docx',
      'docxtemplater-header-without-digit.docx',
      'docxtemplater-office365.docx',
    ]) {
      const template = compileTemplate(
        toBuffer(readFileSync(path.join(__dirname, '../../../fixtures/corpus', name))),
      );
      for (const file of templatedParts(template)) {
        const frame = compileFrame(template.trees.get(file), (data) =>
          renderPart(template.doc, file, data),
        );
        expect(frame, `${name} ${file}`).not.toBeNull();
        const keys = frame!.keys;
        for (const values of FRAMEABLE) {
          const row = Object.fromEntries(keys.map((key, i) => [key, values[i % values.length]]));
          expect(decoder.decode(joinChunks(renderFramed(frame!, row, encoder)!))).toBe(
            decoder.decode(renderPart(template.doc, file, row)),
          );
          expect(verifyFrame(frame!, row, renderPart(template.doc, file, row), encoder)).toBe(true);
        }
      }
    }
  });

  it('two empty values side by side in one text run collapse as docxtemplater collapses them', () => {
    const parts: DocxParts = {
      body: '<w:p><w:r><w:t>{a}{b}</w:t></w:r></w:p><w:p><w:r><w:t>x {a} y</w:t></w:r></w:p>',
    };
    const template = compileTemplate(buildDocx(parts));
    const frame = compileFrame(template.trees.get(template.main), (data) =>
      renderPart(template.doc, template.main, data),
    )!;
    for (const row of [
      { a: '', b: '' },
      { a: '', b: 'B' },
      { a: 'A', b: '' },
      { a: 'A', b: 'B' },
    ]) {
      const framed = decoder.decode(joinChunks(renderFramed(frame, row, encoder)!));
      expect(framed).toBe(decoder.decode(renderPart(template.doc, template.main, row)));
    }
    expect(decoder.decode(joinChunks(renderFramed(frame, { a: '', b: '' }, encoder)!))).toContain(
      '<w:t/>',
    );
  });

  it('are not made for loops, conditions or raw XML', () => {
    for (const body of [
      '<w:p><w:r><w:t>{#items}{name}{/items}</w:t></w:r></w:p>',
      '<w:p><w:r><w:t>{#paid}yes{/paid}</w:t></w:r></w:p>',
      '<w:p><w:r><w:t>{@raw}</w:t></w:r></w:p>',
    ]) {
      const template = compileTemplate(buildDocx({ body }));
      expect(
        compileFrame(template.trees.get(template.main), (data) =>
          renderPart(template.doc, template.main, data),
        ),
      ).toBeNull();
    }
  });

  it('verifyFrame tells a rendering that differs from the frame', () => {
    const template = compileTemplate(toBuffer(buildTemplate({})));
    const frame = compileFrame(template.trees.get(template.main), (data) =>
      renderPart(template.doc, template.main, data),
    )!;
    const row = rowOf(FRAMEABLE[0]);
    const expected = renderPart(template.doc, template.main, row);
    expect(verifyFrame(frame, row, expected, encoder)).toBe(true);
    const altered = expected.slice();
    altered[altered.length - 3] ^= 1;
    expect(verifyFrame(frame, row, altered, encoder)).toBe(false);
  });

  it('merge rows with values a frame cannot take among rows it can, each as docxtemplater renders it', async () => {
    const template = buildTemplate({ letterhead: true, logo: true });
    // The body shows the second and third fields (nama_pelanggan, alamat).
    const rows = [
      rowOf(FRAMEABLE[0]),
      rowOf(['N', 'two\nlines', 'C', 'D', 'E']),
      rowOf(FRAMEABLE[1]),
      rowOf(['N', 'B', 'emoji 😀', 'D', 'E']),
    ];
    const { bytes: buffer, count: sections } = await mergeDocuments({
      template: toBuffer(template),
      rows,
      mapping: identityMapping(LETTERHEAD_FIELDS),
    });
    expect(sections).toBe(4);
    const zip = new PizZip(buffer);
    const xml = zip.files[mainPart(zip)].asText();
    const texts = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);
    expect(texts).toEqual([
      'Kepada Yth. PT Maju Jaya',
      'Jl. Sudirman No. 1',
      'Kepada Yth. two',
      'lines',
      'C',
      'Kepada Yth. &quot;quoted&quot; and &apos;single&apos;',
      '&amp;amp; already',
      'Kepada Yth. B',
      'emoji 😀',
    ]);
    expect(xml).toMatch(/Kepada Yth\. two<\/w:t>.*?<w:br\/>.*?lines/s);
  });
});
