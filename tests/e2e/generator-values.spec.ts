// Values in the merged document: as the sheet shows them by default, or in the format chosen per
// field. The workbook and template are built here; the downloaded .docx is unzipped and read.
import type { Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';
import { expect, test } from './support/fixtures';

test.use({ signedIn: true });

const FIELDS = [
  'nomor',
  'total_sheet',
  'total_rupiah',
  'total_number',
  'total_terbilang',
  'persen',
  'tanggal',
  'tanggal_panjang',
  'nama_upper',
  'lunas',
];

/** One paragraph per field, 'field=value', so the test reads each value back by name. */
function template(): Buffer {
  return Buffer.from(
    buildDocx({
      body:
        FIELDS.map((field) => paragraph(`${field}={${field}}`)).join('') +
        `<w:tbl><w:tr><w:tc>${paragraph('Jumlah')}</w:tc><w:tc>${paragraph('{total_rupiah}')}</w:tc></w:tr></w:tbl>`,
      header: paragraph('Header {nomor}'),
      footer: paragraph('Footer {nama_upper}'),
    }),
  );
}

function workbook(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(
    [
      ['Nomor', 'Nama', 'Total', 'Persen', 'Tanggal', 'Lunas'],
      ['INV/2024/00007', 'pt sinar jaya', 1234567, 0.125, new Date(Date.UTC(2025, 10, 23)), true],
      ['INV/2024/00008', 'cv maju', 250000000, 0.5, new Date(Date.UTC(2024, 0, 5)), false],
      ['INV/2024/00009', '=HYPERLINK("http://evil","ud")', 'belum ada', 1, 'nanti', false],
      // The same number again (its file is numbered), then a row with one value only (skipped).
      ['INV/2024/00007', 'pt duplikat', 5, 0.1, new Date(Date.UTC(2025, 0, 1)), true],
      ['INV/2024/00010'],
    ],
    { cellDates: true },
  );
  for (const ref of ['C2', 'C3']) sheet[ref].z = '"Rp"#,##0';
  for (const ref of ['D2', 'D3', 'D4']) sheet[ref].z = '0.00%';
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Data');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

const COLUMNS: Record<string, string> = {
  nomor: 'Nomor',
  total_sheet: 'Total',
  total_rupiah: 'Total',
  total_number: 'Total',
  total_terbilang: 'Total',
  persen: 'Persen',
  tanggal: 'Tanggal',
  tanggal_panjang: 'Tanggal',
  nama_upper: 'Nama',
  lunas: 'Lunas',
};
const FORMATS: Record<string, string> = {
  total_rupiah: 'Rupiah',
  total_number: 'Number',
  total_terbilang: 'Terbilang',
  tanggal_panjang: 'Date',
  nama_upper: 'UPPER CASE',
};

/** field → value of every section, read from the merged body's 'field=value' paragraphs. */
function sectionValues(xml: string): Record<string, string>[] {
  const text = xml.replace(/<w:p[ >]/g, '\n$&').replace(/<[^>]+>/g, '');
  const sections: Record<string, string>[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)=(.*)$/.exec(line);
    if (!match) continue;
    if (match[1] === FIELDS[0]) sections.push({});
    sections[sections.length - 1][match[1]] = match[2];
  }
  return sections;
}

async function load(page: Page, dir: string) {
  const templateFile = path.join(dir, 'nilai.docx');
  const dataFile = path.join(dir, 'nilai.xlsx');
  writeFileSync(templateFile, template());
  writeFileSync(dataFile, workbook());
  await page.goto('/invoice-document-generator');
  await chooseFiles(page, dir);
}

async function chooseFiles(page: Page, dir: string) {
  const templateFile = path.join(dir, 'nilai.docx');
  const dataFile = path.join(dir, 'nilai.xlsx');
  await page.getByLabel('DOCX Template').setInputFiles(templateFile);
  await expect(page.getByLabel('DOCX Template')).toBeEnabled();
  await page.getByLabel('Excel Data').setInputFiles(dataFile);
  await expect(page.getByText('Selected: 5 / 5 rows')).toBeVisible();
}

/** Maps every field (several to the same column), picks the formats and selects all rows. */
async function mapAll(page: Page) {
  for (const field of FIELDS) {
    await page.getByRole('combobox', { name: field, exact: true }).selectOption(COLUMNS[field]);
    await expect(
      page.getByRole('combobox', { name: `Format for ${field}`, exact: true }),
    ).toHaveValue('sheet');
  }
  for (const [field, label] of Object.entries(FORMATS)) {
    await page
      .getByRole('combobox', { name: `Format for ${field}`, exact: true })
      .selectOption({ label });
  }
  await page.getByRole('button', { name: 'Select All' }).click();
}

test('values merge as the sheet shows them, or in the format chosen per field', async ({
  tempDir: dir,
  page,
}) => {
  await load(page, dir);
  // The preview shows each number as its cell's format displays it (Indonesian separators).
  const preview = page.getByRole('region', { name: 'Data preview' });
  await expect(preview.getByRole('cell', { name: 'Rp1.234.567', exact: true })).toBeVisible();
  await expect(preview.getByRole('cell', { name: '12,50%', exact: true })).toBeVisible();
  await expect(preview.getByRole('cell', { name: '23/11/2025', exact: true })).toBeVisible();
  await expect(preview.getByRole('cell', { name: 'TRUE', exact: true }).first()).toBeVisible();

  await mapAll(page);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    // 5 rows selected, one with fewer than 2 values: the button counts the 4 made (issue 31).
    page.getByRole('button', { name: 'Generate Merged Document (4 sections)' }).click(),
  ]);
  const zip = new PizZip(readFileSync(await download.path()));
  const sections = sectionValues(zip.file('word/document.xml')!.asText());
  expect(sections).toHaveLength(4);
  const [first, second, third] = sections;
  expect(first).toEqual({
    nomor: 'INV/2024/00007',
    total_sheet: 'Rp1.234.567',
    total_rupiah: 'Rp 1.234.567',
    total_number: '1.234.567',
    total_terbilang: 'satu juta dua ratus tiga puluh empat ribu lima ratus enam puluh tujuh rupiah',
    persen: '12,50%',
    tanggal: '23/11/2025',
    tanggal_panjang: '23 November 2025',
    nama_upper: 'PT SINAR JAYA',
    lunas: 'TRUE',
  });
  expect(second.total_terbilang).toBe('dua ratus lima puluh juta rupiah');
  expect(second.tanggal_panjang).toBe('5 Januari 2024');
  // Text that cannot take the format is merged as it is, never emptied…
  expect(third).toMatchObject({
    total_rupiah: 'belum ada',
    total_terbilang: 'belum ada',
    tanggal_panjang: 'nanti',
    lunas: 'FALSE',
  });
  // …and the warning names each field and its first row.
  const warning = page.locator('.gen-messages').getByRole('alert');
  await expect(warning).toContainText(
    'total_rupiah: 1 value could not be written as Rupiah; merged as in the sheet (first at row 3)',
  );
  await expect(warning).toContainText('total_terbilang: 1 value could not be written as Terbilang');
  await expect(warning).toContainText('tanggal_panjang: 1 value could not be written as Date');
  await expect(
    page.getByText(
      'Successfully generated merged document with 4 sections (1 row skipped due to insufficient data)',
    ),
  ).toBeVisible();
  // Headers are rendered per row: each section's header shows its own row (rows that render the
  // same header may share one part).
  const rels = zip.file('word/_rels/document.xml.rels')!.asText();
  const targetOf = (id: string) =>
    new RegExp(`Id="${id}"[^>]*Target="([^"]+)"|Target="([^"]+)"[^>]*Id="${id}"`).exec(rels)!;
  const sectionHeaders = [
    ...zip
      .file('word/document.xml')!
      .asText()
      .matchAll(/<w:headerReference[^>]*r:id="([^"]+)"/g),
  ].map((m) => {
    const found = targetOf(m[1]);
    return zip
      .file(`word/${found[1] ?? found[2]}`)!
      .asText()
      .replace(/<[^>]+>/g, '');
  });
  expect(sectionHeaders).toEqual(sections.map((values) => `Header ${values.nomor}`));
  expect(new Set(sectionHeaders).size).toBe(3);
});

test('Export XLSX writes number cells as numbers with their format, text that looks like a formula as text', async ({
  tempDir: dir,
  page,
}) => {
  await load(page, dir);
  await mapAll(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export XLSX' }).click(),
  ]);
  const book = XLSX.read(readFileSync(await download.path()), {
    type: 'buffer',
    cellNF: true,
    cellFormula: true,
  });
  const sheet = book.Sheets['Selected Data'];
  const column = (field: string) => XLSX.utils.encode_col(FIELDS.indexOf(field));
  expect(sheet[`${column('total_sheet')}2`]).toMatchObject({
    t: 'n',
    v: 1234567,
    z: '"Rp"#,##0',
  });
  expect(sheet[`${column('persen')}2`]).toMatchObject({ t: 'n', v: 0.125, z: '0.00%' });
  expect(sheet[`${column('total_sheet')}4`]).toMatchObject({ t: 's', v: 'belum ada' });
  expect(sheet[`${column('nomor')}2`]).toMatchObject({ t: 's', v: 'INV/2024/00007' });
  const hostile = sheet[`${column('nama_upper')}4`];
  expect(hostile).toMatchObject({ t: 's', v: '=HYPERLINK("http://evil","ud")' });
  expect(
    Object.keys(sheet)
      .filter((key) => !key.startsWith('!'))
      .some((key) => sheet[key].f !== undefined),
  ).toBe(false);
});

test('One file per row (.zip): one document per row, named by a column, repeats numbered, thin rows skipped', async ({
  tempDir: dir,
  page,
}) => {
  await load(page, dir);
  await mapAll(page);
  const output = page.getByRole('combobox', { name: 'Output', exact: true });
  await expect(output).toHaveValue('merged');
  await expect(page.getByRole('combobox', { name: 'Name files by' })).toHaveCount(0);
  await output.selectOption({ label: 'One file per row (.zip)' });
  await page.getByRole('combobox', { name: 'Name files by' }).selectOption('Nomor');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    // The thin row makes no file, so the button counts 4 (issue 31).
    page.getByRole('button', { name: 'Generate 4 Files (.zip)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Invoices_\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(
    page.getByText(
      `Successfully generated 4 files in ${download.suggestedFilename()} (1 row skipped due to insufficient data)`,
    ),
  ).toBeVisible();
  const zip = new PizZip(readFileSync(await download.path()));
  const expected: Record<string, [string, string]> = {
    'INV-2024-00007.docx': ['INV/2024/00007', 'PT SINAR JAYA'],
    'INV-2024-00008.docx': ['INV/2024/00008', 'CV MAJU'],
    'INV-2024-00009.docx': ['INV/2024/00009', '=HYPERLINK("HTTP://EVIL","UD")'],
    'INV-2024-00007 (2).docx': ['INV/2024/00007', 'PT DUPLIKAT'],
  };
  expect(Object.keys(zip.files).sort()).toEqual(Object.keys(expected).sort());
  for (const [name, [nomor, nama]] of Object.entries(expected)) {
    const docx = new PizZip(zip.file(name)!.asUint8Array());
    const [values, ...others] = sectionValues(docx.file('word/document.xml')!.asText());
    expect(others).toHaveLength(0);
    expect(values.nomor).toBe(nomor);
    expect(values.nama_upper).toBe(nama.replace(/"/g, '&quot;'));
    expect(
      docx
        .file('word/header1.xml')!
        .asText()
        .replace(/<[^>]+>/g, ''),
    ).toBe(`Header ${nomor}`);
  }
});

test('Preview Row shows the document a selected row produces, with Previous and Next through the selection', async ({
  tempDir: dir,
  page,
}) => {
  await load(page, dir);
  const previewButton = page.getByRole('button', { name: 'Preview Row' });
  for (const field of FIELDS)
    await page.getByRole('combobox', { name: field, exact: true }).selectOption(COLUMNS[field]);
  for (const [field, label] of Object.entries(FORMATS)) {
    await page
      .getByRole('combobox', { name: `Format for ${field}`, exact: true })
      .selectOption({ label });
  }
  // Every row starts selected; with none selected there is nothing to preview.
  await page.getByRole('button', { name: 'Select None' }).click();
  await expect(previewButton).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Select row 1', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Select row 4', exact: true }).check();
  await previewButton.click();

  const document = page.getByRole('article', { name: 'Document preview' });
  await expect(
    page.getByRole('heading', { name: 'Preview of row 1 (1 / 2 selected)' }),
  ).toBeVisible();
  await expect(document.getByText('total_rupiah=Rp 1.234.567', { exact: true })).toBeVisible();
  await expect(
    document.getByText(
      'total_terbilang=satu juta dua ratus tiga puluh empat ribu lima ratus enam puluh tujuh rupiah',
    ),
  ).toBeVisible();
  await expect(document.getByRole('cell', { name: 'Rp 1.234.567', exact: true })).toBeVisible();
  await expect(document.getByText('Header INV/2024/00007', { exact: true })).toBeVisible();
  await expect(document.getByText('Footer PT SINAR JAYA', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByRole('heading', { name: 'Preview of row 4 (2 / 2 selected)' }),
  ).toBeVisible();
  await expect(document.getByText('Footer PT DUPLIKAT', { exact: true })).toBeVisible();
  await expect(document.getByText('total_rupiah=Rp 5', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(document.getByText('Footer PT SINAR JAYA', { exact: true })).toBeVisible();
  // The open preview follows a format change.
  await page
    .getByRole('combobox', { name: 'Format for total_rupiah', exact: true })
    .selectOption({ label: 'Number' });
  await expect(document.getByText('total_rupiah=1.234.567', { exact: true })).toBeVisible();
  await page
    .getByRole('combobox', { name: 'Format for total_rupiah', exact: true })
    .selectOption({ label: 'Rupiah' });
  await expect(document.getByText('total_rupiah=Rp 1.234.567', { exact: true })).toBeVisible();

  // The preview is what Generate writes for that row.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Generate Merged Document (2 sections)' }).click(),
  ]);
  const zip = new PizZip(readFileSync(await download.path()));
  expect(sectionValues(zip.file('word/document.xml')!.asText())[0].total_rupiah).toBe(
    'Rp 1.234.567',
  );
});

test('the mapping and formats are remembered per template: Reset keeps them, Clear All Mappings forgets them', async ({
  tempDir: dir,
  page,
}) => {
  await load(page, dir);
  const mapping = (field: string) => page.getByRole('combobox', { name: field, exact: true });
  const format = (field: string) =>
    page.getByRole('combobox', { name: `Format for ${field}`, exact: true });
  await mapping('total_rupiah').selectOption('Total');
  await format('total_rupiah').selectOption({ label: 'Rupiah' });
  await mapping('total_terbilang').selectOption('Total');
  await format('total_terbilang').selectOption({ label: 'Terbilang' });

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText('Selected: 0 / 5 rows')).toHaveCount(0);
  await chooseFiles(page, dir);
  await expect(mapping('total_rupiah')).toHaveValue('Total');
  await expect(format('total_rupiah')).toHaveValue('rupiah');
  await expect(mapping('total_terbilang')).toHaveValue('Total');
  await expect(format('total_terbilang')).toHaveValue('terbilang');
  // Not remembered (never chosen by hand): auto-mapped on load.
  await expect(mapping('nomor')).toHaveValue('Nomor');

  // Still remembered after leaving the page; the merge uses what was re-applied.
  await page.reload();
  await chooseFiles(page, dir);
  await expect(format('total_terbilang')).toHaveValue('terbilang');

  await page.getByRole('button', { name: 'Clear All Mappings' }).click();
  await expect(mapping('total_rupiah')).toHaveValue('');
  await expect(format('total_rupiah')).toHaveValue('sheet');
  await page.getByRole('button', { name: 'Reset' }).click();
  await chooseFiles(page, dir);
  // Forgotten: only auto-map's choice is left, with the sheet's format.
  await expect(format('total_rupiah')).toHaveValue('sheet');
  await expect(format('total_terbilang')).toHaveValue('sheet');
});

test('Filter rows narrows the preview (case-insensitive) and Select Matching selects exactly the rows shown', async ({
  tempDir: dir,
  page,
}) => {
  await load(page, dir);
  const preview = page.getByRole('region', { name: 'Data preview' });
  const rowBoxes = preview.getByRole('checkbox', { name: /^Select row \d+$/ });
  await expect(rowBoxes).toHaveCount(5);
  await page.getByRole('checkbox', { name: 'Select row 2', exact: true }).check();

  await page.getByRole('searchbox', { name: 'Filter rows' }).fill('inv/2024/00007');
  await expect(rowBoxes).toHaveCount(2);
  await expect(page.getByText('Showing: 2 / 5 rows')).toBeVisible();
  await page.getByRole('button', { name: 'Select Matching' }).click();
  await expect(page.getByText('Selected: 2 / 5 rows')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select row 1', exact: true })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Select row 4', exact: true })).toBeChecked();

  // Other cells match too (a name), whatever the case; clearing the filter shows every row again.
  await page.getByRole('searchbox', { name: 'Filter rows' }).fill('SINAR');
  await expect(rowBoxes).toHaveCount(1);
  await expect(page.getByRole('checkbox', { name: 'Select row 1', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter rows' }).fill('');
  await expect(rowBoxes).toHaveCount(5);
  await expect(page.getByRole('checkbox', { name: 'Select row 2', exact: true })).not.toBeChecked();

  // The merge takes the rows Select Matching chose.
  for (const field of FIELDS)
    await page.getByRole('combobox', { name: field, exact: true }).selectOption(COLUMNS[field]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Generate Merged Document (2 sections)' }).click(),
  ]);
  const zip = new PizZip(readFileSync(await download.path()));
  expect(sectionValues(zip.file('word/document.xml')!.asText()).map((v) => v.nama_upper)).toEqual([
    'pt sinar jaya',
    'pt duplikat',
  ]);
});

test('the zip shows the same progress, can be cancelled like the merge, and leaves nothing half-made', async ({
  tempDir: dir,
  page,
}) => {
  const rows = Array.from({ length: 5000 }, (_, i) => [
    `INV/${i + 1}`,
    `pelanggan ${i + 1}`,
    1000 + i,
    0.1,
    '2025-01-01',
    true,
  ]);
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Nomor', 'Nama', 'Total', 'Persen', 'Tanggal', 'Lunas'],
    ...rows,
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Data');
  // Every field two hundred times a file: a zip that takes seconds, so Cancel finds it running.
  const fieldsLine = paragraph(FIELDS.map((field) => `{${field}} `).join(''));
  writeFileSync(
    path.join(dir, 'nilai.docx'),
    Buffer.from(buildDocx({ body: fieldsLine.repeat(200), header: paragraph('Header {nomor}') })),
  );
  writeFileSync(
    path.join(dir, 'nilai.xlsx'),
    XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
  );
  await page.goto('/invoice-document-generator');
  await page.getByLabel('DOCX Template').setInputFiles(path.join(dir, 'nilai.docx'));
  await expect(page.getByLabel('DOCX Template')).toBeEnabled();
  await page.getByLabel('Excel Data').setInputFiles(path.join(dir, 'nilai.xlsx'));
  await expect(page.getByText('Selected: 5000 / 5000 rows')).toBeVisible();
  await mapAll(page);
  await page
    .getByRole('combobox', { name: 'Output', exact: true })
    .selectOption({ label: 'One file per row (.zip)' });

  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('button', { name: 'Generate 5000 Files (.zip)' }).click();
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();
  await expect(page.getByText(/^\d+ \/ 5000 sections processed$/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.gen-messages').getByRole('alert')).toHaveText('Generation cancelled');
  await expect(page.getByRole('button', { name: 'Generate 5000 Files (.zip)' })).toBeEnabled();
  expect(downloads).toBe(0);

  // The cancelled run left nothing behind: the next zip is whole, every file complete.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByRole('button', { name: 'Generate 5000 Files (.zip)' }).click(),
  ]);
  const zip = new PizZip(readFileSync(await download.path()), { checkCRC32: true });
  const files = Object.keys(zip.files);
  expect(files).toHaveLength(5000);
  for (const name of [files[0], files[2500], files[4999]]) {
    // Named by Nomor ('INV/7' as 'INV-7.docx'); its header and body are that row's.
    const row = /^INV-(\d+)\.docx$/.exec(name)![1];
    const document = new PizZip(zip.file(name)!.asUint8Array(), { checkCRC32: true });
    expect(document.file('word/header1.xml')!.asText()).toContain(`Header INV/${row}<`);
    expect(document.file('word/document.xml')!.asText()).toContain(`INV/${row} `);
  }
});
