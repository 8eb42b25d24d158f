// E-mail each row with its PDF (issue 32), through the page on a server of its own (real
// LibreOffice) that mails to a real SMTP server in the test process: the run is merged once and
// converted once, each recipient gets exactly its own pages (a two-page invoice per row), and
// the rows mailed are those Generate makes: a total row (unselected), a row with one value (the
// merge skips it) and a row the user unselects get no mail, and the counts agree.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import * as XLSX from 'xlsx';
import { summaryBody } from '../api/business.support';
import { signInOn, startMailingNode } from '../support/deliveryJob';
import { pdfPages, pdfText } from '../support/pdfTools';
import { ADMIN_EMAIL, ADMIN_PASSWORD, call, stopNode, type Node } from '../support/serverProcess';
import type { SmtpSink } from '../support/smtpSink';
import { buildDocx, paragraph } from '../unit/workers/docxBuilder';

const PERIOD = '2025-07';
let node: Node | undefined;
let sink: SmtpSink | undefined;
let dir = '';

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'generator-email-pdf-'));
  ({ node, sink } = await startMailingNode('e2e-email-pdf'));
});
test.afterAll(async () => {
  await stopNode(node);
  await sink?.close();
  rmSync(dir, { recursive: true, force: true });
});

function files() {
  const templateFile = path.join(dir, 'tagihan.docx');
  const pageBreak = '<w:p><w:r><w:br w:type="page"/></w:r></w:p>';
  writeFileSync(
    templateFile,
    Buffer.from(
      buildDocx({
        body:
          paragraph('Tagihan {nomor} untuk {nama}: {total}') +
          pageBreak +
          paragraph('Rincian {nomor} halaman dua'),
      }),
    ),
  );
  const sheet = XLSX.utils.aoa_to_sheet([
    ['Nomor_Tagihan', 'Nama', 'Email', 'Total'],
    ['INV-P-1', 'PT Satu', 'satu@contoh.id', 1500],
    ['INV-P-2', 'PT Dua', 'dua@contoh.id', 2500],
    ['', '', 'tipis@contoh.id', ''],
    ['INV-P-4', 'PT Empat', 'empat@contoh.id', 4000],
    ['INV-P-5', 'PT Lima', 'lima@contoh.id', 5000],
    ['TOTAL', '', 'total@contoh.id', 13000],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Data');
  const dataFile = path.join(dir, 'pelanggan.xlsx');
  writeFileSync(dataFile, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return { templateFile, dataFile };
}

test('each row gets its own pages of one converted PDF; skipped rows get no mail', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const login = await call(node!, 'POST', '/api/v1/auth/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  const token = login.body.data.tokens.access_token;
  expect(
    (await call(node!, 'POST', '/api/v1/invoice-summaries', summaryBody(PERIOD), token)).status,
  ).toBe(201);

  const { templateFile, dataFile } = files();
  await signInOn(page, node!);
  await page.goto(`${node!.url}/invoice-document-generator`);
  await page.getByLabel('DOCX Template').setInputFiles(templateFile);
  // The machine may be busy: the template's analysis and the sheet's reading get a minute.
  await expect(page.getByLabel('DOCX Template')).toBeEnabled({ timeout: 60_000 });
  await page.getByLabel('Excel Data').setInputFiles(dataFile);
  // The total row starts unselected; the user leaves out PT Empat too.
  await expect(page.getByText('Selected: 5 / 6 rows')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('checkbox', { name: 'Select row 4', exact: true }).uncheck();
  await expect(page.getByText('Selected: 4 / 6 rows')).toBeVisible();
  for (const [field, column] of [
    ['nomor', 'Nomor_Tagihan'],
    ['nama', 'Nama'],
    ['total', 'Total'],
  ])
    await page.getByRole('combobox', { name: field, exact: true }).selectOption(column);
  // What Generate makes: 3 sections (the one-value row is skipped).
  await expect(
    page.getByRole('button', { name: 'Generate Merged Document (3 sections)' }),
  ).toBeVisible();

  await page
    .getByRole('combobox', { name: 'Output', exact: true })
    .selectOption({ label: 'E-mail each row (PDF attached)' });
  const mail = page.getByRole('region', { name: 'E-mail each row' });
  await mail.getByRole('textbox', { name: 'Subject' }).fill('Tagihan {nomor}');
  await mail.getByRole('textbox', { name: 'Message' }).fill('Yth. {nama}');
  await mail.getByRole('combobox', { name: 'Delivery period' }).selectOption(PERIOD);
  const preview = mail.getByRole('region', { name: /^Mail of row/ });
  await expect(preview).toContainText(/Tagihan_INV-P-1\.pdf \([\d.]+ (Bytes|KB)\)/, {
    timeout: 60_000,
  });
  await expect(mail.getByText('Every row has a valid address.')).toBeVisible();

  await mail.getByRole('button', { name: 'Send e-mails…' }).click();
  await expect(mail.getByText(`Send 3 e-mails for period ${PERIOD}`)).toBeVisible();
  await mail.getByRole('button', { name: 'Send 3 e-mails' }).click();
  await page.waitForURL((url) => url.pathname === '/deliveries', { timeout: 120_000 });
  await expect(page.getByText('Sent 3 of 3').first()).toBeVisible({ timeout: 60_000 });

  expect(sink!.received).toHaveLength(3);
  const byKey = new Map(sink!.received.map((m) => [m.subject!.replace('Tagihan ', ''), m]));
  expect([...byKey.keys()].sort()).toEqual(['INV-P-1', 'INV-P-2', 'INV-P-5']);
  const names = { 'INV-P-1': 'PT Satu', 'INV-P-2': 'PT Dua', 'INV-P-5': 'PT Lima' };
  for (const [key, message] of byKey) {
    const name = names[key as keyof typeof names];
    expect(message.text?.trim()).toBe(`Yth. ${name}`);
    expect(message.attachments).toHaveLength(1);
    const attached = message.attachments[0];
    expect(attached.filename).toBe(`Tagihan_${key}.pdf`);
    expect(attached.contentType).toBe('application/pdf');
    // Exactly its row: both of its pages, no page of another row.
    expect(await pdfPages(attached.content)).toBe(2);
    const text = await pdfText(attached.content);
    expect(text).toContain(`Tagihan ${key} untuk ${name}`);
    expect(text).toContain(`Rincian ${key} halaman dua`);
    expect(text.match(/INV-P-\d/g)!.every((k) => k === key)).toBe(true);
  }
  for (const address of ['tipis@contoh.id', 'total@contoh.id', 'empat@contoh.id'])
    expect(sink!.attempts.has(address)).toBe(false);
});
