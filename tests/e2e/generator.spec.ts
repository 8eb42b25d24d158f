// Generate Tagihan Voice in Chromium against the real server: the real worker merges and exports,
// and the downloads are opened again here (pizzip, xlsx) to check what a user would receive.
import type { Download, Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';
import { expect, test } from './support/fixtures';

test.use({ signedIn: true });

const FIXTURES = path.resolve('tests/fixtures');
const TEMPLATE = path.join(FIXTURES, 'tagihan_template.docx');
const WORKBOOK = path.join(FIXTURES, 'pelanggan_50.xlsx');
const LEGACY_WORKBOOK = path.join(FIXTURES, 'pelanggan_50_legacy.xls');

// The fixture template's placeholders and the column of pelanggan_50.xlsx each one takes.
const FIELD_COLUMNS: Record<string, string> = {
  nama_pelanggan: 'Nama Pelanggan',
  alamat: 'Alamat',
  npwp: 'NPWP',
  periode: 'Periode',
  nomor_tagihan: 'Nomor Tagihan',
  tanggal_tagihan: 'Tanggal Tagihan',
  jatuh_tempo: 'Jatuh Tempo',
  lokal: 'Lokal',
  hp_lokal: 'HP Lokal',
  sljj: 'SLJJ',
  hp_sljj: 'HP SLJJ',
  sli: 'SLI',
  abodemen: 'Abodemen',
  ppn_11: 'PPN (11%)',
  total_tagihan: 'Total Tagihan',
  email_pic: 'Email PIC',
};
const FIELDS = Object.keys(FIELD_COLUMNS);

async function openGenerator(page: Page) {
  await page.goto('/invoice-document-generator');
  await expect(
    page.getByRole('heading', { name: 'Generate Tagihan Voice', level: 1 }),
  ).toBeVisible();
}

const templateInput = (page: Page) => page.getByLabel('DOCX Template');

/** Chooses the template and waits for its analysis to end (every input is disabled meanwhile). */
async function chooseTemplate(page: Page, file: string) {
  await templateInput(page).setInputFiles(file);
  await expect(page.getByText(path.basename(file))).toBeVisible();
  await expect(templateInput(page)).toBeEnabled();
}
const dataInput = (page: Page) => page.getByLabel('Excel Data');
const alert = (page: Page) => page.locator('.gen-messages').getByRole('alert');
const counter = (page: Page) => page.getByText(/^Selected: \d+ \/ \d+ rows?$/);
const generateButton = (page: Page) =>
  page.getByRole('button', { name: /^Generate Merged Document \(\d+ sections\)$/ });
const exportButton = (page: Page) => page.getByRole('button', { name: 'Export XLSX' });
const mappingSelect = (page: Page, field: string) =>
  page.getByRole('combobox', { name: field, exact: true });

async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = await download.path();
  return readFileSync(file);
}

/** Visible text of every paragraph of a .docx part, joined. */
function docxText(zip: PizZip, part: string): string {
  return (zip.file(part)?.asText() ?? '').replace(/<w:p[ >]/g, '\n$&').replace(/<[^>]+>/g, '');
}

test.describe('Generate Tagihan Voice', () => {
  test('upload, switch sheet, select, auto-map, map by hand, generate and export', async ({
    page,
  }) => {
    await openGenerator(page);

    await chooseTemplate(page, TEMPLATE);
    const templateSize = readFileSync(TEMPLATE).length;
    await expect(page.getByText('tagihan_template.docx')).toBeVisible();
    await expect(page.getByText(`(${(templateSize / 1024).toFixed(2)} KB)`)).toBeVisible();

    await dataInput(page).setInputFiles(WORKBOOK);
    await expect(page.getByText('pelanggan_50.xlsx')).toBeVisible();
    // Issue 26: it starts ready, every row selected, saying which one the merge will skip.
    await expect(counter(page)).toHaveText('Selected: 51 / 51 rows');
    await expect(
      page.getByText('51 selected, 1 will be skipped (row 51: fewer than 2 values)'),
    ).toBeVisible();

    // Two sheets, so the sheet selector shows; the other sheet has its own rows and columns.
    const sheet = page.getByRole('combobox', { name: 'Sheet' });
    await expect(sheet.locator('option')).toHaveText(['Pelanggan', 'Ringkasan']);
    await sheet.selectOption('Ringkasan');
    await expect(counter(page)).toHaveText('Selected: 1 / 1 row');
    await expect(page.getByRole('columnheader', { name: 'Jumlah Pelanggan' })).toBeVisible();
    await sheet.selectOption('Pelanggan');
    await expect(counter(page)).toHaveText('Selected: 51 / 51 rows');

    // Long cells are cut to 47 characters plus '...'; empty cells show a dash.
    const preview = page.getByRole('region', { name: 'Data preview' });
    const longNote = 'Catatan panjang: pelanggan prioritas dengan kontrak tahunan';
    await expect(
      preview.getByRole('cell', { name: `${longNote.slice(0, 47)}...`, exact: true }).first(),
    ).toBeVisible();
    await expect(preview.getByRole('cell', { name: longNote, exact: true })).toHaveCount(0);
    await preview.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const lastRow = preview
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: 'Select row 51', exact: true }) });
    await expect(lastRow.getByRole('cell', { name: '-', exact: true })).toHaveCount(18);
    await preview.evaluate((el) => el.scrollTo(0, 0));

    // Selection: all, none, then three rows by hand.
    await page.getByRole('button', { name: 'Select All' }).click();
    await expect(counter(page)).toHaveText('Selected: 51 / 51 rows');
    await expect(page.getByRole('checkbox', { name: 'Select all rows' })).toBeChecked();
    await page.getByRole('button', { name: 'Select None' }).click();
    await expect(counter(page)).toHaveText('Selected: 0 / 51 rows');
    for (const n of [1, 2, 3])
      await page.getByRole('checkbox', { name: `Select row ${n}`, exact: true }).check();
    // Row 51 has one real value only ('Rp 0'; '—' and '-' do not count): the merge skips it.
    await preview.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.getByRole('checkbox', { name: 'Select row 51', exact: true }).check();
    await expect(counter(page)).toHaveText('Selected: 4 / 51 rows');
    // The button counts what will be made: row 51 is skipped, so 3 sections (issue 31).
    await expect(generateButton(page)).toHaveText('Generate Merged Document (3 sections)');

    await expect(
      page.getByText('4 selected, 1 will be skipped (row 51: fewer than 2 values)'),
    ).toBeVisible();

    // Mapping: every field was auto-mapped on load, ppn_11 to 'PPN (11%)' too.
    for (const field of FIELDS)
      await expect(mappingSelect(page, field)).toHaveValue(FIELD_COLUMNS[field]);
    await expect(page.getByTitle('This field is not mapped yet')).toHaveCount(0);
    // Cleared, every field is unmapped and Generate and Export wait for it.
    await page.getByRole('button', { name: 'Clear All Mappings' }).click();
    await expect(page.getByTitle('This field is not mapped yet')).toHaveCount(FIELDS.length);
    await expect(
      page.getByText('Please map all template fields before generating documents.'),
    ).toBeVisible();
    await expect(generateButton(page)).toBeDisabled();
    await expect(exportButton(page)).toBeDisabled();

    await page.getByRole('button', { name: 'Auto-Map Similar Names' }).click();
    for (const field of ['alamat', 'npwp', 'periode', 'lokal', 'sljj', 'sli', 'abodemen']) {
      await expect(mappingSelect(page, field)).toHaveValue(FIELD_COLUMNS[field]);
    }
    await expect(page.getByTitle('This field is not mapped yet')).toHaveCount(0);
    await mappingSelect(page, 'npwp').selectOption('');
    await expect(page.getByTitle('This field is not mapped yet')).toHaveCount(1);

    for (const field of FIELDS) await mappingSelect(page, field).selectOption(FIELD_COLUMNS[field]);
    await expect(page.getByTitle('This field is not mapped yet')).toHaveCount(0);
    await expect(
      page.getByText('Please map all template fields before generating documents.'),
    ).toHaveCount(0);
    await expect(generateButton(page)).toBeEnabled();

    // Generate: the download starts by itself and holds one section per selected row.
    const [merged] = await Promise.all([
      page.waitForEvent('download'),
      generateButton(page).click(),
    ]);
    expect(merged.suggestedFilename()).toMatch(/^Merged_Invoices_\d{4}-\d{2}-\d{2}\.docx$/);
    await expect(
      page.getByRole('status').filter({ hasText: /^Successfully generated/ }),
    ).toHaveText(
      'Successfully generated merged document with 3 sections (1 row skipped due to insufficient data)',
    );
    const zip = new PizZip(await downloadedBytes(merged));
    const body = docxText(zip, 'word/document.xml');
    expect(body.match(/TAGIHAN LAYANAN VOICE/g)).toHaveLength(3);
    for (const name of ['CV Maju Bersama 1', 'RS Harapan Kita 2'])
      expect(body).toContain(`Kepada Yth. ${name}`);
    expect(body).toContain('INV/2024/00003');
    expect(body).not.toMatch(/\{[a-z_0-9]+\}/);
    expect(body).not.toContain('undefined');
    const documentXml = zip.file('word/document.xml')!.asText();
    // Sections are separated by section breaks: one per section, the last being the body's own.
    expect(documentXml.match(/<w:sectPr[ >]/g)).toHaveLength(3);

    // Export: one sheet 'Selected Data', the mapped fields as columns, one row per selected row.
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      exportButton(page).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/^Tagihan_Voice_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await expect(
      page.getByText(`Successfully exported 4 rows to ${exported.suggestedFilename()}`),
    ).toBeVisible();
    const workbook = XLSX.read(await downloadedBytes(exported), { type: 'buffer' });
    expect(workbook.SheetNames).toEqual(['Selected Data']);
    const rows = XLSX.utils.sheet_to_json<string[]>(workbook.Sheets['Selected Data'], {
      header: 1,
      raw: false,
    });
    expect(rows[0]).toEqual(FIELDS);
    expect(rows).toHaveLength(5);
    expect(rows[1][FIELDS.indexOf('nama_pelanggan')]).toBe('CV Maju Bersama 1');
    expect(rows[3][FIELDS.indexOf('nomor_tagihan')]).toBe('INV/2024/00003');
    // The export message goes away by itself.
    await expect(page.getByText(/^Successfully exported/)).toBeHidden({ timeout: 8000 });
  });

  test('wrong file types, templates over 10 MB and data files over 50 MB are refused', async ({
    page,
    tempDir,
  }) => {
    await openGenerator(page);
    await templateInput(page).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(alert(page)).toHaveText(
      'Please select a valid Word template (.docx, .dotx or .docm)',
    );

    await dataInput(page).setInputFiles({
      name: 'data.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect(alert(page)).toHaveText(
      'Please select a valid Excel, ODS or CSV file (.xlsx, .xls, .xlsm, .ods, .csv, .tsv or .txt)',
    );

    const elevenMegabytes = Buffer.alloc(11 * 1024 * 1024, 0x41);
    await templateInput(page).setInputFiles({
      name: 'big.docx',
      mimeType: 'application/octet-stream',
      buffer: elevenMegabytes,
    });
    await expect(alert(page)).toHaveText('File size must be less than 10MB');
    // A month of call lines is bigger than a template: data files may have 50 MB (docs/values.md).
    const bigData = path.join(tempDir, 'big.xlsx');
    writeFileSync(bigData, Buffer.alloc(51 * 1024 * 1024, 0x41));
    await dataInput(page).setInputFiles(bigData);
    await expect(alert(page)).toContainText(
      '"big.xlsx" is 51.00 MB; a data file can be at most 50 MB. Split it into smaller files',
    );
    await expect(templateInput(page)).toHaveValue('');
    await expect(dataInput(page)).toHaveValue('');
    await expect(page.getByTestId('chosen-file')).toHaveCount(0);

    // A .docx that is not a Word document is analysed and refused; the template is cleared.
    await templateInput(page).setInputFiles({
      name: 'fake.docx',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('not a zip'),
    });
    await expect(alert(page)).toContainText('The file is not a Word document');
    await expect(templateInput(page)).toHaveValue('');
    await expect(page.getByTestId('chosen-file')).toHaveCount(0);

    // A refused file leaves the accepted one in place, in the input too.
    await chooseTemplate(page, TEMPLATE);
    await templateInput(page).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(alert(page)).toHaveText(
      'Please select a valid Word template (.docx, .dotx or .docm)',
    );
    await expect(templateInput(page)).toHaveValue(/tagihan_template\.docx$/);
    await expect(page.getByTestId('chosen-file')).toHaveText('tagihan_template.docx (36.20 KB)');
  });

  test('the legacy .xls fixture loads, with no sheet selector for its single sheet', async ({
    page,
  }) => {
    await openGenerator(page);
    await dataInput(page).setInputFiles(LEGACY_WORKBOOK);
    await expect(counter(page)).toHaveText('Selected: 51 / 51 rows');
    await expect(page.getByRole('columnheader', { name: 'Nama Pelanggan' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sheet' })).toHaveCount(0);
  });

  test('a 10,000-row merge shows progress, animates nothing on the main thread and can be cancelled; the preview stays virtualised', async ({
    tempDir: dir,
    page,
  }) => {
    // Columns named exactly like the template's fields, so Auto-Map maps them all.
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      Object.fromEntries(
        FIELDS.map((field) => [
          field,
          field === 'nama_pelanggan' ? `Pelanggan ${i + 1}` : `${field} ${i + 1}`,
        ]),
      ),
    );
    const sheet = XLSX.utils.json_to_sheet(rows, { header: FIELDS });
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Data');
    const file = path.join(dir, 'pelanggan_10000.xlsx');
    writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }));

    // Every field forty times a document: a merge that takes seconds, so Cancel finds it running.
    const long = path.join(dir, 'tagihan_panjang.docx');
    const fieldsLine = paragraph(FIELDS.map((field) => `{${field}} `).join(''));
    writeFileSync(long, Buffer.from(buildDocx({ body: fieldsLine.repeat(40) })));

    await openGenerator(page);
    await chooseTemplate(page, long);
    await dataInput(page).setInputFiles(file);
    await expect(counter(page)).toHaveText('Selected: 10000 / 10000 rows', { timeout: 30_000 });

    // Only the rows in view are in the DOM, also after scrolling to the end.
    const bodyRows = page.getByRole('region', { name: 'Data preview' }).locator('[role=row]');
    expect(await bodyRows.count()).toBeLessThan(200);
    await page
      .getByRole('region', { name: 'Data preview' })
      .evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(
      page.getByRole('checkbox', { name: 'Select row 10000', exact: true }),
    ).toBeVisible();
    expect(await bodyRows.count()).toBeLessThan(200);

    await expect(page.getByRole('checkbox', { name: 'Select all rows' })).toBeChecked();
    await page.getByRole('button', { name: 'Auto-Map Similar Names' }).click();
    await expect(page.getByTitle('This field is not mapped yet')).toHaveCount(0);

    let downloads = 0;
    page.on('download', () => downloads++);
    await generateButton(page).click();
    await expect(page.getByText(/^\d+ \/ 10000 sections processed$/)).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();
    // Everything else is disabled while the merge runs.
    await expect(page.getByRole('button', { name: 'Reset' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Select None' })).toBeDisabled();
    await expect(templateInput(page)).toBeDisabled();

    // While it runs the page animates nothing that needs its main thread every frame (a task per
    // frame, stretched past 50 ms on a busy machine: docs/pictures.md, "Speed"): a progress step
    // starts no transition of the bar's width, every animation turns or fades (the compositor's
    // work), and the busy icon on Generate is a still image (Pico's animates inside its SVG).
    const cdp = await page.context().newCDPSession(page);
    const started: string[] = [];
    cdp.on('Animation.animationStarted', ({ animation }) => {
      if (animation.type === 'CSSTransition') started.push(animation.name);
    });
    await cdp.send('Animation.enable');
    const progressText = page.getByText(/^\d+ \/ 10000 sections processed$/);
    const nextStep = async () =>
      expect(progressText).not.toHaveText((await progressText.textContent()) ?? '');
    await nextStep();
    started.length = 0; // the click's own (the buttons' colours as they are disabled) are not the run's
    await nextStep();
    expect(started).toEqual([]);
    const animated = await page.evaluate(() =>
      document
        .getAnimations()
        .flatMap((a) => (a.effect instanceof KeyframeEffect ? a.effect.getKeyframes() : []))
        .flatMap((frame) => Object.keys(frame))
        .filter((key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key)),
    );
    expect(animated.length).toBeGreaterThan(0);
    expect(animated.every((property) => property === 'transform' || property === 'opacity')).toBe(
      true,
    );
    const icon = await generateButton(page).evaluate(
      (button) => getComputedStyle(button, '::before').backgroundImage,
    );
    expect(decodeURIComponent(icon)).toMatch(/^url\("data:image\/svg\+xml,<svg/);
    expect(decodeURIComponent(icon)).not.toMatch(/animat|<style/);
    await cdp.detach();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(alert(page)).toHaveText('Generation cancelled');
    await expect(page.getByText(/sections processed$/)).toHaveCount(0);
    await expect(generateButton(page)).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Reset' })).toBeEnabled();
    expect(downloads).toBe(0);

    // The worker was terminated; the next job gets a fresh one, and the workbook again (the page
    // sends only row indexes), so every selected row is exported.
    const [exported] = await Promise.all([
      page.waitForEvent('download'),
      exportButton(page).click(),
    ]);
    expect(exported.suggestedFilename()).toMatch(/\.xlsx$/);
    const exportedBook = XLSX.read(readFileSync(await exported.path()), { type: 'buffer' });
    const lines = XLSX.utils.sheet_to_json<string[]>(exportedBook.Sheets['Selected Data'], {
      header: 1,
    });
    expect(lines).toHaveLength(10_001);
    expect(lines[1]).toContain('Pelanggan 1');
    expect(lines[10_000]).toContain('Pelanggan 10000');
  });

  test('reset clears both files and everything else, and says so for a few seconds', async ({
    page,
  }) => {
    await openGenerator(page);
    await chooseTemplate(page, TEMPLATE);
    await dataInput(page).setInputFiles(WORKBOOK);
    await expect(counter(page)).toHaveText('Selected: 51 / 51 rows');

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByText('All data has been reset. You can start fresh!')).toBeVisible();
    await expect(page.getByTestId('chosen-file')).toHaveCount(0);
    await expect(templateInput(page)).toHaveValue('');
    await expect(dataInput(page)).toHaveValue('');
    await expect(counter(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Auto-Map Similar Names' })).toHaveCount(0);
    await expect(generateButton(page)).toHaveCount(0);
    await expect(page.getByText('All data has been reset. You can start fresh!')).toBeHidden({
      timeout: 6000,
    });

    // The same files can be chosen again after a reset.
    await chooseTemplate(page, TEMPLATE);
    await expect(page.getByText('tagihan_template.docx')).toBeVisible();
  });
});
