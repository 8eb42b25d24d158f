// Templates as different producers write them (part names, relationship ids and targets, content
// types) with the features of real invoice templates: each is analysed, merged, and the merged file
// checked as a package Word would open, section by section.
import { describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import { analyseTemplate } from '../../../../src/workers/template/analyseTemplate';
import { mergeDocuments } from '../../../../src/workers/merge/mergeDocuments';
import { fixture } from '../docxBuilder';
import { mainPart, packageProblems, partRelationships, sectionsOf } from '../packageCheck';
import {
  buildTemplate,
  identityMapping,
  LETTERHEAD_FIELDS,
  letterheadRow,
  type Producer,
  type TemplateShape,
} from '../templateCorpus';

const PRODUCERS: Producer[] = ['word', 'wordWeb', 'libreoffice', 'googleDocs'];

const SHAPES: Record<string, TemplateShape> = {
  'plain body': {},
  'letterhead with logo': { letterhead: true, logo: true },
  'different first page': { letterhead: true, logo: true, titlePg: true },
  'even and odd headers': { letterhead: true, evenAndOdd: true },
  'pictures, table, content control, comments, footnotes, properties': {
    letterhead: true,
    bodyPicture: true,
    table: true,
    contentControl: true,
    comments: true,
    footnotes: true,
    docProps: true,
  },
  'own section breaks': { letterhead: true, logo: true, ownSectionBreaks: true },
};

const rows = [0, 1, 2].map(letterheadRow);
const mapping = identityMapping(LETTERHEAD_FIELDS);
const toBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer as ArrayBuffer;

function expectedPlaceholders(shape: TemplateShape): string[] {
  const names = new Set<string>();
  if (shape.ownSectionBreaks) names.add('nomor_tagihan');
  ['nama_pelanggan', 'alamat'].forEach((n) => names.add(n));
  if (shape.table || shape.footnotes) names.add('total_tagihan');
  if (shape.contentControl) names.add('periode');
  if (shape.letterhead || shape.titlePg || shape.evenAndOdd) names.add('nomor_tagihan');
  if (shape.titlePg) names.add('periode');
  if (shape.docProps) names.add('periode');
  return [...names].sort();
}

/** What each merged row's sections must show. */
function checkSections(buffer: ArrayBuffer, shape: TemplateShape): void {
  const sections = sectionsOf(buffer);
  const perRow = shape.ownSectionBreaks ? 2 : 1;
  expect(sections).toHaveLength(rows.length * perRow);
  rows.forEach((row, r) => {
    for (let s = 0; s < perRow; s++) {
      const section = sections[r * perRow + s];
      const bodyText =
        s === 0 && shape.ownSectionBreaks
          ? `Lampiran ${row.nomor_tagihan}`
          : `Kepada Yth. ${row.nama_pelanggan}`;
      expect(section.text).toContain(bodyText);
      if (shape.letterhead) {
        expect(section.headers.default).toBe(`Tagihan ${row.nomor_tagihan}`);
        expect(section.footers.default).toBe(`Pelanggan ${row.nama_pelanggan}`);
      }
      if (shape.titlePg) {
        expect(section.titlePg).toBe(true);
        expect(section.headers.first).toBe(`Pertama ${row.nomor_tagihan}`);
        expect(section.footers.first).toBe(`Kaki pertama ${row.periode}`);
      }
      if (shape.evenAndOdd) {
        expect(section.headers.even).toBe(`Genap ${row.nomor_tagihan}`);
        expect(section.footers.even).toBe(`Kaki genap ${row.nama_pelanggan}`);
      }
      if (shape.logo) {
        // Every section's own header copy keeps the logo's relationship (the picture shows on every page).
        for (const type of shape.titlePg ? ['default', 'first'] : ['default']) {
          const images = partRelationships(buffer, section.headerParts[type]).filter((rel) =>
            rel.type.endsWith('/image'),
          );
          expect(images, `section ${r * perRow + s + 1} ${type} header`).toHaveLength(1);
        }
      }
    }
  });
  // No two rows share a header part (each row's copy holds that row's values).
  if (shape.letterhead) {
    const partsOf = (r: number) =>
      sections.slice(r * perRow, (r + 1) * perRow).map((s) => s.headerParts.default);
    rows.forEach((_, r) =>
      rows.forEach((__, o) => {
        if (o !== r) expect(partsOf(r).filter((p) => partsOf(o).includes(p))).toEqual([]);
      }),
    );
  }
}

describe.each(PRODUCERS)('template corpus: %s', (producer) => {
  it.each(Object.entries(SHAPES))('%s: analysed, merged, a sound package', async (_, shape) => {
    const template = buildTemplate({ ...shape, producer });
    const { placeholders } = await analyseTemplate(toBuffer(template));
    expect([...placeholders].sort()).toEqual(expectedPlaceholders(shape));

    const result = await mergeDocuments({ template: toBuffer(template), rows, mapping });
    expect(result.count).toBe(rows.length);
    expect(packageProblems(result.bytes)).toEqual([]);
    checkSections(result.bytes, shape);
    const zip = new PizZip(result.bytes);
    if (producer === 'wordWeb') expect(mainPart(zip)).toBe('word/document2.xml');
    if (shape.docProps)
      expect(zip.files['docProps/core.xml'].asText()).toContain(
        '<dc:title>Tagihan 2024-07</dc:title>',
      );
    if (shape.comments) expect(zip.files['word/comments.xml'].asText()).toContain('Cek alamat');
    if (shape.footnotes)
      expect(zip.files['word/footnotes.xml'].asText()).toContain('Harga termasuk PPN');
  });
});

describe('template corpus: real files saved by LibreOffice', () => {
  it('letterhead with logo, first-page header, table, body picture and footnotes', async () => {
    const template = await fixture('corpus/libreoffice-letterhead.docx');
    const { placeholders } = await analyseTemplate(template);
    expect([...placeholders].sort()).toEqual([
      'alamat',
      'nama_pelanggan',
      'nomor_tagihan',
      'periode',
      'total_tagihan',
    ]);
    const result = await mergeDocuments({ template, rows, mapping });
    expect(packageProblems(result.bytes)).toEqual([]);
    checkSections(result.bytes, { letterhead: true, logo: true, titlePg: true });
  });

  it('even/odd headers, its own section break, content control and a comment', async () => {
    const template = await fixture('corpus/libreoffice-even-odd-sections.docx');
    const { placeholders } = await analyseTemplate(template);
    expect([...placeholders].sort()).toEqual([
      'alamat',
      'nama_pelanggan',
      'nomor_tagihan',
      'periode',
    ]);
    const result = await mergeDocuments({ template, rows, mapping });
    expect(packageProblems(result.bytes)).toEqual([]);
    checkSections(result.bytes, {
      letterhead: true,
      logo: true,
      evenAndOdd: true,
      ownSectionBreaks: true,
    });
  });

  it('a page LibreOffice converted from HTML (tags in a heading and a table)', async () => {
    const template = await fixture('corpus/libreoffice-from-html.docx');
    const { placeholders } = await analyseTemplate(template);
    expect(placeholders).toEqual([
      'nomor_tagihan',
      'nama_pelanggan',
      'alamat',
      'total_tagihan',
      'periode',
    ]);
    const result = await mergeDocuments({ template, rows, mapping });
    expect(packageProblems(result.bytes)).toEqual([]);
    const sections = sectionsOf(result.bytes);
    expect(sections.map((s) => s.text)).toEqual(
      rows.map(
        (row) =>
          `Tagihan ${row.nomor_tagihan}Kepada Yth. ${row.nama_pelanggan}${row.alamat}Total${row.total_tagihan}Periode${row.periode}`,
      ),
    );
  });
});

describe('template corpus: unusual but valid layouts', () => {
  it('one header named by two relationships (default and first page) gets one copy per row, both references remapped', async () => {
    const zip = new PizZip(buildTemplate({ letterhead: true, logo: true }));
    const rels = 'word/_rels/document.xml.rels';
    const header = /Id="(rId\d+)" Type="[^"]*\/header" Target="([^"]+)"/.exec(
      zip.files[rels].asText(),
    )!;
    zip.file(
      rels,
      zip.files[rels]
        .asText()
        .replace(
          '</Relationships>',
          `<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="${header[2]}"/></Relationships>`,
        ),
    );
    const document = zip.files['word/document.xml']
      .asText()
      .replace('<w:sectPr>', '<w:sectPr><w:headerReference w:type="first" r:id="rId99"/>')
      .replace('</w:sectPr>', '<w:titlePg/></w:sectPr>');
    zip.file('word/document.xml', document);
    const result = await mergeDocuments({
      template: zip.generate({ type: 'arraybuffer' }),
      rows,
      mapping,
    });
    expect(packageProblems(result.bytes)).toEqual([]);
    const sections = sectionsOf(result.bytes);
    expect(sections.map((s) => [s.headers.default, s.headers.first])).toEqual(
      rows.map((r) => [`Tagihan ${r.nomor_tagihan}`, `Tagihan ${r.nomor_tagihan}`]),
    );
    expect(sections.every((s) => s.headerParts.default === s.headerParts.first)).toBe(true);
  });
});

describe('package checks catch what Word refuses', () => {
  it('a header copy without its .rels, a dangling target, a duplicate id, a part without a content type', () => {
    const zip = new PizZip(buildTemplate({ letterhead: true, logo: true }));
    zip.file('word/header1_s2.xml', zip.files['word/header1.xml'].asText());
    zip.file(
      'word/_rels/document.xml.rels',
      zip.files['word/_rels/document.xml.rels']
        .asText()
        .replace(
          '</Relationships>',
          '<Relationship Id="rId1" Type="x/header" Target="nowhere.xml"/></Relationships>',
        ),
    );
    const problems = packageProblems(zip.generate({ type: 'uint8array' }));
    expect(problems).toContain(
      'word/header1_s2.xml uses relationship rId1 that word/_rels/header1_s2.xml.rels does not declare',
    );
    expect(problems).toContain('word/_rels/document.xml.rels: duplicate relationship id rId1');
    expect(problems).toContain(
      'word/_rels/document.xml.rels: rId1 points at missing word/nowhere.xml',
    );
    expect(problems.some((p) => p.startsWith('word/header1_s2.xml has no content type'))).toBe(
      false,
    ); // .xml has a Default
  });
});
