// E-mail each row from the generator (issue 32): a sheet with an e-mail column is mapped, the mail
// of the previewed row shows, the rows that will not be sent are named, and after the confirmation
// the job is handed to the server once and Pengiriman shows it (the e2e server has no SMTP_URL: the
// mails go to the outbox).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';
import { API_ROOT, apiLogin, expect, signInAs, test } from './support/fixtures';

const PERIOD = '2039-11';
/** Keys of this run: a key queued by an earlier run of the test on the same database is not skipped. */
const RUN = Date.now().toString(36).toUpperCase();

function workbook(): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Nomor_Tagihan', 'Nama', 'Email', 'Total'],
    [`INV-${RUN}-1`, 'PT Satu', 'satu@contoh.id', 1500000],
    [`INV-${RUN}-2`, 'PT Dua', 'dua@contoh.id; finance@dua.id', 2000000],
    [`INV-${RUN}-3`, 'PT Tiga', '', 3000000],
    [`INV-${RUN}-4`, 'PT Empat', 'bukan alamat', 4000000],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Data');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

test('the rows are e-mailed once after a confirmation, and Pengiriman shows the job', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { accessToken } = await apiLogin(request);
  const seeded = await request.post(`${API_ROOT}/invoice-summaries`, {
    data: {
      invoice_period: PERIOD,
      number_of_active_customer: 10,
      number_of_total_transaction: 10,
      url_shared_file_draft_invoice: 'https://drive.example.com/draft',
    },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect([201, 409]).toContain(seeded.status());

  const dir = mkdtempSync(path.join(tmpdir(), 'generator-email-'));
  try {
    const templateFile = path.join(dir, 'tagihan.docx');
    const dataFile = path.join(dir, 'pelanggan.xlsx');
    writeFileSync(
      templateFile,
      Buffer.from(buildDocx({ body: paragraph('Tagihan {nomor} untuk {nama}: {total}') })),
    );
    writeFileSync(dataFile, workbook());
    await signInAs(page);
    await page.goto('/invoice-document-generator');
    await page.getByLabel('DOCX Template').setInputFiles(templateFile);
    await expect(page.getByLabel('DOCX Template')).toBeEnabled({ timeout: 60_000 });
    await page.getByLabel('Excel Data').setInputFiles(dataFile);
    await expect(page.getByText('Selected: 4 / 4 rows')).toBeVisible();
    for (const [field, column] of [
      ['nomor', 'Nomor_Tagihan'],
      ['nama', 'Nama'],
      ['total', 'Total'],
    ])
      await page.getByRole('combobox', { name: field, exact: true }).selectOption(column);
    await page
      .getByRole('combobox', { name: 'Format for total', exact: true })
      .selectOption({ label: 'Rupiah' });

    // The e-mail outputs are entries of the Output control; PDF conversion is on, so the PDF one
    // is offered too. This run attaches each row's .docx. Generate and Export are not offered.
    const output = page.getByRole('combobox', { name: 'Output', exact: true });
    await expect(
      output.getByRole('option', { name: 'E-mail each row (PDF attached)' }),
    ).toBeAttached();
    await output.selectOption({ label: 'E-mail each row (.docx attached)' });
    await expect(page.getByRole('button', { name: /^Generate / })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export XLSX' })).toBeHidden();
    const mail = page.getByRole('region', { name: 'E-mail each row' });
    // The address column and the invoice key are picked from the sheet.
    await expect(mail.getByRole('combobox', { name: 'Send to' })).toHaveValue('Email');
    await expect(mail.getByRole('combobox', { name: 'Invoice key' })).toHaveValue('Nomor_Tagihan');
    await mail.getByRole('textbox', { name: 'Subject' }).fill('Tagihan {nomor} periode November');
    await mail.getByRole('textbox', { name: 'Message' }).fill('Yth. {nama},\ntotal {total}.');
    await mail.getByRole('combobox', { name: 'Delivery period' }).selectOption(PERIOD);

    // Another output and back: what was written stays.
    await output.selectOption({ label: 'One merged document' });
    await expect(mail).toBeHidden();
    await output.selectOption({ label: 'E-mail each row (.docx attached)' });
    await expect(mail.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Tagihan {nomor} periode November',
    );
    await expect(mail.getByRole('combobox', { name: 'Delivery period' })).toHaveValue(PERIOD);

    // The mail of the row Preview Row shows: the first selected row.
    const preview = mail.getByRole('region', { name: /^Mail of row/ });
    await expect(preview).toContainText('satu@contoh.id');
    await expect(preview).toContainText(`Tagihan INV-${RUN}-1 periode November`);
    await expect(preview).toContainText('total Rp 1.500.000.');
    await expect(preview).toContainText(
      new RegExp(`Tagihan_INV-${RUN}-1\\.docx \\([\\d.]+ (Bytes|KB)\\)`),
    );

    // What will not be sent, named by row.
    await expect(mail.getByText(/^1 row has no valid address: row \d+$/)).toBeVisible();
    await expect(mail.getByText(/^1 row has an address that is not valid: row \d+$/)).toBeVisible();

    // Indonesian texts, and the panel fits a phone's width.
    await page.getByRole('button', { name: /^User menu / }).click();
    await page.locator('.app-user-menu').getByLabel('Language').selectOption('id');
    const surat = page.getByRole('region', { name: 'E-mail per baris' });
    await expect(surat.getByRole('combobox', { name: 'Kirim ke' })).toHaveValue('Email');
    await expect(surat.getByText(/^1 baris tanpa alamat yang valid: baris \d+$/)).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await surat.boundingBox())!.width).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    const menuLanguage = page.locator('.app-user-menu').getByLabel('Language');
    if (!(await menuLanguage.isVisible()))
      await page.getByRole('button', { name: /^Menu pengguna / }).click();
    await menuLanguage.selectOption({ label: 'English' });
    await page.keyboard.press('Escape');
    await expect(menuLanguage).toBeHidden();

    await mail.getByRole('button', { name: 'Send e-mails…' }).click();
    await expect(mail.getByText(`Send 2 e-mails for period ${PERIOD}`)).toBeVisible();
    // The server's answer held back: while the job is handed over, the file inputs and Reset take
    // no input, and a mapping changed shows the machine's again (it takes no edit then).
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    let posted!: () => void;
    const handing = new Promise<void>((resolve) => (posted = resolve));
    await page.route(/\/api\/v1\/deliveries$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posted();
      await held;
      await route.continue();
    });
    await mail.getByRole('button', { name: 'Send 2 e-mails' }).click();
    await handing;
    await expect(page.getByLabel('Excel Data')).toBeDisabled();
    await expect(page.getByLabel('DOCX Template')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Reset' })).toBeDisabled();
    // Send and Cancel at once, the e-mail fields and the Output in a render after the click's.
    await expect(mail.getByRole('button', { name: 'Send 2 e-mails' })).toBeDisabled();
    await expect(mail.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(mail.getByRole('textbox', { name: 'Subject' })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Output', exact: true })).toBeDisabled();
    const nama = page.getByRole('combobox', { name: 'nama', exact: true });
    await nama.selectOption('Email');
    await expect(nama).toHaveValue('Nama');
    answer();

    await page.waitForURL((url) => url.pathname === '/deliveries');
    expect(new URL(page.url()).searchParams.get('period')).toBe(PERIOD);
    await expect(page.getByText(/Job \d+ by /).first()).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the rows that will not be sent are counted and every one is named', async ({ page }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'generator-email-list-'));
  try {
    const templateFile = path.join(dir, 'tagihan.docx');
    const dataFile = path.join(dir, 'pelanggan.xlsx');
    writeFileSync(
      templateFile,
      Buffer.from(buildDocx({ body: paragraph('Tagihan {nomor} untuk {nama}') })),
    );
    // 30 rows: the first two with an address, 28 without (sheet rows 4 to 31).
    const rows = Array.from({ length: 30 }, (_, i) => [
      `INV-L-${i + 1}`,
      `PT ${i + 1}`,
      i < 2 ? `c${i + 1}@contoh.id` : '',
    ]);
    const sheet = XLSX.utils.aoa_to_sheet([['Nomor_Tagihan', 'Nama', 'Email'], ...rows]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Data');
    writeFileSync(dataFile, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    await signInAs(page);
    await page.goto('/invoice-document-generator');
    await page.getByLabel('DOCX Template').setInputFiles(templateFile);
    await expect(page.getByLabel('DOCX Template')).toBeEnabled({ timeout: 60_000 });
    await page.getByLabel('Excel Data').setInputFiles(dataFile);
    await expect(page.getByText('Selected: 30 / 30 rows')).toBeVisible({ timeout: 60_000 });
    await page
      .getByRole('combobox', { name: 'Output', exact: true })
      .selectOption({ label: 'E-mail each row (.docx attached)' });
    const mail = page.getByRole('region', { name: 'E-mail each row' });
    await mail.getByRole('combobox', { name: 'Send to' }).selectOption('Email');
    const first20 = Array.from({ length: 20 }, (_, i) => i + 4).join(', ');
    await expect(
      mail.getByText(`28 rows have no valid address: rows ${first20} and 8 more`),
    ).toBeVisible();
    await mail.getByText('Show all 28 rows').click();
    const all = Array.from({ length: 28 }, (_, i) => i + 4).join(', ');
    await expect(mail.getByText(all, { exact: true })).toBeVisible();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
