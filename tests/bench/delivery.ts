// E-mail delivery (issue 32): 500 and 5,000 one-page invoices handed to a real server process
// (the compiled server as npm start runs it, SQLite, MAIL_RATE=0: unthrottled) that mails them to
// a real SMTP server in this process. The invoices take the path a user's take: the bench's
// one-page template merged with the rows (src/workers/merge, one section a row), converted by that
// same server (POST /documents/pdf: sanitiser, warm sandboxed LibreOffice slots, chunks joined by
// src/server/pdf/join.ts), then handed over as the job's merged PDF with a page per recipient.
// Split: merging, conversion, handing the job over (one multipart POST), and sending (job
// accepted → last message accepted). Messages per second, the server's CPU time while sending,
// its resident memory at its largest in each phase (the kernel's peak is reset between phases:
// /proc/<pid>/clear_refs), at the last mail, and the load average of the machine at the end (other
// work on it slows everything), and which part of the server's memory was at its largest during the
// hand-over and during the sending (sampled inside the server by harness/serverHeap.mjs: V8's young
// generation, its old space, and the Buffers outside the heap). The SMTP server counts the messages
// without parsing them (the tests parse every one): in this process it would take CPU from the
// server measured. Beside it, in the same run, the baseline: the same mails sent by a bare
// nodemailer pool from this process.
// Figures, not pass/fail (goal: 5,000 in ≤ 3 min, ≥ 50 msg/s, memory flat from 500 to 5,000).
// Then the page's hand-over of 500 .docx mails in headless Chromium (the harness page, the real
// worker bundle): the documents made through src/ui/wiring/sendMails.ts (one worker call: the
// per-row zip, handed over as one part) and the multipart body built, against the way it was done
// before (one worker call and one Blob part per mail) measured in the same run; time and the
// longest main-thread task (PerformanceObserver 'longtask'; goal: none over 50 ms). Last the same
// hand-over through the generator screen itself, from `Send n e-mails` to Pengiriman.
//   node --import tsx tests/bench/delivery.ts   (BENCH_DELIVERY_ROWS=500,5000, BENCH_HANDOVER_MAILS=500; 0 skips both)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as XLSX from 'xlsx';
import nodemailer from 'nodemailer';
import { PDFDocument } from '@cantoo/pdf-lib';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium';
import { benchContext } from './harness/context';
import { BENCH_FIELDS, benchRow, benchTemplate, benchWorkbook } from './harness/documents';
import { startHarness } from './harness/serve';
import * as pdfLib from '@cantoo/pdf-lib';
import { pdfPageCount } from '../../src/server/delivery/pdfCut';
import { loadPdfConfig } from '../../src/server/pdf';
import { mergeDocuments } from '../../src/workers/merge';
import { summaryBody } from '../api/business.support';
import { jobForm, rowsFor } from '../support/deliveryJob';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  JWT_SECRET,
  startNode,
  stopNode,
  type Node,
} from '../support/serverProcess';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';

/** The process's peak (VmHWM) and current (VmRSS) resident memory, MB. */
function rssMb(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { peak: kb('VmHWM'), now: kb('VmRSS') };
}

/**
 * The server's memory parts at their largest since the last call (harness/serverHeap.mjs, which
 * writes them on SIGUSR2), MB.
 */
async function heapPeaks(pid: number, file: string): Promise<Record<string, number>> {
  const seq = () => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    } catch {
      return { seq: 0 };
    }
  };
  const before = seq().seq;
  process.kill(pid, 'SIGUSR2');
  for (;;) {
    const now = seq();
    if (now.seq > before) return now;
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** User + system CPU seconds the process has used. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The merged document of `rows` one-page invoices, a section a row, as the worker makes it. */
async function mergedDocx(rows: number): Promise<Uint8Array> {
  const result = await mergeDocuments({
    template: benchTemplate().slice().buffer as ArrayBuffer,
    rows: Array.from({ length: rows }, (_, i) => benchRow(i)),
    mapping: Object.fromEntries(BENCH_FIELDS.map((f) => [f, f])),
    markSections: true,
  });
  return new Uint8Array(result.bytes);
}

/** The server's conversion of a merged document (the page's `One PDF`), its pages counted. */
async function convert(node: Node, token: string, docx: Uint8Array): Promise<Buffer> {
  const res = await fetch(`${node.url}/api/v1/documents/pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
    body: docx as Uint8Array<ArrayBuffer>,
  });
  if (res.status !== 200) throw new Error(`conversion answered ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** The kernel's peak of the process's resident memory starts again from what it holds now. */
const resetRssPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function once(rows: number): Promise<string> {
  const sink = await startSmtpSink(0, false);
  const heapDir = mkdtempSync(path.join(tmpdir(), 'bench-delivery-heap-'));
  const heapFile = path.join(heapDir, 'peaks.json');
  // The compiled server with npm start's V8 flag: its memory is what a user's server holds.
  const node = await startNode(
    `bench-delivery-${rows}`,
    {
      SMTP_URL: sink.url,
      MAIL_RATE: '0',
      MAIL_DAILY_LIMIT: '1000000',
      DELIVERY_USER_DAILY_RECIPIENTS: '1000000',
      JWT_SECRET,
      PDF_TIMEOUT: '1h',
      NODE_OPTIONS: `--import ${pathToFileURL(path.resolve('tests/bench/harness/serverHeap.mjs')).href}`,
      SERVER_HEAP_FILE: heapFile,
    },
    undefined,
    { compiled: true },
  );
  try {
    const login = await call(node, 'POST', '/api/v1/auth/login', {
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
    });
    const token = login.body.data.tokens.access_token;
    await call(
      node,
      'POST',
      '/api/v1/invoice-summaries',
      summaryBody('2025-08', { number_of_total_transaction: 100_000 }),
      token,
    );
    const recipients = rowsFor(Array.from({ length: rows }, (_, i) => `c${i + 1}@example.com`));
    let t = performance.now();
    const docx = await mergedDocx(rows);
    const merging = performance.now() - t;
    t = performance.now();
    const pdf = await convert(node, token, docx);
    const converting = performance.now() - t;
    const convertedRss = rssMb(node.process.pid!).peak;
    const pageCount = await pdfPageCount(pdfLib, pdf);
    // One page a recipient, or the pages named in the job would be another row's.
    if (pageCount !== rows) throw new Error(`${rows} invoices converted to ${pageCount} pages`);
    const convertedHeap = await heapPeaks(node.process.pid!, heapFile);
    resetRssPeak(node.process.pid!);
    t = performance.now();
    const res = await fetch(`${node.url}/api/v1/deliveries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: jobForm({ period: '2025-08', recipients }, pdf),
    });
    if (res.status !== 201) throw new Error(`handover answered ${res.status}`);
    const handover = performance.now() - t;
    t = performance.now();
    const cpuBefore = cpuSeconds(node.process.pid!);
    const handedRss = rssMb(node.process.pid!).peak;
    const handedHeap = await heapPeaks(node.process.pid!, heapFile);
    resetRssPeak(node.process.pid!);
    while (sink.accepted < rows) await new Promise((r) => setTimeout(r, 20));
    const sending = performance.now() - t;
    const cpu = cpuSeconds(node.process.pid!) - cpuBefore;
    const rss = rssMb(node.process.pid!);
    const sendingHeap = await heapPeaks(node.process.pid!, heapFile);
    // The sender's worker thread (and any other thread) reports its own heap: `thread<id>_<space>`.
    const threads = (h: Record<string, number>) =>
      [...new Set(Object.keys(h).flatMap((k) => /^(thread\d+)_/.exec(k)?.[1] ?? []))]
        .map((t) => `; ${t}: young ${h[`${t}_new_space`]} MB, old ${h[`${t}_old_space`]} MB`)
        .join('');
    const parts = (h: Record<string, number>) =>
      `young generation ${h.new_space} MB, old space ${h.old_space} MB, code ${h.code_space} MB, ` +
      `heap used ${h.heapUsed} MB, external ${h.external} MB${threads(h)}`;
    const bare = await bareSending(sink, recipients, pdf);
    return [
      `  ${String(rows).padStart(5)} invoices: merge ${(merging / 1000).toFixed(1)} s, ` +
        `conversion ${(converting / 1000).toFixed(1)} s (${(pdf.length / 1e6).toFixed(1)} MB PDF, server RSS peak ${convertedRss.toFixed(0)} MB), ` +
        `handover ${(handover / 1000).toFixed(1)} s, sending ${(sending / 1000).toFixed(1)} s, ` +
        `${(rows / (sending / 1000)).toFixed(0)} msg/s (server CPU ${cpu.toFixed(1)} s), ` +
        `total ${((merging + converting + handover + sending) / 1000).toFixed(1)} s, ` +
        `server RSS peak while sending ${rss.peak.toFixed(0)} MB (hand-over ${handedRss.toFixed(0)} MB), ` +
        `at the last mail ${rss.now.toFixed(0)} MB (load average ${loadavg()[0].toFixed(1)})`,
      `         the server's memory at its largest, conversion: ${parts(convertedHeap)}`,
      `                                            hand-over: ${parts(handedHeap)}`,
      `                                            sending: ${parts(sendingHeap)}`,
      `         baseline, a bare nodemailer pool from the bench process (no DB, one PDF for all): ` +
        `${(bare / 1000).toFixed(1)} s, ${(rows / (bare / 1000)).toFixed(0)} msg/s; ` +
        `the server's sending takes ×${(sending / bare).toFixed(2)} its time`,
    ].join('\n');
  } finally {
    await stopNode(node);
    await sink.close();
    rmSync(heapDir, { recursive: true, force: true });
  }
}

/**
 * The same mails sent by nodemailer's pooled transport alone (the server's connections and mails
 * in flight), the attachment cut once: what the SMTP conversation costs without the product.
 */
async function bareSending(
  sink: SmtpSink,
  recipients: ReturnType<typeof rowsFor>,
  pdf: Uint8Array,
): Promise<number> {
  const merged = await PDFDocument.load(pdf);
  const one = await PDFDocument.create();
  one.addPage((await one.copyPages(merged, [0]))[0]);
  const content = Buffer.from(await one.save());
  const transport = nodemailer.createTransport({
    url: sink.url,
    pool: true,
    maxConnections: 5,
  } as never);
  const before = sink.accepted;
  const from = performance.now();
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < recipients.length; i = next++) {
      const r = recipients[i];
      await transport.sendMail({
        from: 'Billing <billing@example.com>',
        to: r.to,
        subject: r.subject,
        text: r.message,
        attachments: [
          { filename: `Tagihan_${r.key}.pdf`, content, contentType: 'application/pdf' },
        ],
      });
    }
  };
  // As many in flight as the server keeps (MAIL_CONNECTIONS × 4).
  await Promise.all(Array.from({ length: 20 }, lane));
  while (sink.accepted - before < recipients.length) await new Promise((r) => setTimeout(r, 5));
  const ms = performance.now() - from;
  transport.close();
  return ms;
}

interface Handover {
  ms: number;
  longest: number;
  bytes: number;
}

/** One hand-over of `mails` .docx mails in the page: 'batch' as the page does it now, 'perMail' as before. */
function handover(page: Page, mails: number, way: 'batch' | 'perMail'): Promise<Handover> {
  return page.evaluate(
    async ({ mails, way, fields }) => {
      const { bridge, mail } = window.__bench;
      const blob = async (url: string, name: string) =>
        new File([await (await fetch(url)).blob()], name);
      const dataFile = await blob(`/files/bench_handover_${mails}.xlsx`, 'pelanggan.xlsx');
      const templateFile = await blob('/files/bench_template.docx', 'tagihan.docx');
      const loaded = await bridge.readWorkbook(dataFile);
      const context = {
        ...mail.initialGeneratorContext,
        templateFile,
        dataFile,
        selectedSheet: loaded.sheet,
        headers: loaded.table.headers,
        table: loaded.table,
        ...mail.allSelected(loaded.table.rowCount),
        mapping: Object.fromEntries(fields.map((f) => [f, f])),
      };
      const list = Array.from({ length: mails }, (_, i) => ({
        index: i,
        mail: {
          row: i + 2,
          key: `INV-${i + 1}`,
          to: `c${i + 1}@example.com`,
          subject: `Tagihan INV-${i + 1}`,
          message: 'Terlampir tagihan Anda.',
          attachment: `Tagihan_INV-${i + 1}.docx`,
          refusal: null,
        },
      }));
      // Warm: the worker holds the workbook and has compiled the template.
      await bridge.generate({
        ...mail.generationJob(context),
        rows: Uint32Array.of(0),
        output: { kind: 'merged' },
      });
      await new Promise((r) => setTimeout(r, 200));
      const from = performance.now();
      const form = new FormData();
      if (way === 'batch') {
        const made = await mail.mailDocuments(context, { attachment: 'docx', mails: list });
        form.append('job', JSON.stringify({ recipients: made.recipients }));
        for (const [name, file] of Object.entries(made.documents)) form.append(name, file, name);
      } else {
        const base = mail.generationJob(context);
        const recipients = [];
        for (const { mail: m, index } of list) {
          const made = await bridge.generate({
            ...base,
            rows: Uint32Array.of(index),
            output: { kind: 'merged' },
          });
          form.append(`row${m.row}`, made.file, `row${m.row}`);
          recipients.push({ ...m, file: `row${m.row}` });
        }
        form.append('job', JSON.stringify({ recipients }));
      }
      // The body as fetch sends it.
      const body = await new Request('/', { method: 'POST', body: form }).arrayBuffer();
      const to = performance.now();
      // Long tasks are reported a little after they end.
      await new Promise((r) => setTimeout(r, 300));
      const longest = Math.max(
        0,
        ...window.__longtasks
          .filter((t) => t.start + t.duration >= from && t.start <= to)
          .map((t) => t.duration),
      );
      return { ms: to - from, longest, bytes: body.byteLength };
    },
    { mails, way, fields: [...BENCH_FIELDS] },
  );
}

/** The page's hand-over of `mails` .docx mails, now and as before, in the same browser. */
async function handoverBench(mails: number): Promise<string[]> {
  const harness = await startHarness();
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, headless: true });
  try {
    harness.addFile('bench_template.docx', benchTemplate());
    harness.addFile(`bench_handover_${mails}.xlsx`, benchWorkbook(mails));
    const context = await benchContext(browser);
    const figures: Record<string, Handover> = {};
    for (const way of ['perMail', 'batch'] as const) {
      const page = await context.newPage();
      await page.goto(`${harness.baseUrl}/harness/`);
      figures[way] = await handover(page, mails, way);
      await page.close();
    }
    const line = (label: string, f: Handover) =>
      `  ${label.padEnd(44)} ${(f.ms / 1000).toFixed(2)} s, longest main-thread task ${f.longest.toFixed(0)} ms, body ${(f.bytes / 1e6).toFixed(1)} MB`;
    return [
      `the page's hand-over of ${mails} .docx mails (headless Chromium, production worker; goal: no task over 50 ms)`,
      line('one worker call per mail (before, baseline)', figures.perMail),
      line('one worker call, one zip part (sendMails.ts)', figures.batch),
    ];
  } finally {
    await browser.close();
    await harness.close();
  }
}

/**
 * The hand-over as the user does it: the generator screen of the real app (signed in, a real
 * server from source), `mails` rows with an address each, Output `E-mail each row (.docx
 * attached)`, `Send e-mails…`, then `Send n e-mails` measured from the click to Pengiriman's
 * address (the job accepted): time and the longest main-thread task in that window.
 */
async function screenHandover(mails: number): Promise<string[]> {
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
      () => !document.querySelector('.gen-steps')?.hasAttribute('data-busy'),
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
    const from = await page.evaluate(() => performance.now());
    await send.click();
    await page.waitForURL((url) => url.pathname === '/deliveries', { timeout: 300_000 });
    const to = await page.evaluate(() => performance.now());
    await page.waitForTimeout(300);
    // The job accepted: the answer to POST /deliveries arrived (then the page opens Pengiriman).
    const { accepted, longest, longestAccepted } = await page.evaluate(
      ({ from, to }) => {
        const post = performance
          .getEntriesByType('resource')
          .filter((e) => /\/api\/v1\/deliveries$/.test(e.name))
          .at(-1) as PerformanceResourceTiming | undefined;
        const accepted = post?.responseEnd ?? to;
        const within = (end: number) =>
          Math.max(
            0,
            ...window.__longtasks
              .filter((t) => t.start + t.duration >= from && t.start <= end)
              .map((t) => t.duration),
          );
        return { accepted, longest: within(to), longestAccepted: within(accepted) };
      },
      { from, to },
    );
    return [
      `the screen's hand-over of ${mails} .docx mails (Send ${mails} e-mails → Pengiriman; goal: no task over 50 ms)`,
      `  ${'Send → job accepted'.padEnd(44)} ${((accepted - from) / 1000).toFixed(2)} s, longest main-thread task ${longestAccepted.toFixed(0)} ms`,
      `  ${'Send → Pengiriman shown (the route change too)'.padEnd(44)} ${((to - from) / 1000).toFixed(2)} s, longest main-thread task ${longest.toFixed(0)} ms`,
    ];
  } finally {
    await browser.close();
    await stopNode(node);
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runDeliveryBench(): Promise<string[]> {
  const sizes = (process.env.BENCH_DELIVERY_ROWS ?? '500,5000')
    .split(',')
    .map(Number)
    .filter((rows) => rows > 0);
  const lines: string[] = [];
  execFileSync(process.execPath, ['build.mjs', '--if-stale'], { stdio: 'ignore' });
  // The invoices are converted by the server, as a user's are: without LibreOffice there is no PDF.
  const pdf = loadPdfConfig();
  if (!pdf.enabled) lines.push(`  skipped the PDF mails: ${pdf.disabledReason}`);
  else for (const rows of sizes) lines.push(await once(rows));
  const handovers = Number(process.env.BENCH_HANDOVER_MAILS ?? 500);
  if (handovers > 0) {
    lines.push(...(await handoverBench(handovers)));
    lines.push(...(await screenHandover(handovers)));
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const line of await runDeliveryBench()) console.log(line);
