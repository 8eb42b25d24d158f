// The per-row PDF split (issue 22): the merge marks each section, the real LibreOffice converts the
// merged document once, and the split finds each section's first page from the PDF's outline.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import PizZip from 'pizzip';
import { afterAll, expect, test, vi } from 'vitest';
import { mergeDocuments } from '../../../../src/workers/merge/mergeDocuments';
import {
  PDF_SECTIONS_NOT_FOUND,
  sectionPageRanges,
  splitPdfPerSection,
} from '../../../../src/workers/merge/splitPdf';
import { buildDocx, paragraph } from '../docxBuilder';

const dir = mkdtempSync(path.join(tmpdir(), 'split-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The real converter, as the server runs it (its own profile, the Word filter named). */
function toPdf(docx: ArrayBuffer): ArrayBuffer {
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
    { stdio: 'ignore', timeout: 120_000 },
  );
  const pdf = readFileSync(path.join(dir, 'merged.pdf'));
  return pdf.buffer.slice(pdf.byteOffset, pdf.byteOffset + pdf.byteLength);
}

function pdfText(bytes: Uint8Array): string {
  const file = path.join(dir, 'part.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

test('each section becomes its own PDF, also when a section runs over several pages', async () => {
  const pageBreak = '<w:p><w:r><w:br w:type="page"/><w:t>Lanjutan {nama}</w:t></w:r></w:p>';
  // A row whose own heading is an outline entry too: only the merge's markers count.
  const heading =
    '<w:p><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:r><w:t>Tagihan</w:t></w:r></w:p>';
  const rows = [
    { Nama: 'Ani', Kota: 'Medan' },
    { Nama: 'Budi', Kota: 'Solo' },
    { Nama: 'Cici', Kota: 'Bogor' },
  ];
  const merged = await mergeDocuments({
    template: buildDocx({
      body: heading + paragraph('Kepada {nama} {kota}') + pageBreak,
    }),
    rows,
    mapping: { nama: 'Nama', kota: 'Kota' },
    markSections: true,
  });
  expect(merged.count).toBe(3);
  const names = ['Ani.pdf', 'Budi.pdf', 'Cici.pdf'];
  const progress: number[] = [];
  const converted = toPdf(merged.bytes);
  // The pages of each section, as the e-mail of each row hands them to the server.
  expect(await sectionPageRanges(converted.slice(0), 3)).toEqual([
    [1, 2],
    [3, 4],
    [5, 6],
  ]);
  await expect(sectionPageRanges(converted.slice(0), 4)).rejects.toThrow(PDF_SECTIONS_NOT_FOUND);
  // The zip is named by the day of the split: the clock is set to one.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 9, 5, 23, 59));
  const split = await splitPdfPerSection({
    pdf: converted,
    names,
    onProgress: (p) => progress.push(p.processed),
  }).finally(() => vi.useRealTimers());
  expect(split).toMatchObject({
    kind: 'pdfPerRow',
    count: 3,
    fileName: 'Invoices_2025-10-05_PDF.zip',
  });
  expect(progress).toEqual([1, 2, 3]);
  // As the page gets it, written straight into a Blob: the same bytes.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 9, 5, 23, 59));
  const asBlob = await splitPdfPerSection({ pdf: converted, names, asBlob: true }).finally(() =>
    vi.useRealTimers(),
  );
  expect(asBlob.bytes.type).toBe('application/zip');
  expect(new Uint8Array(await asBlob.bytes.arrayBuffer())).toEqual(new Uint8Array(split.bytes));
  const zip = new PizZip(split.bytes);
  expect(Object.keys(zip.files)).toEqual(names);
  for (const [i, row] of rows.entries()) {
    const bytes = zip.file(names[i])!.asUint8Array();
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    const text = pdfText(bytes);
    expect(text).toContain(`Kepada ${row.Nama} ${row.Kota}`);
    expect(text).toContain(`Lanjutan ${row.Nama}`);
    for (const other of rows.filter((r) => r !== row)) expect(text).not.toContain(other.Nama);
  }
}, 120_000);

test('a PDF that does not mark its sections is refused, not split by guess', async () => {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  pdf.addPage();
  const bytes = await pdf.save();
  await expect(
    splitPdfPerSection({ pdf: bytes.buffer as ArrayBuffer, names: ['a.pdf', 'b.pdf'] }),
  ).rejects.toThrow(PDF_SECTIONS_NOT_FOUND);
});
