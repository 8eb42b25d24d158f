// PDF conversion of merged one-page invoices: POST /api/v1/documents/pdf (sanitiser, sandbox,
// pool) against the floor measured in the same run, a cold `soffice --headless --convert-to pdf`
// of the same merged .docx; and 1,000 against 5,000 sections for linearity. The merged document
// carries the section markers (as for one PDF per row), so the endpoint converts it in chunks of
// PDF_CHUNK_SECTIONS on every slot (docs/pdf-chunks.md). BENCH_PDF_ROWS=1000,10000 picks the sizes;
// BENCH_PDF_FLOOR=0 skips the floor, =N takes it up to N rows only (at 10,000 rows a cold conversion takes many minutes). Also
// printed: one PDF per row (the endpoint's PDF split into a zip, as the page does) and each slot's
// peak converter memory (tests/bench/harness/converterMemory.ts).
import { execFile, execFileSync, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
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
import { mergeDocuments, splitPdfPerSection } from '../../src/workers/merge';
import { createTestApp } from '../api/helpers';
import { converterCpuSeconds, sampleConverterMemory } from './harness/converterMemory';
import { startRealServer, stopRealServer } from './harness/realServer';
import { BENCH_FIELDS, benchRow, benchTemplate } from './harness/documents';

const run = promisify(execFile);

interface Figure {
  rows: number;
  pages: number;
  megabytes: number;
  /** NaN when skipped (BENCH_PDF_FLOOR=0). */
  floorSeconds: number;
  endpointSeconds: number;
  sanitiseSeconds: number;
  /** Endpoint plus splitting its PDF into one PDF per row (.zip). */
  perRowSeconds: number;
  /** Chunks converted and their mean time in a slot (the pool's own timing). */
  chunks: number;
  chunkSeconds: number;
  /** Peak RSS of each slot's soffice.bin during the endpoint's conversion, MiB. */
  memory: number[];
  /** CPU seconds of every slot's soffice.bin during the endpoint's conversion. */
  cpuSeconds: number;
  /** CPU seconds of this process (the server and its threads, under tsx) meanwhile. */
  serverCpuSeconds: number;
  /** The same conversion by the compiled server (`node dist/server/main.mjs`), as users run it. */
  compiled: { seconds: number; cpuSeconds: number; serverCpuSeconds: number };
}

/** A port no one listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** CPU seconds used so far by one process (all its threads). */
async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The compiled server (`npm start`'s code, its threads bundled) with the bench's PDF settings, in
 * a data directory of its own; every slot warm before the figures, as for the in-process one.
 */
async function compiledServer(work: string, one: Uint8Array, workers: number) {
  execFileSync(process.execPath, ['build.mjs', '--if-stale'], { stdio: 'ignore' });
  const port = await freePort();
  const admin = { adminEmail: 'bench-pdf@example.com', adminPassword: 'bench-pdf-password-1' };
  const child: ChildProcess = await startRealServer({
    port,
    dataDir: await mkdtemp(path.join(work, 'data-')),
    ...admin,
    env: { PDF_TMP_DIR: work, PDF_TIMEOUT: '1h', PDF_MAX_BYTES: String(512 * 1024 ** 2) },
  });
  const base = `http://127.0.0.1:${port}`;
  const token = async () => {
    const res = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.adminEmail, password: admin.adminPassword }),
    });
    const body = (await res.json()) as { data: { tokens: { access_token: string } } };
    return body.data.tokens.access_token;
  };
  const url = `${base}/api/v1/documents/pdf`;
  // One document per slot at once (PDF_USER_CONCURRENCY is 2), so every converter has started.
  for (let round = 0; round < 2; round++) {
    const t = await token();
    const answers = await Promise.all(
      Array.from({ length: Math.min(workers, 2) }, () => post(url, t, one)),
    );
    if (answers.some((a) => a.status !== 200))
      throw new Error(`compiled server's first conversions: ${answers.map((a) => a.status)}`);
  }
  return {
    async convert(docx: Uint8Array) {
      const t = await token();
      const pid = child.pid!;
      const cpu = await converterCpuSeconds([pid]);
      const own = await processCpuSeconds(pid);
      const started = performance.now();
      const res = await post(url, t, docx);
      const seconds = (performance.now() - started) / 1000;
      if (res.status !== 200) throw new Error(`compiled server: ${res.status}`);
      return {
        seconds,
        cpuSeconds: (await converterCpuSeconds([pid])) - cpu,
        serverCpuSeconds: (await processCpuSeconds(pid)) - own,
      };
    },
    stop: () => stopRealServer(child),
  };
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
  // BENCH_PDF_FLOOR=0: no floor; =N: the floor only up to N rows.
  const floorUpTo = Number(process.env.BENCH_PDF_FLOOR ?? Infinity);
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
  // Signed in again before each conversion: the floor at 10,000 rows outlasts an access token.
  const user = await ctx.signedIn('staff');
  const token = async () => (await ctx.signIn(user)).access_token;
  const figures: Figure[] = [];
  let compiled: Awaited<ReturnType<typeof compiledServer>> | undefined;
  try {
    // As the running server does after listen (src/server/main.ts), every slot's converter is
    // started and has converted a document before the figures: a slot left cold would add its
    // LibreOffice's start (2-3 s) to one chunk of the first figure.
    await pool.prepare();
    const one = await merged(1);
    await Promise.all(
      Array.from({ length: config.workers }, (_, i) =>
        pool.withTicket(`warm-${i}`, async (ticket) => {
          const result = await pool.convert(ticket, one, new AbortController().signal);
          await result.dispose();
        }),
      ),
    );
    const warm = await post(url, await token(), one);
    if (warm.status !== 200) throw new Error(`first conversion: ${warm.status} ${warm.body}`);
    compiled = await compiledServer(work, one, config.workers);
    for (const rows of sizes) {
      const docx = await merged(rows);
      let started = performance.now();
      sanitiseDocx(docx, { mode: 'pdf', codec: nodeDeflateCodec, maxUnpackedBytes: 2 ** 31 });
      const sanitiseSeconds = (performance.now() - started) / 1000;
      const floorSeconds = rows <= floorUpTo ? await floor(docx, work) : NaN;
      const sampler = sampleConverterMemory(() => pool.converterPids());
      const before = pool.snapshot().seconds;
      const cpuBefore = await converterCpuSeconds(pool.converterPids());
      const serverBefore = process.cpuUsage();
      started = performance.now();
      const res = await post(url, await token(), docx);
      const pdf = new Uint8Array(res.body);
      const endpointSeconds = (performance.now() - started) / 1000;
      const server = process.cpuUsage(serverBefore);
      const serverCpuSeconds = (server.user + server.system) / 1e6;
      const cpuSeconds = (await converterCpuSeconds(pool.converterPids())) - cpuBefore;
      const memory = await sampler.stop();
      const after = pool.snapshot().seconds;
      const chunks = after.count - before.count;
      const chunkSeconds = (after.sum - before.sum) / chunks;
      if (res.status !== 200) throw new Error(`conversion of ${rows} rows: ${res.status}`);
      started = performance.now();
      await splitPdfPerSection({
        pdf: pdf.slice().buffer,
        names: Array.from({ length: rows }, (_, i) => `${i + 1}.pdf`),
      });
      const perRowSeconds = endpointSeconds + (performance.now() - started) / 1000;
      const compiledFigure = await compiled!.convert(docx);
      figures.push({
        perRowSeconds,
        memory,
        cpuSeconds,
        serverCpuSeconds,
        compiled: compiledFigure,
        chunks,
        chunkSeconds,
        rows,
        pages: await pages(pdf, work),
        megabytes: docx.length / 1024 ** 2,
        floorSeconds,
        endpointSeconds,
        sanitiseSeconds,
      });
    }
  } finally {
    await compiled?.stop();
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
    await pool.close();
    await rm(work, { recursive: true, force: true });
  }
  return report(figures);
}

const ratio = (a: number, b: number) =>
  Number.isNaN(a) || Number.isNaN(b) ? 'skipped' : `${(a / b).toFixed(2)}x`;

function report(figures: Figure[]): string[] {
  const lines = [
    'rows   pages  .docx MB  floor s  endpoint s  endpoint/floor  per row s  per row/floor  sanitise s  soffice MiB per slot  chunks × mean s  soffice CPU s  server CPU s',
    ...figures.map(
      (f) =>
        `${String(f.rows).padEnd(6)} ${String(f.pages).padEnd(6)} ${f.megabytes.toFixed(2).padStart(8)}  ${(Number.isNaN(f.floorSeconds) ? 'skipped' : f.floorSeconds.toFixed(1)).padStart(7)}  ${f.endpointSeconds.toFixed(1).padStart(10)}  ${ratio(f.endpointSeconds, f.floorSeconds).padStart(14)}  ${f.perRowSeconds.toFixed(1).padStart(9)}  ${ratio(f.perRowSeconds, f.floorSeconds).padStart(13)}  ${f.sanitiseSeconds.toFixed(2).padStart(10)}  ${f.memory
          .map((m) => m.toFixed(0))
          .join(' / ')
          .padStart(
            20,
          )}  ${`${f.chunks} × ${f.chunkSeconds.toFixed(2)}`.padEnd(15)}  ${f.cpuSeconds.toFixed(2).padStart(13)}  ${f.serverCpuSeconds.toFixed(2).padStart(12)}`,
    ),
  ];
  lines.push(
    'the same by the compiled server (node dist/server/main.mjs, as npm start runs it):',
    'rows   endpoint s  endpoint/floor  soffice CPU s  server CPU s',
    ...figures.map(
      (f) =>
        `${String(f.rows).padEnd(6)} ${f.compiled.seconds.toFixed(1).padStart(10)}  ${ratio(f.compiled.seconds, f.floorSeconds).padStart(14)}  ${f.compiled.cpuSeconds.toFixed(2).padStart(13)}  ${f.compiled.serverCpuSeconds.toFixed(2).padStart(12)}`,
    ),
  );
  const [small, large] = [figures[0], figures.at(-1)!];
  if (figures.length > 1 && large.rows > small.rows)
    lines.push(
      `growth ${small.rows} → ${large.rows} rows (${large.rows / small.rows}x): endpoint ${(large.endpointSeconds / small.endpointSeconds).toFixed(2)}x, per row ${(large.perRowSeconds / small.perRowSeconds).toFixed(2)}x, compiled ${(large.compiled.seconds / small.compiled.seconds).toFixed(2)}x, floor ${ratio(large.floorSeconds, small.floorSeconds)}`,
    );
  lines.push(
    'floor: cold `soffice --headless --convert-to pdf` of the same merged .docx (fresh profile, no sanitiser, no sandbox; BENCH_PDF_FLOOR=0 skips it);',
    "per row: the endpoint, then its PDF split into one PDF per row in a .zip (as the page does); memory: peak VmRSS of each slot's soffice.bin;",
    `soffice CPU: CPU time of all slots' soffice.bin during the endpoint (less moved by other work than wall time); LibreOffice's allocator: ${loadPdfConfig().preload ?? 'the system malloc'} (PDF_ALLOCATOR);`,
    'server CPU: the server process meanwhile, its threads included (in-process: this one, under tsx, whose threads load their TypeScript anew for each document);',
    `endpoint: upload, sanitiser, chunks of ${loadPdfConfig().chunkSections} sections on ${loadPdfConfig().workers} warm sandboxed slots, joined, PDF streamed back.`,
  );
  return lines;
}
