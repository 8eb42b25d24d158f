// Generate Tagihan Voice with PDF outputs (issues 22, 27), through the page on the real server and
// its real LibreOffice: the merged PDF, one PDF per row in a zip, Cancel during the conversion, and
// a template whose image links to a listener on 127.0.0.1 that must never be asked for it.
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { outlineTitles } from '../support/pdfTools';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';
import { API_ROOT, apiLogin, expect, signInAs, test } from './support/fixtures';

const HEADER = ['Nama Pelanggan', 'Kota', 'Total Tagihan'];
const ROWS = [
  ['PT Maju Jaya', 'Jakarta', 'Rp 1.500.000'],
  ['CV Sentosa', 'Bandung', 'Rp 250.000'],
  ['UD Makmur', 'Surabaya', 'Rp 75.000'],
];

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'generator-pdf-'));
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

function workbook(rows: string[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Tagihan');
  const file = path.join(dir, 'tagihan_2025-10.xlsx');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

function template(docx: ArrayBuffer | Buffer = buildDocx({ body: BODY })): string {
  const file = path.join(dir, 'tagihan.docx');
  writeFileSync(file, Buffer.from(docx as ArrayBuffer));
  return file;
}
const BODY = paragraph('Kepada {Nama Pelanggan} di {Kota}: {Total Tagihan}');

/** Chooses both files, maps every field to its column and selects every row. */
async function prepare(page: Page, templateFile: string, dataFile: string, rows: number) {
  await page.goto('/invoice-document-generator');
  await page.getByLabel('DOCX Template').setInputFiles(templateFile);
  await expect(page.getByLabel('DOCX Template')).toBeEnabled();
  await page.getByLabel('Excel Data').setInputFiles(dataFile);
  await expect(page.getByText(`Selected: ${rows} / ${rows} rows`)).toBeVisible();
  for (const name of HEADER)
    await page.getByRole('combobox', { name, exact: true }).selectOption(name);
  await page.getByRole('button', { name: 'Select All' }).click();
}

const output = (page: Page) => page.getByRole('combobox', { name: 'Output', exact: true });

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}
function pdfPages(file: string): number {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
}

test.describe('Generate Tagihan Voice as PDF', () => {
  test.beforeEach(async ({ page }) => signInAs(page));

  test('one PDF of all rows: a page per row with its values', async ({ page }) => {
    await prepare(page, template(), workbook(ROWS), 3);
    await expect(page.getByText('PDF conversion sends the document to this server')).toBeVisible();
    await output(page).selectOption({ label: 'One PDF (all rows)' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate PDF (3 sections)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Merged_Invoices_\d{4}-\d{2}-\d{2}\.pdf$/);
    const file = await download.path();
    expect(pdfPages(file)).toBe(3);
    const text = pdfText(file);
    for (const row of ROWS) expect(text).toContain(`Kepada ${row[0]} di ${row[1]}: ${row[2]}`);
    // The markers that let the server convert in chunks leave no empty bookmark in the PDF.
    expect(await outlineTitles(readFileSync(file))).toEqual([]);
    await expect(page.getByText('Successfully generated a PDF with 3 sections')).toBeVisible();
  });

  test('one PDF per row: each file in the zip holds exactly its row', async ({ page }) => {
    // The first row runs over two pages: a split by page count would cut it wrongly.
    const long = buildDocx({
      body:
        BODY +
        paragraph('{Kota}') +
        '<w:p><w:r><w:br w:type="page"/><w:t>Halaman 2</w:t></w:r></w:p>',
    });
    await prepare(page, template(long), workbook(ROWS), 3);
    await output(page).selectOption({ label: 'One PDF per row (.zip)' });
    await page.getByRole('combobox', { name: 'Name files by' }).selectOption('Nama Pelanggan');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate 3 PDFs (.zip)' }).click(),
    ]);
    const zip = new PizZip(readFileSync(await download.path()));
    expect(Object.keys(zip.files).sort()).toEqual(ROWS.map((r) => `${r[0]}.pdf`).sort());
    ROWS.forEach((row) => {
      const file = path.join(dir, `${row[0]}.pdf`);
      writeFileSync(file, zip.file(`${row[0]}.pdf`)!.asNodeBuffer());
      expect(pdfPages(file)).toBe(2);
      const text = pdfText(file);
      expect(text).toContain(`Kepada ${row[0]} di ${row[1]}: ${row[2]}`);
      for (const other of ROWS.filter((r) => r !== row)) expect(text).not.toContain(other[0]);
    });
  });

  test('Cancel during the conversion stops it and downloads nothing', async ({ page }) => {
    const many = Array.from({ length: 400 }, (_, i) => [
      `Pelanggan ${i + 1}`,
      'Jakarta',
      `Rp ${i}`,
    ]);
    await prepare(page, template(), workbook(many), 400);
    await output(page).selectOption({ label: 'One PDF (all rows)' });
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    const conversion = page.waitForRequest(
      (request) =>
        request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/documents/pdf'),
    );
    await page.getByRole('button', { name: 'Generate PDF (400 sections)' }).click();
    await conversion;
    await expect(page.getByText('Converting to PDF…')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Generation cancelled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate PDF (400 sections)' })).toBeEnabled();
    expect(downloaded).toBe(false);
  });

  test('an image linked to another host is never fetched during the conversion', async ({
    page,
  }) => {
    const requests: string[] = [];
    const listener: Server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      await prepare(page, template(linkedImageTemplate(port)), workbook(ROWS), 3);
      await output(page).selectOption({ label: 'One PDF (all rows)' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Generate PDF (3 sections)' }).click(),
      ]);
      const text = pdfText(await download.path());
      for (const row of ROWS) expect(text).toContain(`Kepada ${row[0]}`);
      expect(requests).toEqual([]);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

/** The template with a picture whose image is an external relationship to the listener. */
function linkedImageTemplate(port: number): Buffer {
  const picture =
    '<w:p><w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml" style="width:40pt;height:40pt">' +
    '<v:imagedata r:id="rIdLinked"/></v:shape></w:pict></w:r></w:p>';
  const zip = new PizZip(buildDocx({ body: BODY + picture }));
  const relsPath = 'word/_rels/document.xml.rels';
  const rels =
    zip.file(relsPath)?.asText() ??
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
  zip.file(
    relsPath,
    rels.replace(
      '</Relationships>',
      `<Relationship Id="rIdLinked" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="http://127.0.0.1:${port}/image.png" TargetMode="External"/></Relationships>`,
    ),
  );
  return zip.generate({ type: 'nodebuffer' });
}

test.describe('recording a run in the period', () => {
  test('record the documents in progress, see them on the dashboard, and be asked before counting twice', async ({
    page,
    request,
  }) => {
    const token = (await apiLogin(request)).accessToken;
    const created = await request.post(`${API_ROOT}/invoice-summaries`, {
      data: {
        invoice_period: '2029-10',
        number_of_active_customer: 10,
        number_of_total_transaction: 40,
        number_of_generated_invoice: 4,
        url_shared_file_draft_invoice: 'https://drive.example.com/draft',
      },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(created.status(), await created.text()).toBe(201);
    await signInAs(page);
    const data = path.join(dir, 'tagihan_2029-10.xlsx');
    writeFileSync(data, readFileSync(workbook(ROWS)));
    const docx = template();
    await prepare(page, docx, data, 3);
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate Merged Document (3 sections)' }).click(),
    ]);
    // The period of the data file's name is chosen; the counts before and after are shown.
    await expect(
      page
        .getByRole('region', { name: 'Record in progress' })
        .getByRole('combobox', { name: 'Period' }),
    ).toHaveValue('2029-10');
    await expect(
      page.getByText('Generated so far: 4 · this run: 3 · after recording: 7 of 40'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Record in progress for Oktober 2029' }).click();
    await expect(page.getByText('Recorded: 7 generated invoices for Oktober 2029.')).toBeVisible();

    await page.goto('/dashboard?period=2029-10');
    await expect(
      page.getByRole('button', {
        name: /^Generate Tagihan: 18%, [\d.]+ dari [\d.]+ unit\. Ubah progress$/,
      }),
    ).toBeVisible();
    const history = page.getByRole('table', { name: 'Riwayat Generate' });
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history.getByRole('cell', { name: 'tagihan.docx' })).toBeVisible();
    await expect(history.getByRole('cell', { name: 'tagihan_2029-10.xlsx' })).toBeVisible();
    await expect(history.getByRole('cell', { name: 'Word gabungan' })).toBeVisible();

    // The same files again: the earlier run is named, and nothing is counted until confirmed.
    await prepare(page, docx, data, 3);
    await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate Merged Document (3 sections)' }).click(),
    ]);
    await page.getByRole('button', { name: 'Record in progress for Oktober 2029' }).click();
    await expect(
      page.getByText(/^These 3 rows were already recorded on .+ by Administrator$/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Count them again' }).click();
    await expect(page.getByText('Recorded: 10 generated invoices for Oktober 2029.')).toBeVisible();
  });
});
