// A backup holds the e-mail deliveries (docs/delivery.md, "The record"; docs/operations.md): a
// real server process takes a delivery job, `npm run admin -- backup` copies the database, the copy
// is restored into another data directory, and a server started on it shows the job, every
// recipient row with its outcome, and the stored merged PDF (its chunks) byte for byte.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { simpleParser } from 'mailparser';
import { afterAll, expect, test } from 'vitest';
import { jobForm, mergedPdf, rowsFor } from '../support/deliveryJob';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  call,
  startNode,
  stopNode,
  type Node,
} from '../support/serverProcess';
import { summaryBody } from './business.support';

function admin(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
      cwd: path.resolve('.'),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code: code ?? -1, output }));
  });
}

const PERIOD = '2025-08';
const workDir = mkdtempSync(path.join(tmpdir(), 'di-delivery-backup-'));
let node: Node | undefined;

afterAll(async () => {
  await stopNode(node);
  rmSync(workDir, { recursive: true, force: true });
});

async function signIn(at: Node): Promise<string> {
  const login = await call(at, 'POST', '/api/v1/auth/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  return login.body.data.tokens.access_token;
}

test('a backup restored elsewhere holds deliveries, delivery_files and delivery_recipients', async () => {
  const original = path.join(workDir, 'original');
  const restoredDir = path.join(workDir, 'restored');
  mkdirSync(original);
  node = await startNode('delivery-backup', { MAIL_RATE: '0' }, original);
  let token = await signIn(node);
  expect(
    (await call(node, 'POST', '/api/v1/invoice-summaries', summaryBody(PERIOD), token)).status,
  ).toBe(201);
  const rows = rowsFor(['ana@example.com', 'budi@example.com', 'citra@example.com']);
  const pdf = await mergedPdf(rows.map((r) => ({ key: r.key, customer: r.to })));
  const created = await fetch(`${node.url}/api/v1/deliveries`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: jobForm({ period: PERIOD, recipients: rows }, pdf),
  });
  expect(created.status).toBe(201);
  const jobId = ((await created.json()) as { data: { id: number } }).data.id;
  // Without SMTP_URL the server writes the mails to the outbox; wait until it has.
  let job: any;
  for (let i = 0; i < 300 && job?.status !== 'done'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    job = (await call(node, 'GET', `/api/v1/deliveries?period=${PERIOD}`, undefined, token)).body
      .data.jobs[0];
  }
  expect(job).toMatchObject({ id: jobId, status: 'done', total: 3 });
  // Each outbox file is a mail a client opens: its subject and its invoice (src/server/delivery/mime.ts).
  const outbox = path.join(original, 'outbox');
  const opened = await Promise.all(
    readdirSync(outbox).map(async (f) => simpleParser(readFileSync(path.join(outbox, f)))),
  );
  expect(opened.map((m) => m.subject).sort()).toEqual(rows.map((r) => r.subject).sort());
  for (const mail of opened) {
    const key = /INV-\d{4}-\d{4}/.exec(mail.subject!)![0];
    expect(mail.attachments.map((a) => a.filename)).toEqual([`Tagihan_${key}.pdf`]);
    expect(mail.attachments[0].content.subarray(0, 5).toString()).toBe('%PDF-');
  }

  const copy = path.join(workDir, 'copy.db');
  const backup = await admin(['backup', copy], { DATA_DIR: original });
  expect(backup.code, backup.output).toBe(0);
  await stopNode(node);
  node = undefined;

  mkdirSync(restoredDir);
  const restore = await admin(['restore', copy], { DATA_DIR: restoredDir });
  expect(restore.code, restore.output).toBe(0);

  node = await startNode('delivery-restored', {}, restoredDir);
  token = await signIn(node);
  const overview = (
    await call(node, 'GET', `/api/v1/deliveries?period=${PERIOD}`, undefined, token)
  ).body.data;
  expect(overview.jobs).toHaveLength(1);
  expect(overview.jobs[0]).toMatchObject({ id: jobId, status: 'done', total: 3 });
  expect(overview.jobs[0].counts.outbox).toBe(3);
  const listed = (
    await call(node, 'GET', `/api/v1/deliveries/${jobId}/recipients`, undefined, token)
  ).body.data;
  expect(listed.total).toBe(3);
  expect(
    listed.recipients.map((r: any) => [r.invoice_key, r.addresses, r.status, r.attachment_name]),
  ).toEqual(rows.map((r) => [r.key, r.to, 'outbox', `Tagihan_${r.key}.pdf`]));
  await stopNode(node);
  node = undefined;

  // The job's document is in the copy as it was handed over, with each row's pages.
  const db = new SqliteDatabase(path.join(restoredDir, 'app.db'), { readonly: true });
  try {
    // Its chunks joined (src/server/delivery/fileChunks.ts).
    const files = db.prepare('select id, size from delivery_files').all() as {
      id: number;
      size: number;
    }[];
    expect(files).toHaveLength(1);
    const chunks = db
      .prepare('select bytes from delivery_file_chunks where file_id = ? order by seq')
      .all(files[0].id) as { bytes: Buffer }[];
    const stored = Buffer.concat(chunks.map((c) => c.bytes));
    expect(stored.length).toBe(files[0].size);
    expect(Buffer.compare(stored, Buffer.from(pdf))).toBe(0);
    const pages = db
      .prepare('select page_from, page_to from delivery_recipients order by row_number')
      .all();
    expect(pages).toEqual(rows.map((r) => ({ page_from: r.pages![0], page_to: r.pages![1] })));
  } finally {
    db.close();
  }
}, 120_000);
