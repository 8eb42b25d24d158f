// Two nodes on one database converting one long document together (docs/pdf-chunks.md, "Across
// nodes"): two app instances, each with its own LibreOffice pool, on one PostgreSQL; the request
// goes to the first, which joins and answers. On SQLite there is one node, whose pool converts
// every chunk. Real LibreOffice on both.
import { spawn } from 'node:child_process';
import { sql } from 'kysely';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SharedChunks, type PdfPool } from '../../src/server/pdf';
import { silentLogger } from '../../src/server/logger';
import { splitPdfPerSection } from '../../src/workers/merge';
import {
  closePool,
  DOCX_TYPE,
  groupAlive,
  leftoverJobFiles,
  pdfNodeApp,
  testPool,
  until,
} from '../support/pdfApp';
import { pdfPages, pdfText } from '../support/pdfTools';
import { merged, rowsOf } from '../support/sectionsDocx';
import { createTestApp, databases, testConfig, type TestApp } from './helpers';

/**
 * Short, so that a dead node's job goes within the test (the server's: 10 s and 60 s), yet 5 s:
 * a loaded CI machine stalled the dying node (a tsx child) past 1.5 s, which looked like its death.
 */
const HEARTBEAT = { everyMs: 100, orphanAfterMs: 5_000 };

const METRICS_TOKEN = 'metrics-token-for-the-pdf-nodes-test';

interface Node {
  app: ReturnType<typeof pdfNodeApp>;
  pool: PdfPool;
  shared: SharedChunks | null;
}

/** The chunks a node says it converted, from its /metrics. */
async function chunksConverted(node: Node): Promise<number> {
  const res = await node.app.request('/metrics', {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await res.text();
  const line = new RegExp(`^pdf_chunks_converted_total\\{node="${node.pool.node}"\\} (\\d+)$`, 'm');
  return Number(line.exec(text)?.[1] ?? NaN);
}

describe.each(databases)('one long document on every node of %s', (kind) => {
  let ctx: TestApp;
  let token: string;
  const nodes: Node[] = [];

  beforeAll(async () => {
    const config = { ...testConfig('/nonexistent'), metricsToken: METRICS_TOKEN };
    ctx = await createTestApp(kind, { deps: { config } });
    token = (await ctx.signedIn('staff')).token;
    // PostgreSQL: two nodes sharing the chunks; SQLite: one node, its own pool.
    for (let i = 0; i < (kind === 'postgres' ? 2 : 1); i++) {
      const pool = await testPool({ workers: 1, queue: 2, chunkSections: 2 });
      const shared =
        kind === 'postgres'
          ? new SharedChunks(ctx.db, kind, pool, silentLogger, 50, 50, HEARTBEAT)
          : null;
      shared?.start();
      await pool.prepare();
      const app = pdfNodeApp(ctx.db, config, pool, shared);
      nodes.push({ app, pool, shared });
    }
  }, 120_000);

  afterAll(async () => {
    for (const node of nodes) await node.shared?.stop();
    for (const node of nodes) await closePool(node.pool);
    await ctx?.close();
  });

  const post = async (body: Uint8Array, signal?: AbortSignal) =>
    await nodes[0].app.request('/api/v1/documents/pdf', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': DOCX_TYPE },
      body: body as BodyInit,
      signal,
    });

  test('every node converts chunks; the first joins every invoice in order', async () => {
    const rows = rowsOf(12);
    const res = await post(await merged(rows));
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());
    expect(await pdfPages(pdf)).toBe(12);
    for (const [i, row] of rows.entries()) {
      const page = await pdfText(pdf, i + 1);
      expect(page).toContain(row.name);
      expect(page).toContain(row.number);
    }
    // Six chunks of two sections, shared between the nodes (all on the one node of SQLite).
    const done = await Promise.all(nodes.map(chunksConverted));
    expect(done.reduce((a, b) => a + b, 0)).toBe(6);
    for (const count of done) expect(count).toBeGreaterThan(0);
    // One PDF per row still splits, whichever node made each page.
    const names = rows.map((row) => `${row.number}.pdf`);
    const files = new PizZip((await splitPdfPerSection({ pdf: pdf.slice().buffer, names })).bytes);
    for (const [i, row] of rows.entries())
      expect(await pdfText(files.file(names[i])!.asUint8Array())).toContain(row.name);
    // The job's rows went with its answer.
    expect(await ctx.count('pdf_jobs')).toBe(0);
    expect(await ctx.count('pdf_chunks')).toBe(0);
  }, 180_000);

  test('Cancel stops the chunks on every node and leaves no row, process or file', async () => {
    const long = (i: number) => `Customer ${i + 1} ` + 'lorem ipsum dolor '.repeat(20_000);
    const controller = new AbortController();
    const answer = post(await merged(rowsOf(12, long)), controller.signal).catch(
      (error: Error) => error,
    );
    // Every node is converting a chunk of the job when the client goes.
    await until(() => nodes.every((node) => node.pool.runningPids().length === 1), 90_000);
    const pids = nodes.flatMap((node) => node.pool.runningPids());
    controller.abort();
    await answer;
    await until(() => pids.every((pid) => !groupAlive(pid)), 15_000);
    for (const node of nodes) {
      await until(() => node.pool.snapshot().busy === 0, 15_000);
      await until(async () => (await leftoverJobFiles(node.pool)).length === 0, 10_000);
    }
    expect(await ctx.count('pdf_jobs')).toBe(0);
    expect(await ctx.count('pdf_chunks')).toBe(0);
  }, 180_000);

  // Only PostgreSQL shares a job between nodes; on SQLite there is no other node to sweep it.
  if (kind === 'postgres')
    test('a node killed mid-job: the other nodes delete its job and chunks', async () => {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        ctx.db,
      );
      // tests/support/pdfDyingNode.ts writes a job of two chunks and beats every 100 ms.
      const dying = spawn(process.execPath, ['--import', 'tsx', 'tests/support/pdfDyingNode.ts'], {
        env: {
          PATH: process.env.PATH ?? '',
          DYING_NODE_DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
          DYING_NODE_SCHEMA: rows[0].schema,
        },
        stdio: 'ignore',
      });
      try {
        await until(async () => (await ctx.count('pdf_chunks')) === 2, 30_000);
        // Alive, it keeps its job past the orphan time.
        await new Promise((resolve) => setTimeout(resolve, 2 * HEARTBEAT.orphanAfterMs));
        expect(await ctx.count('pdf_jobs')).toBe(1);
      } finally {
        dying.kill('SIGKILL');
      }
      await until(async () => (await ctx.count('pdf_jobs')) === 0, 15_000);
      expect(await ctx.count('pdf_chunks')).toBe(0);
    }, 60_000);
});
