// E-mail delivery (issue 32): 500 and 5,000 one-page invoices handed to a real server process
// (SQLite, MAIL_RATE=0: unthrottled) that mails them to a real SMTP server in this process.
// Split: making the merged PDF of the run (here pdf-lib; LibreOffice's conversion of a merged
// document is the `pdf` section), handing the job over (one multipart POST), and sending (job
// accepted → last message accepted). Messages per second, and the server's peak memory.
// Figures, not pass/fail (goal: 5,000 in ≤ 3 min, ≥ 50 msg/s, memory flat from 500 to 5,000).
//   node --import tsx tests/bench/delivery.ts   (BENCH_DELIVERY_ROWS=500,5000)
import { readFileSync } from 'node:fs';
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

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function once(rows: number): Promise<string> {
  const sink = await startSmtpSink();
  const node = await startNode(`bench-delivery-${rows}`, {
    SMTP_URL: sink.url,
    MAIL_RATE: '0',
    MAIL_DAILY_LIMIT: '1000000',
    DELIVERY_USER_DAILY_RECIPIENTS: '1000000',
    JWT_SECRET,
  });
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
    const pdf = await mergedPdf(recipients.map((r) => ({ key: r.key, customer: r.to })));
    const making = performance.now() - t;
    t = performance.now();
    const res = await fetch(`${node.url}/api/v1/deliveries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: jobForm({ period: '2025-08', recipients }, pdf),
    });
    if (res.status !== 201) throw new Error(`handover answered ${res.status}`);
    const handover = performance.now() - t;
    t = performance.now();
    while (sink.received.length < rows) await new Promise((r) => setTimeout(r, 20));
    const sending = performance.now() - t;
    const rss = peakRssMb(node.process.pid!);
    return (
      `  ${String(rows).padStart(5)} invoices: PDF ${(making / 1000).toFixed(1)} s (${(pdf.length / 1e6).toFixed(1)} MB), ` +
      `handover ${(handover / 1000).toFixed(1)} s, sending ${(sending / 1000).toFixed(1)} s, ` +
      `${(rows / (sending / 1000)).toFixed(0)} msg/s, total ${((making + handover + sending) / 1000).toFixed(1)} s, ` +
      `server peak RSS ${rss.toFixed(0)} MB`
    );
  } finally {
    await stopNode(node);
    await sink.close();
  }
}

export async function runDeliveryBench(): Promise<string[]> {
  const sizes = (process.env.BENCH_DELIVERY_ROWS ?? '500,5000').split(',').map(Number);
  const lines: string[] = [];
  for (const rows of sizes) lines.push(await once(rows));
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`)
  for (const line of await runDeliveryBench()) console.log(line);
