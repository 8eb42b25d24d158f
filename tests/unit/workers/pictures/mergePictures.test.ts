// Pictures per row in the merged document and one file per row: every QR code is decoded back
// from the media part its drawing names (ZXing), and its payload checked.
import PizZip from 'pizzip';
import { describe, expect, test } from 'vitest';
import { mergeDocuments, zipPerRow, QRIS_INVOICE_KEY } from '../../../../src/workers/merge';
import { readImageSet } from '../../../../src/workers/pictures';
import { analyseTemplate } from '../../../../src/workers/template';
import { parseDataObjects, staticQrisProblem } from '../../../../src/domain/qris';
import { STATIC_QRIS } from '../../../support/qris';
import { decodeQr } from '../../../support/qrDecode';
import {
  alternateContentPicture,
  inlinePicture,
  PLACEHOLDER_PNG,
  pictureTemplate,
  table,
  textParagraph,
} from '../../../support/pictureDocx';
import { picturesOf, sectionBodies, sectionHeaders } from '../../../support/pictureOutput';
import { assertWellFormed } from '../docxBuilder';

const template = () =>
  pictureTemplate({
    body:
      textParagraph('Tagihan {nomor} untuk {nama}') +
      `<w:p>${inlinePicture('{%qris:total}', 1)}</w:p>` +
      table([textParagraph('Portal'), `<w:p>${inlinePicture('{%qr:url}', 2, 2)}</w:p>`]) +
      `<w:p>${alternateContentPicture('{%qr:url}', 3)}</w:p>` +
      textParagraph('Logo: {%logo}'),
    header: `<w:p><w:r><w:t xml:space="preserve">QRIS {nomor} </w:t></w:r>${inlinePicture('{%qris:total}', 4, 2.5)}</w:p>`,
  });

const rows = [
  {
    nomor: 'INV/2024/00001',
    nama: 'Budi',
    total: '150000',
    url: 'https://pelanggan.example/1',
    logo: 'logo.png',
  },
  {
    nomor: 'INV/2024/00002',
    nama: 'Sari',
    total: '1.250.000',
    url: 'https://pelanggan.example/2',
    logo: 'logo.png',
  },
  {
    nomor: 'INV/2024/00003',
    nama: 'Tono',
    total: '99000',
    url: 'https://pelanggan.example/3',
    logo: 'LOGO',
  },
];

const mapping = {
  nomor: 'nomor',
  nama: 'nama',
  'qris:total': 'total',
  'qr:url': 'url',
  'image:logo': 'logo',
  [QRIS_INVOICE_KEY]: 'nomor',
};

const logo = { name: 'logo.png', bytes: PLACEHOLDER_PNG };

async function qrisOf(bytes: Uint8Array) {
  const [payload] = await decodeQr(bytes);
  expect(payload).toBeDefined();
  expect(staticQrisProblem(payload)).toBeNull();
  const objects = parseDataObjects(payload);
  const get = (tag: string) => objects.find((o) => o.tag === tag)?.value;
  return {
    amount: get('54'),
    invoice: parseDataObjects(get('62') ?? '').find((o) => o.tag === '01')?.value,
  };
}

describe('pictures in the merged document', () => {
  test('the analysis lists each picture as a field of kind image', async () => {
    const analysis = await analyseTemplate(template());
    expect(analysis.placeholders).toEqual(
      expect.arrayContaining(['nomor', 'nama', 'qris:total', 'qr:url', 'image:logo']),
    );
    expect(analysis.placeholders).toHaveLength(5);
  });

  // As the page gets it, the codes are written into its Blob as they are drawn (zipBlob).
  test.each([
    ['as bytes', false],
    ['as the page’s Blob', true],
  ])(
    'every section shows its own QRIS in the body and the header, its QR and the logo (%s)',
    async (_, asBlob) => {
      const args = {
        template: template(),
        rows,
        mapping,
        pictures: { qris: STATIC_QRIS, images: readImageSet([logo]) },
      };
      const merged = asBlob
        ? await mergeDocuments({ ...args, asBlob: true })
        : await mergeDocuments(args);
      expect(merged.warnings).toEqual([]);
      const zip = new PizZip(
        merged.bytes instanceof Blob ? await merged.bytes.arrayBuffer() : merged.bytes,
      );
      for (const file of zip.file(/\.(xml|rels)$/)) assertWellFormed(file.asText(), file.name);
      const body = picturesOf(zip, 'word/document.xml');
      // Per section: QRIS, the QR in the table cell, the QR of the alternate content, the logo.
      expect(body).toHaveLength(rows.length * 4);
      expect(zip.file('word/document.xml')!.asText()).not.toContain('mc:AlternateContent');
      const bodies = sectionBodies(zip);
      const headers = sectionHeaders(zip);
      const amounts = ['150000', '1250000', '99000'];
      for (let s = 0; s < rows.length; s++) {
        const inSection = body.filter((p) => bodies[s].includes(`id="${p.docPrId}"`));
        expect(inSection).toHaveLength(4);
        expect(await qrisOf(inSection[0].bytes)).toEqual({
          amount: amounts[s],
          invoice: rows[s].nomor,
        });
        expect(await decodeQr(inSection[1].bytes)).toEqual([rows[s].url]);
        expect(await decodeQr(inSection[2].bytes)).toEqual([rows[s].url]);
        expect(inSection[3].bytes).toEqual(PLACEHOLDER_PNG);
        const [headerQris] = picturesOf(zip, headers[s]);
        expect(await qrisOf(headerQris.bytes)).toEqual({
          amount: amounts[s],
          invoice: rows[s].nomor,
        });
      }
      // Every drawing's docPr id is unique in the document, headers included.
      const ids = [...body, ...headers.flatMap((h) => picturesOf(zip, h))].map((p) => p.docPrId);
      expect(new Set(ids).size).toBe(ids.length);
      // The same logo bytes are one media part, and the placeholder image is kept once.
      const logos = new Set(body.filter((p) => p.descr === 'logo.png').map((p) => p.media));
      expect(logos.size).toBe(1);
      // The types of the pictures are declared.
      expect(zip.file('[Content_Types].xml')!.asText()).toMatch(/Extension="png"/);
    },
  );

  test('as the page’s Blob past 4 MB of codes, the document holds every part byte for byte', async () => {
    // 1,300 rows of a QRIS 3.5 cm wide (3.6 kB each): the codes fill the block's 4 MB, go into
    // the Blob and the block's memory is written over again; the document is the one the bytes
    // way makes, its parts in another order.
    const many = Array.from({ length: 1_300 }, (_, i) => ({
      nomor: `INV/2024/${String(i + 1).padStart(5, '0')}`,
      total: String(10_000 + i),
    }));
    const args = {
      template: pictureTemplate({
        body:
          textParagraph('Tagihan {nomor}') + `<w:p>${inlinePicture('{%qris:total}', 1, 3.5)}</w:p>`,
      }),
      rows: many,
      mapping: { nomor: 'nomor', 'qris:total': 'total', [QRIS_INVOICE_KEY]: 'nomor' },
      now: new Date(2024, 0, 2),
      pictures: { qris: STATIC_QRIS },
    };
    const blob = (await mergeDocuments({ ...args, asBlob: true })).bytes;
    expect(blob.size).toBeGreaterThan(4 << 20);
    const written = new PizZip(await blob.arrayBuffer(), { checkCRC32: true });
    const expected = new PizZip((await mergeDocuments(args)).bytes);
    const names = Object.keys(expected.files).sort();
    expect(Object.keys(written.files).sort()).toEqual(names);
    for (const name of names)
      expect(
        Buffer.compare(written.file(name)!.asUint8Array(), expected.file(name)!.asUint8Array()),
        name,
      ).toBe(0);
    // A code past the first 4 MB read back: the last section's QRIS.
    const last = picturesOf(written, 'word/document.xml').at(-1)!;
    expect(await qrisOf(last.bytes)).toEqual({ amount: '11299', invoice: 'INV/2024/01300' });
  });

  test('a picture keeps the placeholder size, fitted: a square QR in a square box', async () => {
    const merged = await mergeDocuments({
      template: template(),
      rows: rows.slice(0, 1),
      mapping,
      pictures: { qris: STATIC_QRIS, images: readImageSet([logo]) },
    });
    const zip = new PizZip(merged.bytes);
    const [qris, cell, alternate, typed] = picturesOf(zip, 'word/document.xml');
    expect([qris.cx, qris.cy]).toEqual([1_080_000, 1_080_000]);
    expect([cell.cx, cell.cy]).toEqual([720_000, 720_000]);
    expect([alternate.cx, alternate.cy]).toEqual([1_080_000, 1_080_000]);
    expect([typed.cx, typed.cy]).toEqual([1_440_000, 1_440_000]);
  });

  test('rows without a picture get a warning naming the field, the count and the first row', async () => {
    const merged = await mergeDocuments({
      template: template(),
      rows: [rows[0], { ...rows[1], total: '0', logo: 'missing.png' }, { ...rows[2], total: 'x' }],
      mapping,
      rowNumbers: [4, 5, 6],
      pictures: { qris: STATIC_QRIS, images: readImageSet([logo]) },
    });
    expect(merged.warnings).toEqual([
      'qris:total: no picture for 2 rows (first at row 5: the amount is not a positive number)',
      'image:logo: no picture for 1 row (first at row 5: "missing.png" is not among the images chosen)',
    ]);
  });

  test('without a stored static QRIS, QRIS fields draw nothing and say why', async () => {
    const merged = await mergeDocuments({ template: template(), rows, mapping, pictures: {} });
    expect(merged.warnings[0]).toMatch(
      /^qris:total: no picture for 3 rows \(first at row 1: no static QRIS is stored/,
    );
  });
});

describe('pictures in one file per row', () => {
  test('each file shows its row’s QRIS and QR codes', async () => {
    const zip = await zipPerRow({
      template: template(),
      rows,
      mapping,
      names: rows.map((r) => r.nama),
      rowNumbers: [1, 2, 3],
      pictures: { qris: STATIC_QRIS, images: readImageSet([logo]) },
    });
    const files = new PizZip(await zip.bytes.arrayBuffer());
    const amounts = ['150000', '1250000', '99000'];
    for (let s = 0; s < rows.length; s++) {
      const docx = new PizZip(files.file(`${rows[s].nama}.docx`)!.asUint8Array());
      for (const file of docx.file(/\.(xml|rels)$/)) assertWellFormed(file.asText(), file.name);
      const body = picturesOf(docx, 'word/document.xml');
      expect(body).toHaveLength(4);
      expect(await qrisOf(body[0].bytes)).toEqual({ amount: amounts[s], invoice: rows[s].nomor });
      expect(await decodeQr(body[1].bytes)).toEqual([rows[s].url]);
      const [header] = picturesOf(docx, 'word/header1.xml');
      expect(await qrisOf(header.bytes)).toEqual({ amount: amounts[s], invoice: rows[s].nomor });
    }
  });
});

describe('pictures in grouped output', () => {
  test('one invoice per customer: its QRIS carries the group’s first row', async () => {
    const api = (await import('../../../../src/workers/generatorApi')).createGeneratorApi();
    const XLSX = await import('xlsx');
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Pelanggan', 'nomor', 'total', 'Biaya'],
      ['P-1', 'INV-G-1', 300000, 100000],
      ['P-2', 'INV-G-2', 50000, 50000],
      ['P-1', 'INV-G-1', 300000, 200000],
    ]);
    XLSX.utils.book_append_sheet(book, sheet, 'Lines');
    await api.readWorkbook(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const result = await api.generate({
      template: pictureTemplate({
        body:
          textParagraph('Tagihan {nomor}') +
          textParagraph('{#lines}{Biaya}{/lines}') +
          `<w:p>${inlinePicture('{%qris:total}', 1)}</w:p>`,
      }),
      data: { file: null, sheet: 'Lines' },
      rows: Uint32Array.from([0, 1, 2]),
      mapping: { nomor: 'nomor', lines: '', Biaya: 'Biaya', 'qris:total': 'total' },
      formats: {},
      output: { kind: 'merged' },
      groupBy: 'Pelanggan',
      qris: { payload: STATIC_QRIS, invoiceColumn: 'nomor' },
    });
    expect(result.count).toBe(2);
    expect(result.warnings).toEqual([]);
    const zip = new PizZip(await result.file.arrayBuffer());
    const body = picturesOf(zip, 'word/document.xml');
    expect(body).toHaveLength(2);
    expect(await qrisOf(body[0].bytes)).toEqual({ amount: '300000', invoice: 'INV-G-1' });
    expect(await qrisOf(body[1].bytes)).toEqual({ amount: '50000', invoice: 'INV-G-2' });
  });
});
