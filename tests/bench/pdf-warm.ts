// One-page invoice, click to PDF download: POST /api/v1/documents/pdf of a merged one-row .docx
// over real HTTP, five in a row after a first that starts the slot, with a process per document
// (PDF_WARM=off) and with a warm converter (PDF_WARM=on), both inside the walls.
import { request } from 'node:http';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadPdfConfig, PdfPool } from '../../src/server/pdf';
import { silentLogger } from '../../src/server/logger';
import { mergeDocuments } from '../../src/workers/merge';
import { createTestApp } from '../api/helpers';
import { BENCH_FIELDS, benchRow, benchTemplate } from './harness/documents';

const ROUNDS = 5;

function post(url: string, token: string, body: Uint8Array): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/octet-stream',
          'content-length': body.length,
        },
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function seconds(
  warm: boolean,
  docx: Uint8Array,
): Promise<{ first: number; each: number[] }> {
  const work = await mkdtemp(path.join(tmpdir(), 'di-bench-pdf-warm-'));
  await chmod(work, 0o755);
  const pool = new PdfPool({ ...loadPdfConfig(), workers: 1, warm, tmpDir: work }, silentLogger);
  const ctx = await createTestApp('sqlite', { deps: { pdf: pool } });
  const server = serve({ fetch: ctx.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/documents/pdf`;
  const { token } = await ctx.signedIn('staff');
  const timed = async () => {
    const started = performance.now();
    const status = await post(url, token, docx);
    if (status !== 200) throw new Error(`conversion answered ${status}`);
    return (performance.now() - started) / 1000;
  };
  try {
    const first = await timed();
    const each: number[] = [];
    for (let i = 0; i < ROUNDS; i++) each.push(await timed());
    return { first, each };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
    await pool.close();
    await rm(work, { recursive: true, force: true });
  }
}

export async function runPdfWarmBench(): Promise<string[]> {
  if (!loadPdfConfig().enabled) return [`skipped: ${loadPdfConfig().disabledReason}`];
  const merged = await mergeDocuments({
    template: benchTemplate().slice().buffer as ArrayBuffer,
    rows: [benchRow(0)],
    mapping: Object.fromEntries(BENCH_FIELDS.map((f) => [f, f])),
  });
  const docx = new Uint8Array(merged.bytes);
  const cold = await seconds(false, docx);
  const warm = await seconds(true, docx);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const line = (name: string, r: { first: number; each: number[] }) =>
    `${name.padEnd(28)} ${r.first.toFixed(2).padStart(7)}  ${median(r.each).toFixed(2).padStart(8)}  ${Math.max(
      ...r.each,
    )
      .toFixed(2)
      .padStart(5)}`;
  return [
    `one-page invoice, POST to last byte (s), ${ROUNDS} in a row after the first; goal ≤ 1.0 s`,
    'converter                      first    median    max',
    line('process per document', cold),
    line('warm (UNO, PDF_WARM=on)', warm),
    `warm / process per document: ${(median(warm.each) / median(cold.each)).toFixed(2)}x (median)`,
  ];
}
