// A long merged document converted as chunks of sections on the real LibreOffice, joined in
// order: every section's page keeps its place and its outline entry (so one PDF per row still
// splits), Cancel stops every chunk and leaves nothing, a failing chunk names its rows.
// SQLite only: the route reads nothing from the database but the caller's session.
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { splitPdfPerSection } from '../../src/workers/merge';
import type { PdfPool } from '../../src/server/pdf';
import {
  closePool,
  DOCX_TYPE,
  groupAlive,
  leftoverJobFiles,
  testPool,
  until,
} from '../support/pdfApp';
import { outlineTitles, pdfPages, pdfText } from '../support/pdfTools';
import { merged, rowsOf } from '../support/sectionsDocx';
import { createTestApp, type TestApp } from './helpers';

interface Setup {
  pool: PdfPool;
  ctx: TestApp;
  token: string;
}

async function setUp(overrides: Parameters<typeof testPool>[0]): Promise<Setup> {
  const pool = await testPool(overrides);
  const ctx = await createTestApp('sqlite', { deps: { pdf: pool } });
  return { pool, ctx, token: (await ctx.signedIn('staff')).token };
}

async function tearDown(setup: Setup | undefined) {
  await setup?.ctx.close();
  if (setup) await closePool(setup.pool);
}

async function post(
  setup: Setup,
  body: Uint8Array,
  signal?: AbortSignal,
  query = '',
): Promise<Response> {
  return await setup.ctx.app.request(`/api/v1/documents/pdf${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${setup.token}`, 'content-type': DOCX_TYPE },
    body: body as BodyInit,
    signal,
  });
}

const okConversions = (pool: PdfPool) => pool.snapshot().conversions.ok ?? 0;

describe('seven invoices in chunks of three, on two slots', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ workers: 2, queue: 2, chunkSections: 3 });
  });
  afterAll(() => tearDown(s));

  test('the joined PDF has every invoice on its own page, in order, with its header', async () => {
    const rows = rowsOf(7);
    const before = okConversions(s.pool);
    const res = await post(s, await merged(rows));
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());
    // Three chunks (3 + 3 + 1 sections), each one conversion.
    expect(okConversions(s.pool) - before).toBe(3);
    expect(await pdfPages(pdf)).toBe(7);
    for (const [i, row] of rows.entries()) {
      const page = await pdfText(pdf, i + 1);
      for (const value of Object.values(row)) expect(page).toContain(value);
      for (const other of rows.filter((r) => r !== row)) expect(page).not.toContain(other.name);
    }

    // The outline entries were made again, so one PDF per row still holds exactly its row.
    const names = rows.map((row) => `${row.number}.pdf`);
    const zip = await splitPdfPerSection({ pdf: pdf.slice().buffer, names });
    expect(zip.count).toBe(7);
    const files = new PizZip(zip.bytes);
    for (const [i, row] of rows.entries()) {
      const single = files.file(names[i])!.asUint8Array();
      expect(await pdfPages(single)).toBe(1);
      const text = await pdfText(single);
      expect(text).toContain(row.name);
      expect(text).toContain(row.number);
      for (const other of rows.filter((r) => r !== row)) expect(text).not.toContain(other.name);
    }
  });

  test('a document of no more sections than a chunk converts whole, as before', async () => {
    const before = okConversions(s.pool);
    const res = await post(s, await merged(rowsOf(3)));
    expect(res.status).toBe(200);
    expect(okConversions(s.pool) - before).toBe(1);
    expect(await pdfPages(new Uint8Array(await res.arrayBuffer()))).toBe(3);
  });

  test('one PDF (markers=drop): in chunks or whole, every invoice in order and only the template’s own bookmarks', async () => {
    for (const count of [7, 3]) {
      const rows = rowsOf(count);
      const before = okConversions(s.pool);
      const res = await post(
        s,
        await merged(rows, { withHeading: true }),
        undefined,
        '?markers=drop',
      );
      expect(res.status).toBe(200);
      expect(okConversions(s.pool) - before).toBe(count === 7 ? 3 : 1);
      const pdf = new Uint8Array(await res.arrayBuffer());
      expect(await pdfPages(pdf)).toBe(count);
      for (const [i, row] of rows.entries()) {
        const page = await pdfText(pdf, i + 1);
        for (const value of Object.values(row)) expect(page).toContain(value);
      }
      // The section markers made no bookmark; each invoice's own heading still has one.
      expect(await outlineTitles(pdf)).toEqual(rows.map((row) => `Invoice ${row.number}`));
    }
  });

  test('markers other than keep or drop are refused before anything is converted', async () => {
    const before = okConversions(s.pool);
    const res = await post(s, await merged(rowsOf(2)), undefined, '?markers=maybe');
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('markers must be keep or drop.');
    expect(okConversions(s.pool)).toBe(before);
  });

  test('Cancel during the chunks stops every one and leaves no process or file', async () => {
    // Long rows, so the chunks are still converting when the client goes.
    const long = (i: number) => `Customer ${i + 1} ` + 'lorem ipsum dolor '.repeat(20_000);
    const controller = new AbortController();
    const answer = post(s, await merged(rowsOf(12, long)), controller.signal).catch(
      (error: Error) => error,
    );
    await until(() => s.pool.runningPids().length === 2, 60_000);
    const pids = s.pool.runningPids();
    controller.abort();
    await answer;
    await until(() => pids.every((pid) => !groupAlive(pid)), 10_000);
    await until(() => s.pool.snapshot().busy === 0 && s.pool.snapshot().queued === 0, 10_000);
    await until(async () => (await leftoverJobFiles(s.pool)).length === 0, 10_000);
    expect(s.pool.runningPids()).toEqual([]);
  });
});

describe('one slot', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ workers: 1, queue: 1, chunkSections: 3 });
  });
  afterAll(() => tearDown(s));

  test('a chunk whose converter dies fails the job with a message naming its rows', async () => {
    const long = (i: number) => `Customer ${i + 1} ` + 'lorem ipsum dolor '.repeat(20_000);
    const answer = post(s, await merged(rowsOf(7, long)));
    // One slot takes the chunks in order: the first running is rows 1–3.
    await until(() => s.pool.runningPids().length === 1, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // let soffice be at work
    process.kill(-s.pool.runningPids()[0], 'SIGKILL');
    const res = await answer;
    expect(res.status).toBe(502);
    expect((await res.json()).message).toBe(
      'Rows 1–3 of the document could not be converted to PDF: The PDF converter stopped unexpectedly. Please try again.',
    );
    await until(async () => (await leftoverJobFiles(s.pool)).length === 0, 10_000);

    // The slot's converter is made anew: the next document converts.
    const next = await post(s, await merged(rowsOf(4)));
    expect(next.status).toBe(200);
    expect(await pdfPages(new Uint8Array(await next.arrayBuffer()))).toBe(4);
  });
});

describe('one slot, a chunk longer than PDF_TIMEOUT', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ workers: 1, queue: 1, chunkSections: 3, timeoutMs: 15_000 });
    // The slot's converter started and used once, so the timed chunks pay no start-up.
    expect((await post(s, await merged(rowsOf(1)))).status).toBe(200);
  });
  afterAll(() => tearDown(s));

  test('fails the job with a 504 naming that chunk’s rows; the slot is made anew', async () => {
    // Rows 1–3 convert in a moment; rows 4–6 are megabytes of text, far past 15 s of layout.
    const huge = (i: number) =>
      i < 3 ? `Customer ${i + 1}` : `Customer ${i + 1} ` + 'lorem ipsum dolor '.repeat(200_000);
    const res = await post(s, await merged(rowsOf(6, huge)));
    expect(res.status).toBe(504);
    expect((await res.json()).message).toBe(
      'Rows 4–6 of the document could not be converted to PDF: The PDF conversion took longer than 15 seconds and was stopped. Try fewer rows at once.',
    );
    expect(s.pool.snapshot()).toMatchObject({ busy: 0, restarts: 1 });
    await until(async () => (await leftoverJobFiles(s.pool)).length === 0, 10_000);

    const next = await post(s, await merged(rowsOf(4)));
    expect(next.status).toBe(200);
    expect(await pdfPages(new Uint8Array(await next.arrayBuffer()))).toBe(4);
  }, 120_000);
});
