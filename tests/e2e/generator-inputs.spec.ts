// The files a billing team already has (issue 21): data files with a title and a period line above
// the header, `;`-separated CSV with a BOM and Indonesian numbers, LibreOffice's .ods, and Word's
// own mail-merge templates (MERGEFIELDs). Each is chosen as a user would, previewed, mapped and
// merged; the downloaded document is read back.
import type { Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';
import { expect, signInAs, test } from './support/fixtures';

const TITLE_ROWS = [['LAPORAN TAGIHAN LAYANAN VOICE'], ['Periode: Oktober 2025'], []];
const HEADER = ['Nama Pelanggan', 'Kota', 'Total Tagihan'];

function template(): Buffer {
  return Buffer.from(
    buildDocx({ body: paragraph('Kepada {Nama Pelanggan} di {Kota}: {Total Tagihan}') }),
  );
}

function workbook(bookType: XLSX.BookType): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ...TITLE_ROWS,
    HEADER,
    ['PT Maju Jaya', 'Jakarta', 1500000],
    ['CV Sentosa', 'Bandung', 250000],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Tagihan');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

function csv(): Buffer {
  const lines = [
    'LAPORAN TAGIHAN LAYANAN VOICE',
    'Periode: Oktober 2025',
    '',
    HEADER.join(';'),
    'PT Maju Jaya;Jakarta;Rp 1.500.000',
    'CV Sentosa;Bandung;Rp 250.000',
  ];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The text of each section of the merged body, one paragraph each. */
function mergedLines(file: string): string[] {
  const xml = new PizZip(readFileSync(file)).file('word/document.xml')!.asText();
  return xml
    .replace(/<w:p[ >]/g, '\n$&')
    .replace(/<[^>]+>/g, '')
    .split('\n')
    .filter((line) => line.startsWith('Kepada'));
}

async function generateWith(page: Page, dir: string, dataName: string, data: Buffer) {
  writeFileSync(path.join(dir, 'tagihan.docx'), template());
  writeFileSync(path.join(dir, dataName), data);
  await page.goto('/invoice-document-generator');
  await page.getByLabel('DOCX Template').setInputFiles(path.join(dir, 'tagihan.docx'));
  await expect(page.getByLabel('DOCX Template')).toBeEnabled();
  await page.getByLabel('Excel Data').setInputFiles(path.join(dir, dataName));
  // The title and period lines are not rows: the real header names the columns.
  const preview = page.getByRole('region', { name: 'Data preview' });
  for (const name of HEADER) {
    await expect(preview.getByRole('columnheader', { name, exact: true })).toBeVisible();
  }
  await expect(preview.getByText('LAPORAN TAGIHAN LAYANAN VOICE')).toHaveCount(0);
  await expect(page.getByText('Selected: 2 / 2 rows')).toBeVisible();
  for (const name of HEADER) {
    await page.getByRole('combobox', { name, exact: true }).selectOption(name);
  }
  await page.getByRole('button', { name: 'Select All' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Generate Merged Document (2 sections)' }).click(),
  ]);
  return mergedLines(await download.path());
}

test.describe('data files as billing systems export them', () => {
  let dir: string;
  test.beforeEach(async ({ page }) => {
    dir = mkdtempSync(path.join(tmpdir(), 'generator-inputs-'));
    await signInAs(page);
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('a workbook with a two-line title above its header', async ({ page }) => {
    expect(await generateWith(page, dir, 'laporan.xlsx', workbook('xlsx'))).toEqual([
      'Kepada PT Maju Jaya di Jakarta: 1500000',
      'Kepada CV Sentosa di Bandung: 250000',
    ]);
  });

  test('a LibreOffice .ods with the same title', async ({ page }) => {
    expect(await generateWith(page, dir, 'laporan.ods', workbook('ods'))).toEqual([
      'Kepada PT Maju Jaya di Jakarta: 1500000',
      'Kepada CV Sentosa di Bandung: 250000',
    ]);
  });

  test('a `;` CSV with a BOM and Rupiah amounts', async ({ page }) => {
    expect(await generateWith(page, dir, 'laporan.csv', csv())).toEqual([
      'Kepada PT Maju Jaya di Jakarta: 1500000',
      'Kepada CV Sentosa di Bandung: 250000',
    ]);
  });
});

test('a mail-merge template saved by Word merges without field codes', async ({
  tempDir: dir,
  page,
}) => {
  await signInAs(page);
  const data = path.join(dir, 'alamat.csv');
  writeFileSync(
    data,
    [
      'Titel;Voornaam;Achternaam;Adresregel_1;Postcode;Plaats;Provincie;Land_of_regio',
      'Ibu;Sari;Wulandari;Jl. Dago 1;40135;Bandung;Jawa Barat;Indonesia',
      'Bapak;Budi;Santoso;Jl. Darmo 2;60241;Surabaya;Jawa Timur;Indonesia',
    ].join('\n'),
  );
  await page.goto('/invoice-document-generator');
  await page
    .getByLabel('DOCX Template')
    .setInputFiles(path.resolve('tests/fixtures/mailmerge/winword2010.docx'));
  await expect(page.getByLabel('DOCX Template')).toBeEnabled();
  await page.getByLabel('Excel Data').setInputFiles(data);
  await expect(page.getByText('Selected: 2 / 2 rows')).toBeVisible();
  // Each MERGEFIELD is listed by its name, like a {tag}, and auto-map finds its column.
  for (const field of ['Titel', 'Voornaam', 'Achternaam', 'Plaats', 'Postcode']) {
    await expect(page.getByRole('combobox', { name: field, exact: true })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Auto-Map Similar Names' }).click();
  await expect(page.getByRole('combobox', { name: 'Voornaam', exact: true })).toHaveValue(
    'Voornaam',
  );
  await page.getByRole('button', { name: 'Select All' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: /^Generate Merged Document/ }).click(),
  ]);
  const xml = new PizZip(readFileSync(await download.path())).file('word/document.xml')!.asText();
  expect(xml).not.toMatch(/MERGEFIELD|w:fldChar|w:instrText|«|»/);
  const text = xml.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  expect(text).toContain('Ibu Sari Wulandari');
  expect(text).toContain('Bapak Budi Santoso');
});
