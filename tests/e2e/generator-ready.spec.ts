// Issue 26.5, the generator starts ready: what a user sees right after choosing the two files, and
// the dead ends it no longer has (a template without fields, a header-only sheet, a renamed PDF).
import type { Page } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';
import { expect, test } from './support/fixtures';

test.use({ signedIn: true });

const TEMPLATE = path.resolve('tests/fixtures/tagihan_template.docx');
const WORKBOOK = path.resolve('tests/fixtures/pelanggan_50.xlsx');

let dir = '';
test.beforeEach(async ({ page }) => {
  dir = mkdtempSync(path.join(tmpdir(), 'gen-ready-'));
  await page.goto('/invoice-document-generator');
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

const templateInput = (page: Page) => page.getByLabel('DOCX Template');
const alert = (page: Page) => page.locator('.gen-messages').getByRole('alert');
const mapping = (page: Page, field: string) =>
  page.getByRole('combobox', { name: field, exact: true });

async function chooseTemplate(page: Page, file: string) {
  await templateInput(page).setInputFiles(file);
  await expect(templateInput(page)).toBeEnabled();
}

function write(name: string, bytes: Buffer | Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

test('a template without fields shows how to write one and offers a sample that works', async ({
  page,
}) => {
  const plain = buildDocx({ body: paragraph('Surat tanpa field apa pun') });
  await chooseTemplate(page, write('polos.docx', Buffer.from(plain)));
  const help = page.getByRole('complementary', { name: 'This template has no fields yet' });
  await expect(help).toBeVisible();
  await expect(help).toContainText(
    'Dear {nama_pelanggan}, your bill this month is {total_tagihan}.',
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    help.getByRole('button', { name: 'Download sample template' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Contoh_Template_Tagihan.docx');
  const sample = readFileSync(await download.path());
  expect(new PizZip(sample).file('word/document.xml')!.asText()).toContain('{nama_pelanggan}');

  // The sample, chosen as the template, has fields: the help goes and the fields map on load.
  await chooseTemplate(page, write('contoh.docx', sample));
  await expect(help).toHaveCount(0);
  await page.getByLabel('Excel Data').setInputFiles(WORKBOOK);
  await expect(mapping(page, 'nama_pelanggan')).toHaveValue('Nama Pelanggan');
  await expect(mapping(page, 'total_tagihan')).toHaveValue('Total Tagihan');
});

test('a header-only sheet says it has column names but no data rows', async ({ page }) => {
  await chooseTemplate(page, TEMPLATE);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([['Nama Pelanggan', 'Alamat']]),
    'Data',
  );
  const file = write(
    'kosong.xlsx',
    XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  );
  await page.getByLabel('Excel Data').setInputFiles(file);
  await expect(alert(page)).toHaveText(
    'Error reading Excel file: Sheet "Data" has column names but no data rows: add rows under the header, or choose another sheet.',
  );
  await expect(page.getByRole('region', { name: 'Data preview' })).toHaveCount(0);
});

test('a renamed PDF chosen as the template is not a Word document', async ({ page }) => {
  const pdf = write('tagihan.docx', Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n'));
  await templateInput(page).setInputFiles(pdf);
  await expect(alert(page)).toHaveText(
    'The file is a PDF, not a Word document: choose the .docx it was made from, or save it from Word as .docx.',
  );
  await expect(page.getByText('tagihan.docx')).toHaveCount(0);
});

test('a mapping chosen by hand is remembered and comes before auto-map next time', async ({
  page,
}) => {
  await chooseTemplate(page, TEMPLATE);
  await page.getByLabel('Excel Data').setInputFiles(WORKBOOK);
  await expect(mapping(page, 'alamat')).toHaveValue('Alamat');
  await mapping(page, 'alamat').selectOption('Email PIC');

  await page.getByRole('button', { name: 'Reset' }).click();
  await chooseTemplate(page, TEMPLATE);
  await page.getByLabel('Excel Data').setInputFiles(WORKBOOK);
  await expect(page.getByText('Selected: 51 / 51 rows')).toBeVisible();
  await expect(mapping(page, 'alamat')).toHaveValue('Email PIC');
  // The others are auto-mapped around it.
  await expect(mapping(page, 'nama_pelanggan')).toHaveValue('Nama Pelanggan');
  await expect(mapping(page, 'ppn_11')).toHaveValue('PPN (11%)');
});
