// Issue 31, rows that are not invoices: a billing export saved by LibreOffice (an instruction
// sheet, then the data under title rows, a hidden row, a filtered-out row, a TOTAL last row, a
// one-column sheet) opens on its data, names the rows left out, includes one with a click, and
// Generate counts what it will make; a template written for another tool is named.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';
import { expect, test } from './support/fixtures';

test.use({ signedIn: true });

const EXPORT = path.resolve('tests/fixtures/rows/tagihan_export.xlsx');

let dir = '';
test.beforeEach(async ({ page }) => {
  dir = mkdtempSync(path.join(tmpdir(), 'gen-rows-'));
  await page.goto('/invoice-document-generator');
});
test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

const templateInput = (page: Page) => page.getByLabel(/^(DOCX Template|Template DOCX)$/);

async function chooseTemplate(page: Page, body: string, name = 'tagihan.docx') {
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.from(buildDocx({ body })));
  await templateInput(page).setInputFiles(file);
  await expect(templateInput(page)).toBeEnabled();
}

test('the total and hidden rows start unselected, are named, and one click includes them', async ({
  page,
}) => {
  await chooseTemplate(page, paragraph('Yth. {Nama}, tagihan Anda {Total}'));
  await page.getByLabel('Excel Data').setInputFiles(EXPORT);

  // The data sheet is chosen, not the instruction sheet before it; every sheet stays listed.
  const sheet = page.getByRole('combobox', { name: 'Sheet' });
  await expect(sheet).toHaveValue('Data');
  await expect(sheet.getByRole('option')).toHaveText(['Petunjuk', 'Data', 'Satu kolom', 'Kosong']);

  const total = page.getByText('Row 11 looks like a total row and is not selected');
  const hidden = page.getByText('2 rows are hidden in the sheet (rows 7, 9) and are not selected');
  await expect(total).toBeVisible();
  await expect(hidden).toBeVisible();
  await expect(page.getByRole('img', { name: 'Total row (row 11 of the sheet)' })).toBeVisible();
  await expect(
    page.getByRole('img', { name: 'Hidden in the sheet (row 7 of the sheet)' }),
  ).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select row 7' })).not.toBeChecked();
  const generate = page.getByRole('button', { name: /^Generate Merged Document/ });
  await expect(generate).toHaveText('Generate Merged Document (4 sections)');

  await page.getByRole('button', { name: 'Include the total row' }).click();
  await expect(total).toHaveCount(0);
  await expect(hidden).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Select row 7' })).toBeChecked();
  await expect(generate).toHaveText('Generate Merged Document (5 sections)');

  await page.getByRole('button', { name: 'Include the hidden rows' }).click();
  await expect(hidden).toHaveCount(0);
  await expect(generate).toHaveText('Generate Merged Document (7 sections)');

  // A one-column sheet: its rows have fewer than 2 values, so nothing is offered, and the page says why.
  await sheet.selectOption('Satu kolom');
  await expect(generate).toHaveText('Generate Merged Document (0 sections)');
  await expect(generate).toBeDisabled();
  await expect(
    page.getByText('No document to make: every selected row has fewer than 2 values.', {
      exact: false,
    }),
  ).toBeVisible();

  // An empty sheet says so, and the picker stays to choose another.
  await sheet.selectOption('Kosong');
  await expect(page.locator('.gen-messages').getByRole('alert')).toContainText(
    'Excel file is empty',
  );
  await sheet.selectOption('Data');
  await expect(total).toBeVisible();
});

test('the notices and a template of another tool in Indonesian', async ({ page }) => {
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.reload();
  await chooseTemplate(page, paragraph('Yth. {Nama}, tagihan Anda {Total}'));
  await page.getByLabel('Data Excel').setInputFiles(EXPORT);
  await expect(
    page.getByText('Baris 11 tampak seperti baris total dan tidak dipilih'),
  ).toBeVisible();
  await expect(
    page.getByText('2 baris disembunyikan di lembar (baris 7, 9) dan tidak dipilih'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Ikutkan baris total' }).click();
  await expect(page.getByRole('button', { name: /\(5 bagian\)/ })).toBeVisible();
  await chooseTemplate(page, paragraph('Yth. +++INS Nama+++'), 'docx-templates.docx');
  await expect(page.locator('.gen-messages').getByRole('alert')).toHaveText(
    'Template ini memakai placeholder +++ +++; tulis {Nama} sebagai gantinya',
  );
});

test('a template written with {{ }} is named, with what to write instead', async ({ page }) => {
  await chooseTemplate(page, paragraph('Yth. {{ Nama }}, tagihan Anda {{ Total }}'));
  await expect(page.locator('.gen-messages').getByRole('alert')).toHaveText(
    'This template uses {{ }} placeholders; write {Nama} instead',
  );
});

test('on a phone the notices fit, their buttons work by keyboard, and axe finds nothing serious', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await chooseTemplate(page, paragraph('Yth. {Nama}, tagihan Anda {Total}'));
  await page.getByLabel('Excel Data').setInputFiles(EXPORT);
  const include = page.getByRole('button', { name: 'Include the total row' });
  await expect(include).toBeVisible();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  const box = await include.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= clientWidth).toBe(true);

  const { violations } = await new AxeBuilder({ page }).include('.gen-row-notices').analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await include.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Row 11 looks like a total row and is not selected')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Generate Merged Document/ })).toHaveText(
    'Generate Merged Document (5 sections)',
  );
});
