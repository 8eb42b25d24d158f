// E-mail delivery (issue 32): 500 and 5,000 one-page invoices handed to a real server process
// (SQLite, MAIL_RATE=0: unthrottled) that mails them to a real SMTP server in this process.
// Split: making the merged PDF of the run (here pdf-lib; LibreOffice's conversion of a merged
// document is the `pdf` section), handing the job over (one multipart POST), and sending (job
// accepted → last message accepted). Messages per second, and the server's peak memory.
// Figures, not pass/fail (goal: 5,000 in ≤ 3 min, ≥ 50 msg/s, memory flat from 500 to 5,000).
// Then the page's hand-over of 500 .docx mails in headless Chromium (the harness page, the real
// worker bundle): the documents made through src/ui/wiring/sendMails.ts (one worker call: the
// per-row zip, handed over as one part) and the multipart body built, against the way it was done
// before (one worker call and one Blob part per mail) measured in the same run; time and the
// longest main-thread task (PerformanceObserver 'longtask'; goal: none over 50 ms). Last the same
// hand-over through the generator screen itself, from `Send n e-mails` to Pengiriman.
//   node --import tsx tests/bench/delivery.ts   (BENCH_DELIVERY_ROWS=500,5000, BENCH_HANDOVER_MAILS=500)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { benchContext } from './harness/context';
import { BENCH_FIELDS, benchRow, benchTemplate, benchWorkbook } from './harness/documents';
import { startHarness } from './harness/serve';
import { summaryBody } from '../api/business.support';
import { jobForm, mergedPdf, rowsFor } from '../support/deliveryJob';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  JWT_SECRET,
  startNode,
  stopNode,
} from '../support/serverProcess';
import { startSmtpSink } from '../support/smtpSink';

export async function screenHandoverProfiled(mails: number): Promise<string[]> {
  const period = '2025-10';
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-handover-screen-'));
  const node = await startNode('bench-handover-screen', {
    JWT_SECRET,
    DELIVERY_USER_DAILY_RECIPIENTS: '1000000',
    MAIL_DAILY_LIMIT: '1000000',
  });
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
  try {
    const login = await call(node, 'POST', '/api/v1/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    const token = login.body.data.tokens.access_token;
    const made = await call(node, 'POST', '/api/v1/invoice-summaries', summaryBody(period), token);
    if (made.status !== 201) throw new Error(`the period answered ${made.status}`);
    const templateFile = path.join(dir, 'tagihan.docx');
    const dataFile = path.join(dir, 'pelanggan.xlsx');
    writeFileSync(templateFile, benchTemplate());
    const sheet = XLSX.utils.json_to_sheet(
      Array.from({ length: mails }, (_, i) => ({ ...benchRow(i), email: `c${i + 1}@example.com` })),
      { header: [...BENCH_FIELDS, 'email'] },
    );
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Data');
    writeFileSync(dataFile, XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);

    const page = await (await benchContext(browser)).newPage();
    await page.goto(`${node.url}/signin`);
    await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/signin');
    await page.goto(`${node.url}/invoice-document-generator`);
    await page.getByLabel('DOCX Template').setInputFiles(templateFile);
    await page.waitForFunction(
      () => !document.querySelector('fieldset.gen-steps')?.hasAttribute('disabled'),
    );
    await page.getByLabel('Excel Data').setInputFiles(dataFile);
    await page.getByText(`Selected: ${mails} / ${mails} rows`).waitFor({ timeout: 300_000 });
    await page.getByRole('button', { name: 'Auto-Map Similar Names' }).click();
    await page
      .getByRole('combobox', { name: 'Output', exact: true })
      .selectOption({ label: 'E-mail each row (.docx attached)' });
    const mail = page.getByRole('region', { name: 'E-mail each row' });
    await mail.getByText('Every row has a valid address.').waitFor({ timeout: 120_000 });
    await mail.getByRole('combobox', { name: 'Delivery period' }).selectOption(period);
    await mail.getByRole('button', { name: 'Send e-mails…' }).click();
    const send = mail.getByRole('button', {
      name: `Send ${mails.toLocaleString('en-US')} e-mails`,
    });
    await send.waitFor();
    // The preview's attachment size (a worker call of its own) is done before the measure.
    await mail.getByText(/\.docx \([\d.]+ (Bytes|KB)\)/).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(300);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const from = await page.evaluate(() => performance.now());
    await send.click();
    await page.waitForURL((url) => url.pathname === '/deliveries', { timeout: 300_000 });
    const to = await page.evaluate(() => performance.now());
    await page.waitForTimeout(300);
    const { profile } = (await cdp.send('Profiler.stop')) as any;
    const { writeFileSync: w } = await import('node:fs');
    w('/tmp/mailui-handover.cpuprofile', JSON.stringify(profile));
    const longest = await page.evaluate(
      ({ from, to }) =>
        Math.max(
          0,
          ...window.__longtasks
            .filter((t) => t.start + t.duration >= from && t.start <= to)
            .map((t) => t.duration),
        ),
      { from, to },
    );
    return [
      `the screen's hand-over of ${mails} .docx mails (Send ${mails} e-mails → Pengiriman; goal: no task over 50 ms)`,
      `  ${'generator screen, real server'.padEnd(44)} ${((to - from) / 1000).toFixed(2)} s, longest main-thread task ${longest.toFixed(0)} ms`,
    ];
  } finally {
    await browser.close();
    await stopNode(node);
    rmSync(dir, { recursive: true, force: true });
  }
}


for (const line of await screenHandoverProfiled(500)) console.log(line);
