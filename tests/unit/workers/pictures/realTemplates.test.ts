// Placeholder pictures in templates saved by Word and by LibreOffice (tests/fixtures/pictures):
// listed as image fields, and replaced per row by QR codes that read back as each row's payload.
import { readFileSync } from 'node:fs';
import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import { mergeDocuments, QRIS_INVOICE_KEY } from '../../../../src/workers/merge';
import { analyseTemplate } from '../../../../src/workers/template';
import { parseDataObjects, staticQrisProblem } from '../../../../src/domain/qris';
import { STATIC_QRIS } from '../../../support/qris';
import { decodeQr } from '../../../support/qrDecode';
import { picturesOf, sectionBodies, sectionHeaders } from '../../../support/pictureOutput';
import { assertWellFormed } from '../docxBuilder';

function fixture(name: string): ArrayBuffer {
  const bytes = readFileSync(new URL(`../../../fixtures/pictures/${name}`, import.meta.url));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

async function qrisOf(bytes: Uint8Array) {
  const [payload] = await decodeQr(bytes);
  expect(staticQrisProblem(payload)).toBeNull();
  const objects = parseDataObjects(payload);
  const get = (tag: string) => objects.find((o) => o.tag === tag)?.value ?? '';
  return {
    amount: get('54'),
    invoice: parseDataObjects(get('62')).find((o) => o.tag === '01')?.value,
  };
}

describe('a picture Word saved', () => {
  /** Word's file with its alt text set to a QR tag, nothing else touched. */
  function wordTemplate(): ArrayBuffer {
    const zip = new PizZip(fixture('word-image-placeholder.docx'));
    const xml = zip.file('word/document.xml')!.asText();
    expect(xml).toContain('descr="{My Tag 2}"');
    zip.file('word/document.xml', xml.replaceAll('descr="{My Tag 2}"', 'descr="{%qr:url}"'));
    return zip.generate({ type: 'arraybuffer', compression: 'DEFLATE' });
  }

  test('is an image field, drawn per row at the size Word gave it', async () => {
    expect((await analyseTemplate(wordTemplate())).placeholders).toContain('qr:url');
    const rows = [
      { url: 'https://a.example/1', n: 'satu' },
      { url: 'https://a.example/2', n: 'dua' },
    ];
    const merged = await mergeDocuments({
      template: wordTemplate(),
      rows,
      mapping: { 'qr:url': 'url' },
    });
    const zip = new PizZip(merged.bytes);
    for (const file of zip.file(/\.(xml|rels)$/)) assertWellFormed(file.asText(), file.name);
    const original = /<wp:extent cx="(\d+)" cy="(\d+)"/.exec(
      new PizZip(fixture('word-image-placeholder.docx')).file('word/document.xml')!.asText(),
    )!;
    const pictures = picturesOf(zip, 'word/document.xml');
    expect(pictures).toHaveLength(2);
    for (const [i, picture] of pictures.entries()) {
      expect(await decodeQr(picture.bytes)).toEqual([rows[i].url]);
      // A square QR fitted inside Word's box: its shorter side, centred.
      const side = Math.min(Number(original[1]), Number(original[2]));
      expect([picture.cx, picture.cy]).toEqual([side, side]);
    }
  });
});

describe('a picture Word saved inside mc:AlternateContent', () => {
  // pandoc's fixture: a picture in a text box that Word wrote twice, as the mc:Choice for Word 2010
  // and later and again in the VML mc:Fallback, each copy with its own docPr. Alt text set in
  // Word lands on both copies; here it is added to both, nothing else touched.
  const NAME = 'word-textbox-alternate-content.docx';
  function template(): ArrayBuffer {
    const zip = new PizZip(fixture(NAME));
    const xml = zip.file('word/document.xml')!.asText();
    const docPrs = xml.match(/<wp:docPr [^>]*\/>/g)!;
    expect(docPrs).toHaveLength(2);
    expect(xml.match(/<mc:AlternateContent>/g)).toHaveLength(1);
    zip.file(
      'word/document.xml',
      xml.replace(/<wp:docPr ([^>]*?)\/>/g, '<wp:docPr $1 descr="{%qr:url}"/>'),
    );
    return zip.generate({ type: 'arraybuffer', compression: 'DEFLATE' });
  }

  test('is one image field, drawn once per row as plain DrawingML at the size Word gave it', async () => {
    expect((await analyseTemplate(template())).placeholders).toContain('qr:url');
    const rows = [
      { url: 'https://a.example/satu', n: 'satu' },
      { url: 'https://a.example/dua', n: 'dua' },
    ];
    const merged = await mergeDocuments({
      template: template(),
      rows,
      mapping: { 'qr:url': 'url' },
    });
    const zip = new PizZip(merged.bytes);
    for (const file of zip.file(/\.(xml|rels)$/)) assertWellFormed(file.asText(), file.name);
    const xml = zip.file('word/document.xml')!.asText();
    expect(xml).not.toContain('mc:AlternateContent');
    expect(xml).not.toContain('descr="{%qr:url}"');
    const original = /<wp:extent cx="(\d+)" cy="(\d+)"/.exec(
      new PizZip(fixture(NAME)).file('word/document.xml')!.asText(),
    )!;
    const side = Math.min(Number(original[1]), Number(original[2]));
    const pictures = picturesOf(zip, 'word/document.xml');
    expect(pictures.map((p) => p.descr)).toEqual(rows.map((r) => r.url));
    expect(new Set(pictures.map((p) => p.docPrId)).size).toBe(2);
    for (const [i, picture] of pictures.entries()) {
      expect(await decodeQr(picture.bytes)).toEqual([rows[i].url]);
      expect([picture.cx, picture.cy]).toEqual([side, side]);
    }
  });
});

describe('pictures LibreOffice saved', () => {
  test('in the body, a table cell and the header: each section its own QRIS and QR', async () => {
    const template = fixture('libreoffice-pictures.docx');
    expect((await analyseTemplate(template)).placeholders).toEqual(
      expect.arrayContaining(['nomor', 'nama', 'qris:total', 'qr:url']),
    );
    const rows = [
      { nomor: 'INV-LO-1', nama: 'Ani', total: '125000', url: 'https://lo.example/1' },
      { nomor: 'INV-LO-2', nama: 'Budi', total: '98000', url: 'https://lo.example/2' },
    ];
    const merged = await mergeDocuments({
      template,
      rows,
      mapping: {
        nomor: 'nomor',
        nama: 'nama',
        'qris:total': 'total',
        'qr:url': 'url',
        [QRIS_INVOICE_KEY]: 'nomor',
      },
      pictures: { qris: STATIC_QRIS },
    });
    expect(merged.warnings).toEqual([]);
    const zip = new PizZip(merged.bytes);
    for (const file of zip.file(/\.(xml|rels)$/)) assertWellFormed(file.asText(), file.name);
    const body = picturesOf(zip, 'word/document.xml');
    const bodies = sectionBodies(zip);
    const headers = sectionHeaders(zip);
    for (const [s, row] of rows.entries()) {
      const [qris, cell] = body.filter((p) => bodies[s].includes(`id="${p.docPrId}"`));
      expect(await qrisOf(qris.bytes)).toEqual({ amount: row.total, invoice: row.nomor });
      expect(await decodeQr(cell.bytes)).toEqual([row.url]);
      const [header] = picturesOf(zip, headers[s]);
      expect(await qrisOf(header.bytes)).toEqual({ amount: row.total, invoice: row.nomor });
    }
  });
});
