// Group rows by (issue 21 §3): a sheet of call lines for several customers becomes one invoice per
// customer, its table holding that customer's lines. Template and sheet are built here; the
// downloaded .docx is unzipped and each section's text read back.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';
import { expect, test } from './support/fixtures';

test.use({ signedIn: true });

const cell = (text: string) => `<w:tc>${paragraph(text)}</w:tc>`;

function template(): Buffer {
  return Buffer.from(
    buildDocx({
      body:
        paragraph('Tagihan untuk {Nama}') +
        `<w:tbl><w:tr>${cell('Tanggal')}${cell('Tujuan')}${cell('Biaya')}</w:tr>` +
        `<w:tr>${cell('{#lines}{Tanggal}')}${cell('{Tujuan}')}${cell('{Biaya}{/lines}')}</w:tr></w:tbl>` +
        paragraph('Total {sum:Biaya} untuk {count} panggilan'),
    }),
  );
}

const LINES: (string | number)[][] = [
  ['Pelanggan', 'Nama', 'Tanggal', 'Tujuan', 'Biaya', 'Keterangan'],
  ['P-001', 'Budi', '2025-10-01', 'Jakarta', 1500, ''],
  ['P-002', 'Sari', '2025-10-01', 'Medan', 2000, ''],
  ['P-001', 'Budi', '2025-10-02', 'Bandung', 2500, ''],
  ['P-003', 'Tono', '2025-10-03', 'Surabaya', 700, ''],
  ['P-002', 'Sari', '2025-10-05', 'Bogor', 3000, ''],
  ['P-001', 'Budi', '2025-10-09', 'Depok', 1000, 'cek ulang'],
];

function workbook(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(LINES), 'Panggilan');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Each section of the merged body as lines of text; a table row is its cells joined by ' | '. */
function sectionsOf(xml: string): string[][] {
  const body = xml.slice(xml.indexOf('<w:body>'), xml.indexOf('</w:body>'));
  return body
    .split(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/)
    .slice(0, -1)
    .map((section) =>
      section
        .replace(/<w:tr\b[\s\S]*?<\/w:tr>/g, (row) =>
          [...row.matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)]
            .map((c) => c[1].replace(/<[^>]+>/g, ''))
            .join(' | ')
            .concat('\n'),
        )
        .replace(/<\/w:p>/g, '\n')
        .replace(/<[^>]+>/g, '')
        .split('\n')
        .filter((line) => line.trim() !== ''),
    );
}

test('one invoice per customer: Group rows by fills each table with that customer’s lines', async ({
  tempDir: dir,
  page,
}) => {
  writeFileSync(path.join(dir, 'tagihan.docx'), template());
  writeFileSync(path.join(dir, 'panggilan.xlsx'), workbook());
  await page.goto('/invoice-document-generator');
  await page.getByLabel('DOCX Template').setInputFiles(path.join(dir, 'tagihan.docx'));
  await expect(page.getByLabel('DOCX Template')).toBeEnabled();
  await page.getByLabel('Excel Data').setInputFiles(path.join(dir, 'panggilan.xlsx'));
  await expect(page.getByText('Selected: 6 / 6 rows')).toBeVisible();

  // Before grouping, the loop is named like no column: the mapping step says what to do.
  await expect(page.getByText('No column is named "lines".')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Generate Merged Document (6 sections)' }),
  ).toBeDisabled();

  const groupBy = page.getByRole('combobox', { name: 'Group rows by', exact: true });
  await expect(groupBy).toHaveValue('');
  await expect(groupBy.locator('option:checked')).toHaveText('(none)');
  await groupBy.selectOption('Pelanggan');
  await expect(page.getByText('Repeated for each row of the group')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Format for lines' })).toHaveCount(0);
  await expect(page.getByText('Sum of Biaya over the group')).toBeVisible();
  await expect(page.getByText('Number of rows in the group')).toBeVisible();
  // The row counter stays about rows; the button counts documents.
  await expect(page.getByText('Selected: 6 / 6 rows')).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate Merged Document (3 sections)' });
  await expect(generate).toBeEnabled();

  await page
    .getByRole('combobox', { name: 'Format for sum:Biaya', exact: true })
    .selectOption({ label: 'Rupiah' });

  // The preview walks the groups.
  await page.getByRole('button', { name: 'Preview Row' }).click();
  await expect(
    page.getByRole('heading', { name: 'Preview of group P-001 (1 / 3 groups)' }),
  ).toBeVisible();
  const previewDoc = page.getByRole('article', { name: 'Document preview' });
  await expect(previewDoc).toContainText('Tagihan untuk Budi');
  await expect(previewDoc.getByRole('row')).toHaveCount(4);
  await expect(previewDoc).toContainText('Total Rp 5.000 untuk 3 panggilan');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByRole('heading', { name: 'Preview of group P-002 (2 / 3 groups)' }),
  ).toBeVisible();
  await expect(previewDoc).toContainText('Tagihan untuk Sari');
  await expect(previewDoc.getByRole('row')).toHaveCount(3);

  const [download] = await Promise.all([page.waitForEvent('download'), generate.click()]);
  await expect(
    page.getByText('Successfully generated merged document with 3 sections'),
  ).toBeVisible();
  const xml = new PizZip(readFileSync(await download.path())).file('word/document.xml')!.asText();
  expect(sectionsOf(xml)).toEqual([
    [
      'Tagihan untuk Budi',
      'Tanggal | Tujuan | Biaya',
      '2025-10-01 | Jakarta | 1500',
      '2025-10-02 | Bandung | 2500',
      '2025-10-09 | Depok | 1000',
      'Total Rp 5.000 untuk 3 panggilan',
    ],
    [
      'Tagihan untuk Sari',
      'Tanggal | Tujuan | Biaya',
      '2025-10-01 | Medan | 2000',
      '2025-10-05 | Bogor | 3000',
      'Total Rp 5.000 untuk 2 panggilan',
    ],
    [
      'Tagihan untuk Tono',
      'Tanggal | Tujuan | Biaya',
      '2025-10-03 | Surabaya | 700',
      'Total Rp 700 untuk 1 panggilan',
    ],
  ]);

  // A key column empty on every selected row: a clear message naming it, Generate held back.
  await page.getByRole('button', { name: 'Close Preview' }).click();
  await groupBy.selectOption('Keterangan');
  await page.getByRole('checkbox', { name: 'Select row 6' }).uncheck();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Group rows by "Keterangan"' }),
  ).toContainText('the column is empty on every selected row');
  await expect(page.getByRole('button', { name: /^Generate Merged Document/ })).toBeDisabled();
});
