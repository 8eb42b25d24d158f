// QRIS per invoice through LibreOffice: the merged document converted to PDF as the server does it,
// each page rendered and its QR codes read by ZBar; the same for the PDFs split per row. Each page
// shows its own invoice's QRIS (body and header) with a valid CRC, its amount and its number.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import { afterAll, expect, test } from 'vitest';
import {
  mergeDocuments,
  QRIS_INVOICE_KEY,
  splitPdfPerSection,
} from '../../../../src/workers/merge';
import { parseDataObjects, staticQrisProblem } from '../../../../src/domain/qris';
import { STATIC_QRIS } from '../../../support/qris';
import { pdfQrCodes } from '../../../support/pdfQr';
import { inlinePicture, pictureTemplate, table, textParagraph } from '../../../support/pictureDocx';

const dir = mkdtempSync(path.join(tmpdir(), 'pictures-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function toPdf(docx: ArrayBuffer): Uint8Array {
  writeFileSync(path.join(dir, 'merged.docx'), Buffer.from(docx));
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--infilter=MS Word 2007 XML',
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      dir,
      path.join(dir, 'merged.docx'),
    ],
    { stdio: 'ignore', timeout: 180_000 },
  );
  return readFileSync(path.join(dir, 'merged.pdf'));
}

const rows = [
  { nomor: 'INV/2024/00101', total: '150000', url: 'https://pelanggan.example/101' },
  { nomor: 'INV/2024/00102', total: '2.750.500', url: 'https://pelanggan.example/102' },
  { nomor: 'INV/2024/00103', total: '89000', url: 'https://pelanggan.example/103' },
];
const amounts = ['150000', '2750500', '89000'];

function qris(payload: string) {
  expect(staticQrisProblem(payload)).toBeNull();
  const objects = parseDataObjects(payload);
  const get = (tag: string) => objects.find((o) => o.tag === tag)?.value ?? '';
  return {
    amount: get('54'),
    invoice: parseDataObjects(get('62')).find((o) => o.tag === '01')?.value,
  };
}

test('the merged PDF and the PDFs per row show each invoice’s own QRIS and QR code', async () => {
  const merged = await mergeDocuments({
    template: pictureTemplate({
      body:
        textParagraph('Tagihan {nomor}') +
        `<w:p>${inlinePicture('{%qris:total}', 1, 3.5)}</w:p>` +
        table([textParagraph('Portal'), `<w:p>${inlinePicture('{%qr:url}', 2, 3)}</w:p>`]),
      header: `<w:p><w:r><w:t xml:space="preserve">QRIS {nomor} </w:t></w:r>${inlinePicture('{%qris:total}', 3, 3)}</w:p>`,
    }),
    rows,
    mapping: {
      nomor: 'nomor',
      'qris:total': 'total',
      'qr:url': 'url',
      [QRIS_INVOICE_KEY]: 'nomor',
    },
    markSections: true,
    pictures: { qris: STATIC_QRIS },
  });
  expect(merged.warnings).toEqual([]);
  const pdf = toPdf(merged.bytes);
  const pages = await pdfQrCodes(pdf);
  expect(pages).toHaveLength(rows.length);
  pages.forEach((codes, p) => {
    // Header QRIS, body QRIS and the portal QR, each found on the page.
    const found = codes.filter((c) => c.startsWith('000201')).map(qris);
    expect(found).toEqual([
      { amount: amounts[p], invoice: rows[p].nomor },
      { amount: amounts[p], invoice: rows[p].nomor },
    ]);
    expect(codes.filter((c) => c.startsWith('https://'))).toEqual([rows[p].url]);
  });
  const names = rows.map((r) => r.nomor.replace(/\//g, '-') + '.pdf');
  const split = await splitPdfPerSection({ pdf: pdf.slice().buffer, names });
  const files = new PizZip(split.bytes);
  for (let p = 0; p < rows.length; p++) {
    const [codes] = await pdfQrCodes(files.file(names[p])!.asUint8Array());
    expect(codes.filter((c) => c.startsWith('000201')).map(qris)).toEqual([
      { amount: amounts[p], invoice: rows[p].nomor },
      { amount: amounts[p], invoice: rows[p].nomor },
    ]);
  }
}, 300_000);
