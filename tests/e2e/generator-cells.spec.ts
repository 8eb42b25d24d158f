// "As in sheet" in the browser: a workbook with dd/mm/yyyy dates, times, date-times and an
// accounting Rupiah format shows in the preview, and merges, as the sheet shows it; a
// Windows-1252 `;` CSV keeps 980,50 as written and the preview says how the column was read.
import type { Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';
import { expect, signInAs, test } from './support/fixtures';

const COLUMNS = ['Nama', 'Tanggal', 'Jam', 'Waktu', 'Tagihan'];
const FORMATS = [
  '',
  'dd/mm/yyyy',
  'hh:mm:ss',
  'dd/mm/yyyy hh:mm',
  '_("Rp"* #,##0_);_("Rp"* (#,##0);_("Rp"* "-"_);_(@_)',
];

function workbook(): Buffer {
  const rows: (string | number)[][] = [
    ['Budi', 45961, 0.5871875, 45961.5, 1370369],
    ['Sari', 45962, 0.25, 45962.75, -2500],
  ];
  const sheet: XLSX.WorkSheet = XLSX.utils.aoa_to_sheet([['Tagihan Oktober 2025'], COLUMNS]);
  rows.forEach((row, r) =>
    row.forEach((v, c) => {
      sheet[XLSX.utils.encode_cell({ r: r + 2, c })] =
        typeof v === 'number' ? { t: 'n', v, z: FORMATS[c] } : { t: 's', v };
    }),
  );
  sheet['!ref'] = 'A1:E4';
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Data');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

function template(): Buffer {
  return Buffer.from(buildDocx({ body: COLUMNS.map((c) => paragraph(`${c}={${c}}`)).join('') }));
}

async function choose(page: Page, dir: string, dataName: string, data: Buffer) {
  writeFileSync(path.join(dir, 'tagihan.docx'), template());
  writeFileSync(path.join(dir, dataName), data);
  await signInAs(page);
  await page.goto('/invoice-document-generator');
  await page.getByLabel('DOCX Template').setInputFiles(path.join(dir, 'tagihan.docx'));
  await expect(page.getByLabel('DOCX Template')).toBeEnabled();
  await page.getByLabel('Excel Data').setInputFiles(path.join(dir, dataName));
  await expect(page.getByText('Selected: 2 / 2 rows')).toBeVisible();
}

test('dates, times and accounting amounts show and merge as the sheet shows them', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'generator-cells-'));
  try {
    await choose(page, dir, 'tagihan.xlsx', workbook());
    const preview = page.getByRole('region', { name: 'Data preview' });
    for (const text of ['31/10/2025', '14:05:33', '31/10/2025 12:00', 'Rp1.370.369', 'Rp(2.500)'])
      await expect(preview.getByRole('cell', { name: text, exact: true })).toBeVisible();
    await expect(preview.getByRole('cell', { name: '06:00:00', exact: true })).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate Merged Document (2 sections)' }).click(),
    ]);
    const xml = new PizZip(readFileSync(await download.path()))
      .file('word/document.xml')!
      .asText()
      .replace(/<w:p[ >]/g, '\n$&')
      .replace(/<[^>]+>/g, '');
    expect(xml).toContain('Tanggal=31/10/2025');
    expect(xml).toContain('Jam=14:05:33');
    expect(xml).toContain('Waktu=31/10/2025 12:00');
    expect(xml).toContain('Tagihan=Rp1.370.369');
    expect(xml).toContain('Tagihan=Rp(2.500)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a Windows-1252 CSV keeps 980,50 as written and the preview says how the column was read', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'generator-cells-'));
  try {
    const csv =
      'Nama;Tanggal;Jam;Waktu;Tagihan\r\nJosé;31/10/2025;14:05;31/10/2025 12:00;980,50\r\nSari;01/11/2025;06:00;01/11/2025 18:00;11.234.567,89\r\n';
    await choose(page, dir, 'bank.csv', Buffer.from(csv, 'latin1'));
    const preview = page.getByRole('region', { name: 'Data preview' });
    for (const text of ['José', '980,50', '11.234.567,89'])
      await expect(preview.getByRole('cell', { name: text, exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'Column "Tagihan" was read as numbers written the Indonesian way (dot for thousands, comma for decimals), e.g. 980,50 is 980,5.',
      ),
    ).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
