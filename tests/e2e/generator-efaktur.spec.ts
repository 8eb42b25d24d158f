// e-Faktur XML (Coretax) in Chromium against the real server: the seller is stored on Pengaturan
// Perusahaan, a sheet with errors is checked and its problems listed by row and column, the bad
// rows are deselected, the XML downloads and parses, the export and the upload are recorded, and
// the dashboard's fifth step rises.
import type { Page } from '@playwright/test';
import { DOMParser } from '@xmldom/xmldom';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { API_ROOT, apiLogin, expect, signInAs, test } from './support/fixtures';

const PERIOD = '2035-03';

// The worker reads and builds in the browser; the machine's two cores are shared.
test.describe.configure({ timeout: 180_000 });

function sheet(dir: string): string {
  const rows = [
    ['Nomor Tagihan', 'Nama Pelanggan', 'NPWP', 'Alamat', 'Email', 'Jumlah'],
    ['INV/2035/03/1', 'PT Satu & Rekan', '0123456789012345', 'Jl. Satu 1', 'a@example.com', 100000],
    ['INV/2035/03/2', 'PT Dua', 123456789012345, 'Jl. Dua 2', '', 250000],
    ['INV/2035/03/3', 'CV Tiga <Tbk>', '0223456789012345', 'Jl. Tiga 3', '', 75000],
    ['INV/2035/03/4', 'PT Empat', '0323456789012345', 'Jl. Empat 4', '', 0],
    ['INV/2035/03/5', 'Bu Lima', '', 'Jl. Lima 5', '', 50000],
  ];
  const file = path.join(dir, 'faktur_2035-03.xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Faktur');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return file;
}

async function seed(page: Page) {
  const { accessToken } = await apiLogin(page.request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const summary = await page.request.post(`${API_ROOT}/invoice-summaries`, {
    headers,
    data: {
      invoice_period: PERIOD,
      number_of_active_customer: 4,
      number_of_total_transaction: 4,
      amount_of_local_voice_transaction: 1_000_000,
      url_shared_file_draft_invoice: 'https://drive.example.com/draft',
      url_shared_folder_invoice: 'https://drive.example.com/invoices',
    },
  });
  expect([201, 409], await summary.text()).toContain(summary.status());
}

test('Pengaturan Perusahaan, then e-Faktur: errors by row, deselect, download, record export and upload', async ({
  page,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'efaktur-'));
  try {
    await seed(page);
    await signInAs(page);

    // The seller, kept once by an administrator; a 15-digit NPWP is refused naming the rule.
    await page.getByRole('link', { name: 'Pengaturan Perusahaan' }).click();
    await expect(
      page.getByRole('heading', { name: 'Pengaturan Perusahaan', level: 1 }),
    ).toBeVisible();
    await page.getByLabel('NPWP Penjual').fill('123456789012345');
    await page.getByLabel('NITKU Penjual').fill('0123456789012345000000');
    await page.getByLabel('Nama Penjual').fill('PT Telko Contoh');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(
      page.getByText('NPWP Penjual must be exactly 16 digits (0-9, no dots or dashes)'),
    ).toBeVisible();
    await page.getByLabel('NPWP Penjual').fill('0123456789012345');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Company settings saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('NPWP Penjual')).toHaveValue('0123456789012345');

    // The generator without a template: the sheet alone, then Output e-Faktur XML (Coretax).
    await page.goto('/invoice-document-generator');
    await page.getByLabel('Excel Data').setInputFiles(sheet(dir));
    // The worker's first read loads its libraries: slow on a busy machine.
    await expect(page.getByText(/^Selected: \d+ \/ 5 rows$/)).toBeVisible({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Select All' }).click();
    const panel = page.getByRole('region', { name: 'Step 4: Generate Documents' });
    await panel
      .getByRole('combobox', { name: 'Output', exact: true })
      .selectOption({ label: 'e-Faktur XML (Coretax)' });
    const mapping = page.getByRole('region', { name: 'Step 3: Map Coretax Fields' });
    await expect(mapping.getByRole('combobox', { name: 'NPWP Pembeli' })).toHaveValue('NPWP');
    await expect(mapping.getByRole('combobox', { name: 'Jumlah (DPP)' })).toHaveValue('Jumlah');
    await panel.getByLabel('Tax period (invoice summary)').fill(PERIOD);
    await panel.getByLabel('Invoice date (when no column holds it)').fill('2035-03-31');
    // No template: nothing to generate, only the e-Faktur download.
    await expect(panel.getByRole('button', { name: /^Generate/ })).toHaveCount(0);

    const download = panel.getByRole('button', { name: 'Download e-Faktur (5 faktur)' });
    await download.click();
    const problems = panel.getByRole('table', { name: /^Nothing was downloaded/ });
    await expect(problems.getByRole('row')).toHaveCount(4);
    await expect(problems.getByRole('row', { name: /^2 NPWP .*leading 0 was lost/ })).toBeVisible();
    await expect(
      problems.getByRole('row', { name: /^4 Jumlah The amount must be a number above zero/ }),
    ).toBeVisible();
    await expect(
      problems.getByRole('row', { name: /^5 NPWP Neither an NPWP nor a NIK/ }),
    ).toBeVisible();

    for (const n of [2, 4, 5])
      await page.getByRole('checkbox', { name: `Select row ${n}`, exact: true }).uncheck();
    const downloaded = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download e-Faktur (2 faktur)' }).click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toBe(`eFaktur_${PERIOD}_1.xml`);
    const xml = readFileSync((await file.path())!, 'utf8');
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    expect(doc.getElementsByTagName('TIN')[0].textContent).toBe('0123456789012345');
    const names = Array.from(doc.getElementsByTagName('BuyerName'), (n) => n.textContent);
    expect(names).toEqual(['PT Satu & Rekan', 'CV Tiga <Tbk>']);
    expect(doc.getElementsByTagName('OtherTaxBase')[0].textContent).toBe('91666.67');
    expect(doc.getElementsByTagName('VAT')[0].textContent).toBe('11000.0');
    await expect(panel.getByText(`2 faktur downloaded as eFaktur_${PERIOD}_1.xml.`)).toBeVisible();

    // The same invoices again: a warning before anything downloads.
    await panel.getByRole('button', { name: 'Download e-Faktur (2 faktur)' }).click();
    await expect(
      panel.getByText(/2 of these invoices were exported to e-Faktur before/),
    ).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Export again anyway' })).toBeVisible();

    await panel.getByRole('button', { name: 'Record uploaded' }).click();
    await expect(panel.getByText('2 faktur recorded as uploaded to Coretax.')).toBeVisible();
    await expect(panel.getByText(/^Uploaded 2 faktur/)).toBeVisible();
    await expect(panel.getByText(/^Exported 2 faktur/)).toBeVisible();

    await page.goto(`/dashboard?period=${PERIOD}`);
    await expect(page.getByRole('progressbar', { name: 'Upload Faktur Pajak 50%' })).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const GROUPED_PERIOD = '2035-04';

/** The seller and the period's summary, through the API (the first test saves them by hand). */
async function seedGrouped(page: Page) {
  const { accessToken } = await apiLogin(page.request);
  const headers = { Authorization: `Bearer ${accessToken}` };
  const current = await page.request.get(`${API_ROOT}/company-settings`, { headers });
  const saved = await page.request.put(`${API_ROOT}/company-settings`, {
    headers: { ...headers, 'If-Match': current.headers()['etag'] },
    data: {
      seller_npwp: '0123456789012345',
      seller_nitku: '0123456789012345000000',
      seller_name: 'PT Telko Contoh',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const summary = await page.request.post(`${API_ROOT}/invoice-summaries`, {
    headers,
    data: {
      invoice_period: GROUPED_PERIOD,
      number_of_active_customer: 2,
      number_of_total_transaction: 3,
      amount_of_local_voice_transaction: 1_000_000,
      url_shared_file_draft_invoice: 'https://drive.example.com/draft',
      url_shared_folder_invoice: 'https://drive.example.com/invoices',
    },
  });
  expect([201, 409], await summary.text()).toContain(summary.status());
}

test("Group rows by makes one faktur per customer: a line per row, or one with the group's sum", async ({
  page,
  tempDir,
}) => {
  await seedGrouped(page);
  await signInAs(page);
  const rows = [
    ['Nomor Tagihan', 'Nama Pelanggan', 'NPWP', 'Alamat', 'Jumlah'],
    ['INV/2035/04/A', 'PT Alfa', '0123456789012345', 'Jl. Alfa 1', 100000],
    ['INV/2035/04/B', 'PT Beta', '0223456789012345', 'Jl. Beta 2', 40000],
    ['INV/2035/04/A', 'PT Alfa', '0123456789012345', 'Jl. Alfa 1', 20000.5],
  ];
  const file = path.join(tempDir, 'faktur_2035-04.xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Faktur');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

  await page.goto('/invoice-document-generator');
  await page.getByLabel('Excel Data').setInputFiles(file);
  await expect(page.getByText('Selected: 3 / 3 rows')).toBeVisible({ timeout: 60_000 });
  const step4 = page.getByRole('region', { name: 'Step 4: Generate Documents' });
  await step4
    .getByRole('combobox', { name: 'Output', exact: true })
    .selectOption({ label: 'e-Faktur XML (Coretax)' });
  await expect(step4.getByRole('button', { name: 'Download e-Faktur (3 faktur)' })).toBeVisible();
  const step3 = page.getByRole('region', { name: 'Step 3: Map Coretax Fields' });
  await step3.getByRole('combobox', { name: 'Group rows by' }).selectOption('Nomor Tagihan');
  await step4.getByLabel('Tax period (invoice summary)').fill(GROUPED_PERIOD);
  await step4.getByLabel('Invoice date (when no column holds it)').fill('2035-04-30');

  const xmlOf = async () => {
    const downloaded = page.waitForEvent('download');
    await step4.getByRole('button', { name: 'Download e-Faktur (2 faktur)' }).click();
    const again = step4.getByRole('button', { name: 'Export again anyway' });
    // The second export of the same invoices warns first.
    const file = await Promise.race([
      downloaded,
      again.waitFor().then(async () => {
        await again.click();
        return downloaded;
      }),
    ]);
    const doc = new DOMParser().parseFromString(
      readFileSync((await file.path())!, 'utf8'),
      'text/xml',
    );
    return Array.from(doc.getElementsByTagName('TaxInvoice'), (invoice) => ({
      ref: invoice.getElementsByTagName('RefDesc')[0].textContent,
      prices: Array.from(invoice.getElementsByTagName('Price'), (p) => p.textContent),
    }));
  };

  // One GoodService per row (the default).
  expect(await xmlOf()).toEqual([
    { ref: 'INV/2035/04/A', prices: ['100000.0', '20000.5'] },
    { ref: 'INV/2035/04/B', prices: ['40000.0'] },
  ]);
  // One line with the group's sum.
  await step3.getByRole('radio', { name: 'One line with the group’s sum' }).check();
  expect(await xmlOf()).toEqual([
    { ref: 'INV/2035/04/A', prices: ['120000.5'] },
    { ref: 'INV/2035/04/B', prices: ['40000.0'] },
  ]);
});

test('Pengaturan Perusahaan on a phone, in Bahasa Indonesia, by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page);
  await page.evaluate(() => localStorage.setItem('language', 'id'));
  await page.goto('/company-settings');
  await expect(
    page.getByRole('heading', { name: 'Pengaturan Perusahaan', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('16 digit, seperti di Coretax.')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByLabel('NITKU Penjual').fill('123');
  await page.getByLabel('NITKU Penjual').press('Enter');
  await expect(
    page.getByText(
      'NITKU Penjual harus tepat 22 digit: 16 digit NPWP dan 6 digit TKU (000000 untuk kantor pusat)',
    ),
  ).toBeVisible();
  // The QRIS check speaks Indonesian too, naming what is wrong where.
  await page.getByLabel('NITKU Penjual').fill('0123456789012345000000');
  await page.getByLabel('QRIS Statis').fill('hello');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(
    page.getByText('QRIS statis bukan payload QR EMVCo: "he" pada karakter 1 bukan tag.'),
  ).toBeVisible();
  await page.getByLabel('QRIS Statis').fill('000201010211');
  await page.getByRole('button', { name: 'Simpan' }).click();
  await expect(
    page.getByText('QRIS statis tidak diakhiri CRC-nya (tag 63, empat digit heksadesimal).'),
  ).toBeVisible();
  // The button lies within the phone's width.
  const box = (await page.getByRole('button', { name: 'Simpan' }).boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
