// PDF conversion of merged one-page invoices: POST /api/v1/documents/pdf (sanitiser, sandbox,
// pool) against the floor measured in the same run, a cold `soffice --headless --convert-to pdf`
// of the same merged .docx; and 1,000 against 5,000 sections for linearity. The merged document
// carries the section markers (as for one PDF per row), so the endpoint converts it in chunks of
// PDF_CHUNK_SECTIONS on every slot (docs/pdf-chunks.md). BENCH_PDF_ROWS=1000,5000 picks the sizes.
import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { sanitiseDocx } from '../../src/domain/docx';
import { nodeDeflateCodec } from '../../src/server/pdf/codec';
import { loadPdfConfig, PdfPool } from '../../src/server/pdf';
import { silentLogger } from '../../src/server/logger';
import { mergeDocuments } from '../../src/workers/merge';
import { createTestApp } from '../api/helpers';
import { BENCH_FIELDS, benchRow, benchTemplate } from './harness/documents';

const run = promisify(execFile);

interface Figure {
  rows: number;
  pages: number;
  megabytes: number;
  floorSeconds: number;
  endpointSeconds: number;
  sanitiseSeconds: number;
}

async function merged(rows: number): Promise<Uint8Array> {
  const template = benchTemplate();
  const result = await mergeDocuments({
    template: template.slice().buffer as ArrayBuffer,
    rows: Array.from({ length: rows }, (_, i) => benchRow(i)),
    mapping: Object.fromEntries(BENCH_FIELDS.map((f) => [f, f])),
    markSections: true,
  });
  return new Uint8Array(result.bytes);
}

/** A cold conversion: a profile LibreOffice has never seen, no sanitiser, no sandbox. */
async function floor(docx: Uint8Array, work: string): Promise<number> {
  const dir = await mkdtemp(path.join(work, 'floor-'));
  const input = path.join(dir, 'merged.docx');
  await writeFile(input, docx);
  const started = performance.now();
  await run(
    'soffice',
    [
      '--headless',
      `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      input,
    ],
    { timeout: 3_600_000 },
  );
  return (performance.now() - started) / 1000;
}

async function pages(pdf: Uint8Array, work: string): Promise<number> {
  const file = path.join(work, `count-${Date.now()}.pdf`);
  await writeFile(file, pdf);
  const { stdout } = await run('pdfinfo', [file]);
  await rm(file);
  return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
}

/** POST over node:http: fetch gives up on an answer whose headers take over 300 s. */
function post(
  url: string,
  token: string,
  body: Uint8Array,
): Promise<{ status: number; body: Buffer }> {
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
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function runPdfBench(): Promise<string[]> {
  const config = loadPdfConfig();
  if (!config.enabled) return [`skipped: ${config.disabledReason}`];
  const sizes = (process.env.BENCH_PDF_ROWS ?? '1000,5000').split(',').map(Number);
  const work = await mkdtemp(path.join(tmpdir(), 'di-bench-pdf-'));
  await chmod(work, 0o755); // LibreOffice's own user must reach the pool's directory inside
  const pool = new PdfPool(
    { ...config, timeoutMs: 3_600_000, maxBytes: 512 * 1024 ** 2, tmpDir: work },
    silentLogger,
  );
  const ctx = await createTestApp('sqlite', { deps: { pdf: pool } });
  const server = serve({ fetch: ctx.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/documents/pdf`;
  const { token } = await ctx.signedIn('staff');
  const figures: Figure[] = [];
  try {
    // The pool's first document makes its slot's profile; every later one finds it warm.
    const warm = await post(url, token, await merged(1));
    if (warm.status !== 200) throw new Error(`first conversion: ${warm.status} ${warm.body}`);
    for (const rows of sizes) {
      const docx = await merged(rows);
      let started = performance.now();
      sanitiseDocx(docx, { mode: 'pdf', codec: nodeDeflateCodec, maxUnpackedBytes: 2 ** 31 });
      const sanitiseSeconds = (performance.now() - started) / 1000;
      const floorSeconds = await floor(docx, work);
      started = performance.now();
      const res = await post(url, token, docx);
      const pdf = new Uint8Array(res.body);
      const endpointSeconds = (performance.now() - started) / 1000;
      if (res.status !== 200) throw new Error(`conversion of ${rows} rows: ${res.status}`);
      figures.push({
        rows,
        pages: await pages(pdf, work),
        megabytes: docx.length / 1024 ** 2,
        floorSeconds,
        endpointSeconds,
        sanitiseSeconds,
      });
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
    await pool.close();
    await rm(work, { recursive: true, force: true });
  }
  return report(figures);
}

function report(figures: Figure[]): string[] {
  const lines = [
    'rows   pages  .docx MB  floor s  endpoint s  endpoint/floor  of which sanitise s',
    ...figures.map(
      (f) =>
        `${String(f.rows).padEnd(6)} ${String(f.pages).padEnd(6)} ${f.megabytes.toFixed(2).padStart(8)}  ${f.floorSeconds.toFixed(1).padStart(7)}  ${f.endpointSeconds.toFixed(1).padStart(10)}  ${(f.endpointSeconds / f.floorSeconds).toFixed(2).padStart(13)}x  ${f.sanitiseSeconds.toFixed(2).padStart(8)}`,
    ),
  ];
  const [small, large] = [figures[0], figures.at(-1)!];
  if (figures.length > 1 && large.rows > small.rows)
    lines.push(
      `${small.rows} → ${large.rows} rows (${large.rows / small.rows}x): endpoint ${(large.endpointSeconds / small.endpointSeconds).toFixed(2)}x, floor ${(large.floorSeconds / small.floorSeconds).toFixed(2)}x`,
    );
  lines.push(
    'floor: cold `soffice --headless --convert-to pdf` of the same merged .docx (fresh profile, no sanitiser, no sandbox);',
    `endpoint: upload, sanitiser, chunks of ${loadPdfConfig().chunkSections} sections on ${loadPdfConfig().workers} warm sandboxed slots, joined, PDF streamed back.`,
  );
  return lines;
}
