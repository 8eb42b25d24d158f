// Issue 21 as a user meets it: a sheet with a two-line title whose header row the page finds and
// the user changes, and a Word mail-merge template with an IF field and a `\* Upper` switch,
// merged into a document whose text is final (no field left for Word to update).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { buildDocx } from '../unit/workers/docxBuilder';
import { expect, test } from './support/fixtures';

test.use({ signedIn: true });

const run = (inner: string) => `<w:r>${inner}</w:r>`;
const instruction = (text: string) =>
  run(`<w:instrText xml:space="preserve">${text.replace(/"/g, '&quot;')}</w:instrText>`);
/** A complex field as Word writes it: begin, instruction (text and nested fields), separate, result, end. */
const field = (...pieces: string[]) =>
  run('<w:fldChar w:fldCharType="begin"/>') +
  pieces.map((p) => (p.startsWith('<w:r>') ? p : instruction(p))).join('') +
  run('<w:fldChar w:fldCharType="separate"/>') +
  run('<w:t>«hasil»</w:t>') +
  run('<w:fldChar w:fldCharType="end"/>');
const text = (t: string) => run(`<w:t xml:space="preserve">${t}</w:t>`);

function mailMergeTemplate(): Buffer {
  const body =
    `<w:p>${text('Yth. ')}${field(' MERGEFIELD Nama \\* Upper ')}</w:p>` +
    `<w:p>${text('Status: ')}${field(' IF ', field(' MERGEFIELD Status '), ' = "Lunas" "Terima kasih" "Harap bayar ', field(' MERGEFIELD Kota '), '" ')}</w:p>`;
  return Buffer.from(buildDocx({ body }));
}

function titledWorkbook(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['LAPORAN TAGIHAN LAYANAN VOICE'],
    ['Periode: Oktober 2025'],
    [],
    ['Nama Pelanggan', 'Kota', 'Total Tagihan'],
    ['PT Maju Jaya', 'Jakarta', 1500000],
    ['CV Sentosa', 'Bandung', 250000],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Tagihan');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

test.describe('Word templates and titled sheets', () => {
  let dir: string;
  test.beforeEach(async ({ page }) => {
    dir = mkdtempSync(path.join(tmpdir(), 'generator-word-'));
    await page.goto('/invoice-document-generator');
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('the header row found below a title is shown, and changing it changes the columns', async ({
    page,
  }) => {
    writeFileSync(path.join(dir, 'laporan.xlsx'), titledWorkbook());
    await page.getByLabel('Excel Data').setInputFiles(path.join(dir, 'laporan.xlsx'));
    const headerRow = page.getByRole('spinbutton', { name: 'Header row', exact: true });
    await expect(headerRow).toHaveValue('4');
    const preview = page.getByRole('region', { name: 'Data preview' });
    await expect(preview.getByRole('columnheader', { name: 'Nama Pelanggan' })).toBeVisible();
    await expect(page.getByText('Selected: 2 / 2 rows')).toBeVisible();

    await headerRow.fill('5');
    await headerRow.press('Enter');
    await expect(preview.getByRole('columnheader', { name: 'PT Maju Jaya' })).toBeVisible();
    await expect(preview.getByRole('columnheader', { name: 'Nama Pelanggan' })).toHaveCount(0);
    await expect(page.getByText('Selected: 1 / 1 row')).toBeVisible();
    await expect(headerRow).toHaveValue('5');

    // A row beyond the sheet: a message naming the file and the row; nothing else changes.
    await headerRow.fill('40');
    await headerRow.press('Enter');
    await expect(
      page.getByText(
        'laporan.xlsx: Header row 40 is beyond the last row of sheet "Tagihan" (row 6). Choose a row from 1 to 6.',
      ),
    ).toBeVisible();
    await expect(headerRow).toHaveValue('5');
    await expect(preview.getByRole('columnheader', { name: 'PT Maju Jaya' })).toBeVisible();
    await expect(page.getByText('Selected: 1 / 1 row')).toBeVisible();
  });

  test('a MERGEFIELD template with an IF and a \\* Upper switch merges into final text', async ({
    page,
  }) => {
    writeFileSync(path.join(dir, 'surat.docx'), mailMergeTemplate());
    writeFileSync(
      path.join(dir, 'pelanggan.csv'),
      ['Nama;Status;Kota', 'budi santoso;Lunas;Bandung', 'sari;Belum;Medan'].join('\n'),
    );
    await page.getByLabel('DOCX Template').setInputFiles(path.join(dir, 'surat.docx'));
    await expect(page.getByLabel('DOCX Template')).toBeEnabled();
    await page.getByLabel('Excel Data').setInputFiles(path.join(dir, 'pelanggan.csv'));
    await expect(page.getByText('Selected: 2 / 2 rows')).toBeVisible();
    // The fields the IF reads are listed like any other, and the IF is no field left unfilled.
    for (const name of ['Nama', 'Status', 'Kota']) {
      await expect(page.getByRole('combobox', { name, exact: true })).toHaveValue(name);
    }
    await expect(page.getByText(/Word fields not filled/)).toHaveCount(0);
    // The switched field starts in the Word field's own format.
    await expect(page.getByRole('combobox', { name: 'Format for Nama' })).toHaveValue('field');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate Merged Document (2 sections)' }).click(),
    ]);
    const xml = new PizZip(readFileSync(await download.path())).file('word/document.xml')!.asText();
    expect(xml).not.toMatch(/MERGEFIELD|w:fldChar|w:instrText|«|»/);
    const lines = xml
      .replace(/<w:p[ >]/g, '\n$&')
      .replace(/<[^>]+>/g, '')
      .split('\n')
      .filter(Boolean);
    expect(lines).toEqual([
      'Yth. BUDI SANTOSO',
      'Status: Terima kasih',
      'Yth. SARI',
      'Status: Harap bayar Medan',
    ]);
  });
});
