// Builds a delivery job as the page hands it over: one merged PDF (a page per row, holding the
// row's key and customer) and the recipients with their page ranges.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import type { DeliveryJobRow } from '../../src/domain/delivery/delivery';
import { summaryBody } from '../api/business.support';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  JWT_SECRET,
  startNode,
  type Node,
} from './serverProcess';
import { startSmtpSink, type SmtpSink } from './smtpSink';

/**
 * The merged PDF. With `noise`, each page also holds that many characters of random hex text off
 * the page, and the file has a classic cross-reference table (./bigMergedPdf.ts).
 */
export async function mergedPdf(
  rows: readonly { key: string; customer: string }[],
  { noise = 0 }: { noise?: number } = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const row of rows) {
    const page = doc.addPage([300, 200]);
    page.drawText(`Invoice ${row.key}`, { x: 20, y: 150, size: 14, font });
    page.drawText(`Customer ${row.customer}`, { x: 20, y: 120, size: 12, font });
    if (noise) {
      const lines = randomBytes(noise / 2)
        .toString('hex')
        .match(/.{1,100}/g)!
        .join('\n');
      page.drawText(lines, { x: -5000, y: -5000, size: 2, font, lineHeight: 2 });
    }
  }
  return doc.save(noise ? { useObjectStreams: false } : undefined);
}

export function jobForm(
  job: { period: string; reply_to?: string; resend_keys?: string[]; recipients: DeliveryJobRow[] },
  pdf: Uint8Array,
): FormData {
  const form = new FormData();
  form.set('job', JSON.stringify({ attachment: 'pdf', ...job }));
  form.set(
    'merged',
    new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }),
    'merged.pdf',
  );
  return form;
}

export function rowsFor(addresses: readonly string[], prefix = 'INV-2025-'): DeliveryJobRow[] {
  return addresses.map((to, i) => {
    const key = `${prefix}${String(i + 1).padStart(4, '0')}`;
    return {
      row: i + 2,
      key,
      to,
      subject: `Tagihan ${key} periode 2025-11`,
      message: `Yth. Pelanggan ${i + 1},\nterlampir tagihan ${key}.`,
      pages: [i + 1, i + 1],
    };
  });
}

/**
 * Signs in as the node's administrator, opens `period` (room for `totalTransactions` invoices,
 * none delivered) and hands over a job mailing one page of a merged PDF to each address.
 */
export async function handOverJob(
  node: Node,
  period: string,
  addresses: readonly string[],
  totalTransactions: number,
): Promise<{ token: string; status: number; body: any }> {
  const login = await call(node, 'POST', '/api/v1/auth/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  const token: string = login.body.data.tokens.access_token;
  const created = await call(
    node,
    'POST',
    '/api/v1/invoice-summaries',
    summaryBody(period, {
      number_of_total_transaction: totalTransactions,
      number_of_delivered_invoice: 0,
    }),
    token,
  );
  if (created.status !== 201) throw new Error(`period ${period} not created: ${created.status}`);
  const recipients = rowsFor(addresses);
  const pdf = await mergedPdf(recipients.map((r) => ({ key: r.key, customer: r.to })));
  const res = await fetch(`${node.url}/api/v1/deliveries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: jobForm({ period, recipients }, pdf),
  });
  return { token, status: res.status, body: await res.json() };
}

/** A server process of its own mailing, unthrottled, to an SMTP server in the test process. */
export async function startMailingNode(name: string): Promise<{ node: Node; sink: SmtpSink }> {
  const sink = await startSmtpSink();
  const node = await startNode(name, {
    SMTP_URL: sink.url,
    MAIL_RATE: '0',
    MAIL_FROM: 'Billing <billing@example.com>',
    JWT_SECRET,
  });
  return { node, sink };
}

/** Signs the administrator in on `node`'s own sign-in page, as a person would. */
export async function signInOn(page: Page, node: Node): Promise<void> {
  await page.goto(`${node.url}/signin`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/signin');
}
