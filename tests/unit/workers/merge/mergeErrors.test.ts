import { describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import { analyseTemplate } from '../../../../src/workers/template/analyseTemplate';
import { mergeDocuments } from '../../../../src/workers/merge/mergeDocuments';
import {
  buildTemplate,
  identityMapping,
  LETTERHEAD_FIELDS,
  letterheadRow,
} from '../templateCorpus';

const mapping = identityMapping(LETTERHEAD_FIELDS);
const toBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer as ArrayBuffer;

function edited(bytes: Uint8Array, edit: (zip: PizZip) => void): ArrayBuffer {
  const zip = new PizZip(bytes);
  edit(zip);
  return zip.generate({ type: 'arraybuffer' });
}

describe('merge errors name the row or what in the template is the problem', () => {
  it("names each failing row by the preview's row number and the field ('Row n: …')", async () => {
    const rows = [
      letterheadRow(0),
      { ...letterheadRow(1), alamat: 'Jl. Mawar\u000B2' },
      letterheadRow(2),
      { ...letterheadRow(3), nomor_tagihan: 'INV\u0001' },
    ];
    const error = await mergeDocuments({
      template: toBuffer(buildTemplate({ letterhead: true })),
      rows,
      mapping,
      rowNumbers: [3, 4, 5, 6],
    }).catch((e: Error) => e);
    expect((error as Error).message).toBe(
      'Some documents failed to generate:\n' +
        'Row 4: the value for {alamat} holds a control character (U+000B) that a Word document cannot contain\n' +
        'Row 6: the value for {nomor_tagihan} holds a control character (U+0001) that a Word document cannot contain',
    );
  });

  it('a failing first row is reported, never merged with the template text unfilled', async () => {
    const rows = [{ ...letterheadRow(0), nama_pelanggan: 'PT \u0002' }, letterheadRow(1)];
    await expect(
      mergeDocuments({ template: toBuffer(buildTemplate({ letterhead: true })), rows, mapping }),
    ).rejects.toThrow(
      'Some documents failed to generate:\nRow 1: the value for {nama_pelanggan} holds a control character (U+0002) that a Word document cannot contain',
    );
  });

  it('refuses a main document without a body before any row is merged', async () => {
    const template = edited(buildTemplate({ letterhead: true }), (zip) =>
      zip.file(
        'word/document.xml',
        zip.files['word/document.xml'].asText().replace(/<w:body>[\s\S]*<\/w:body>/, ''),
      ),
    );
    const progress: number[] = [];
    const error = await mergeDocuments({
      template,
      rows: [letterheadRow(0)],
      mapping,
      onProgress: (p) => progress.push(p.processed),
    }).catch((e: Error) => e);
    expect((error as Error).message).toBe(
      'Failed to create merged document: the main document word/document.xml has no <w:body> element',
    );
    expect(progress).toEqual([]);
  });

  it('names the main part _rels/.rels points at when the package lacks it (Word for the web)', async () => {
    const template = edited(buildTemplate({ producer: 'wordWeb', letterhead: true }), (zip) =>
      zip.remove('word/document2.xml'),
    );
    await expect(analyseTemplate(template)).rejects.toThrow(
      'Invalid DOCX file: word/document2.xml is missing (_rels/.rels names it as the main document)',
    );
    await expect(mergeDocuments({ template, rows: [letterheadRow(0)], mapping })).rejects.toThrow(
      'Invalid DOCX file: word/document2.xml is missing',
    );
  });

  it('says when a package names no main document at all', async () => {
    const template = edited(buildTemplate({ producer: 'wordWeb' }), (zip) => {
      zip.file(
        '_rels/.rels',
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
      );
      zip.file(
        '[Content_Types].xml',
        zip.files['[Content_Types].xml']
          .asText()
          .replace(/<Override PartName="\/word\/document2.xml"[^>]*\/>/, ''),
      );
    });
    await expect(analyseTemplate(template)).rejects.toThrow(
      'Invalid DOCX file: no main document (_rels/.rels names no officeDocument part and no part has a Word document type)',
    );
  });

  it('finds a main part typed only in [Content_Types].xml when _rels/.rels is missing', async () => {
    const template = edited(buildTemplate({ producer: 'wordWeb', letterhead: true }), (zip) =>
      zip.remove('_rels/.rels'),
    );
    expect((await analyseTemplate(template)).placeholders).toEqual([
      'nama_pelanggan',
      'alamat',
      'nomor_tagihan',
    ]);
  });
});
