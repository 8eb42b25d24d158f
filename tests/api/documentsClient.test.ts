// The UI's door to PDF conversion and the generation history (src/api), against the real server
// over real HTTP with the real LibreOffice: what the page will call, and what it gets back.
import { createHash, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServices, type Services } from '../../src/api/services';
import type { GenerationRunInput } from '../../src/domain/billing/generationRun';
import type { PdfPool } from '../../src/server/pdf';
import { MemoryStorage, signIn, testClient } from '../unit/api/helpers';
import { buildPackage, pageBreak, paragraph } from '../support/linkedDocx';
import { closePool, testPool, until } from '../support/pdfApp';
import { outlineTitles, pdfText } from '../support/pdfTools';
import { merged, rowsOf } from '../support/sectionsDocx';
import { insertSummary } from './business.support';
import { createTestApp, type TestApp } from './helpers';

let pool: PdfPool;
let ctx: TestApp;
let server: ServerType;
let api: Services;

beforeAll(async () => {
  pool = await testPool();
  ctx = await createTestApp('sqlite', { deps: { pdf: pool } });
  server = serve({ fetch: ctx.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const user = await ctx.signedIn('staff', { name: 'Tab One' });
  const storage = new MemoryStorage();
  signIn(storage, user.token, user.refreshToken);
  api = createServices(testClient({ apiRoot: `http://127.0.0.1:${port}/api/v1`, storage }).http);
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await ctx?.close();
  if (pool) await closePool(pool);
});

describe('documents', () => {
  test('pdfCapability says conversion is on and how large a document may be', async () => {
    const result = await api.documents.pdfCapability();
    expect(result.data).toEqual({ enabled: true, maxBytes: pool.config.maxBytes });
  });

  test('convertToPdf turns a .docx into a PDF Blob', async () => {
    const result = await api.documents.convertToPdf(
      buildPackage({ body: paragraph('From the client') }),
    );
    expect(result.success).toBe(true);
    expect(result.data).toBeInstanceOf(Blob);
    const pdf = new Uint8Array(await result.data!.arrayBuffer());
    expect(await pdfText(pdf)).toContain('From the client');
  });

  test('convertToPdf with dropMarkers: one PDF of a marked merge, with no bookmark of its markers', async () => {
    const rows = rowsOf(2);
    const marked = await merged(rows, { withHeading: true });
    const kept = await api.documents.convertToPdf(marked, { progressId: randomUUID() });
    const dropped = await api.documents.convertToPdf(marked, {
      progressId: randomUUID(),
      dropMarkers: true,
    });
    const headings = rows.map((row) => `Invoice ${row.number}`);
    const keptTitles = await outlineTitles(new Uint8Array(await kept.data!.arrayBuffer()));
    expect(keptTitles.filter((title) => title === '\u200B')).toHaveLength(2);
    const pdf = new Uint8Array(await dropped.data!.arrayBuffer());
    expect(await outlineTitles(pdf)).toEqual(headings);
    expect(await pdfText(pdf)).toContain('Invoice for Customer 2 Ltd');
  });

  test('a body that is not a Word document fails with the server’s message', async () => {
    const result = await api.documents.convertToPdf(new TextEncoder().encode('<html></html>'));
    expect(result).toMatchObject({ success: false, status: 415 });
    expect(result.error).toMatch(/not a Word document/);
  });

  test('aborting the signal cancels the conversion on the server too', async () => {
    const long = buildPackage({
      body: Array.from({ length: 300 }, (_, i) => paragraph(`Page ${i}`) + pageBreak).join(''),
    });
    const controller = new AbortController();
    const pending = api.documents.convertToPdf(long, { signal: controller.signal });
    await until(() => pool.runningPids().length === 1);
    controller.abort();
    expect(await pending).toMatchObject({
      success: false,
      error: 'PDF conversion cancelled',
      status: 0,
    });
    await until(() => pool.snapshot().conversions.aborted === 1);
  });
});

describe('generationRuns', () => {
  const input = (overrides: Partial<GenerationRunInput> = {}): GenerationRunInput => ({
    clientRunId: randomUUID(),
    templateName: 'tagihan.docx',
    templateSha256: createHash('sha256').update('template').digest('hex'),
    dataName: 'pelanggan_2025-11.xlsx',
    dataSha256: createHash('sha256').update('rows').digest('hex'),
    rows: 12,
    documents: 12,
    outputKind: 'pdf',
    ...overrides,
  });

  test('record, warn on the same files, record when confirmed, list newest first', async () => {
    const id = await insertSummary(ctx, '2091-05');
    const first = await api.generationRuns.record(id, input());
    expect(first.success).toBe(true);
    expect(first.data).toMatchObject({ recordedByName: 'Tab One', rows: 12, outputKind: 'pdf' });

    const again = await api.generationRuns.record(id, input());
    expect(again).toMatchObject({ success: false, status: 409 });
    expect(again.error).toBe(
      `These 12 rows were already recorded on ${first.data!.recordedAt.slice(0, 10)} by Tab One`,
    );
    expect(again.duplicateOf).toMatchObject({ id: first.data!.id, recordedByName: 'Tab One' });

    const confirmed = await api.generationRuns.record(id, input({ confirmDuplicate: true }));
    expect(confirmed.success).toBe(true);
    const list = await api.generationRuns.list(id);
    expect(list.data!.map((run) => run.id)).toEqual([confirmed.data!.id, first.data!.id]);
    expect(list.data![0].templateSha256).toBe(input().templateSha256);
  });
});
