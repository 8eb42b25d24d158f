// The PDF converter's faults with the real LibreOffice: a timeout, a killed soffice, a full line,
// a client that goes away mid-conversion. Each gets a clear answer, the pool recovers by itself,
// and no file is left in its temporary directory. SQLite only (the route reads only the session).
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PdfPool } from '../../src/server/pdf';
import { buildPackage, pageBreak, paragraph } from '../support/linkedDocx';
import { closePool, DOCX_TYPE, leftoverJobFiles, testPool, until } from '../support/pdfApp';
import { pdfText } from '../support/pdfTools';
import { createTestApp, testConfig, type TestApp } from './helpers';

const METRICS_TOKEN = 'metrics-token-for-pdf-tests';
const small = (text: string) => buildPackage({ body: paragraph(text) });
/** Enough pages that LibreOffice is still at work when the test acts. */
const long = () =>
  buildPackage({
    body: Array.from({ length: 4000 }, (_, i) => paragraph(`Page ${i + 1}`) + pageBreak).join(''),
  });

interface Setup {
  pool: PdfPool;
  ctx: TestApp;
  token: string;
}

async function setUp(overrides: Parameters<typeof testPool>[0] = {}): Promise<Setup> {
  const pool = await testPool(overrides);
  const ctx = await createTestApp('sqlite', {
    deps: { pdf: pool, config: { ...testConfig(pool.config.tmpDir), metricsToken: METRICS_TOKEN } },
  });
  return { pool, ctx, token: (await ctx.signedIn('staff')).token };
}

async function tearDown(setup: Setup | undefined) {
  await setup?.ctx.close();
  if (setup) await closePool(setup.pool);
}

function post(setup: Setup, body: Uint8Array, signal?: AbortSignal) {
  return setup.ctx.app.request('/api/v1/documents/pdf', {
    method: 'POST',
    headers: { authorization: `Bearer ${setup.token}`, 'content-type': DOCX_TYPE },
    body: body as BodyInit,
    signal,
  });
}

describe('one slot, a line of one', () => {
  let s: Setup;
  beforeAll(async () => {
    // One user sends all three: their own limit must not be what refuses the third.
    s = await setUp({ workers: 1, queue: 1, userConcurrency: 3 });
  });
  afterAll(() => tearDown(s));

  test('LibreOffice runs with none of the server’s secrets, as another user; killed → 502, and the next document converts', async () => {
    process.env.JWT_SECRET = 'a-secret-the-converter-must-not-see';
    const answer = post(s, long());
    await until(() => s.pool.runningPids().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // let soffice.bin start
    const pid = s.pool.runningPids()[0];
    const environment = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
    const names = environment.map((entry) => entry.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['PATH', 'HOME', 'LANG', 'TMPDIR']));
    for (const secret of ['JWT_SECRET', 'DATABASE_URL', 'TEST_DATABASE_URL', 'SMTP_URL'])
      expect(names).not.toContain(secret);
    expect(environment.join('\n')).not.toContain('a-secret-the-converter-must-not-see');
    if (process.getuid?.() === 0) {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      expect(/^Uid:\s+(\d+)/m.exec(status)?.[1]).not.toBe('0');
    }
    delete process.env.JWT_SECRET;
    process.kill(-pid, 'SIGKILL');
    const res = await answer;
    expect(res.status).toBe(502);
    expect((await res.json()).message).toBe(
      'The PDF converter stopped unexpectedly. Please try again.',
    );
    expect(s.pool.snapshot().restarts).toBe(1);

    const next = await post(s, small('After the crash'));
    expect(next.status).toBe(200);
    expect(await pdfText(new Uint8Array(await next.arrayBuffer()))).toContain('After the crash');
  });

  test('a full line → 503 with Retry-After; the two admitted both convert', async () => {
    // Long enough that a warm converter is still at it when the other two arrive.
    const first = post(
      s,
      buildPackage({
        body:
          paragraph('First in line') +
          Array.from({ length: 1500 }, (_, i) => pageBreak + paragraph(`Page ${i + 2}`)).join(''),
      }),
    );
    await until(() => s.pool.snapshot().busy === 1);
    const second = post(s, small('Second in line'));
    await until(() => s.pool.snapshot().queued === 1);

    const third = await post(s, small('One too many'));
    expect(third.status).toBe(503);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await third.json()).message).toMatch(
      /^The PDF converter is busy\. Please try again in \d+ seconds?\.$/,
    );

    const [a, b] = await Promise.all([first, second]);
    expect(await pdfText(new Uint8Array(await a.arrayBuffer()))).toContain('First in line');
    expect(await pdfText(new Uint8Array(await b.arrayBuffer()))).toContain('Second in line');
  });

  test('/metrics reports the pool: conversions by outcome, restarts, time', async () => {
    const res = await s.ctx.app.request('/metrics', {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const text = await res.text();
    expect(text).toContain('pdf_workers 1');
    expect(text).toContain('pdf_conversions_busy 0');
    expect(text).toContain('pdf_conversions_queued 0');
    expect(text).toContain('pdf_converter_restarts_total 1');
    expect(text).toContain('pdf_conversions_total{outcome="crashed"} 1');
    expect(text).toContain('pdf_conversions_total{outcome="ok"} 3');
    expect(text).toContain('pdf_conversion_duration_seconds_count 3');
  });

  test('a client that disconnects mid-conversion stops it, over real HTTP', async () => {
    const server = serve({ fetch: s.ctx.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    try {
      const controller = new AbortController();
      const answer = fetch(`http://127.0.0.1:${port}/api/v1/documents/pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.token}`, 'content-type': DOCX_TYPE },
        body: long() as BodyInit,
        signal: controller.signal,
      }).catch((error: Error) => error);
      await until(() => s.pool.runningPids().length === 1);
      const pid = s.pool.runningPids()[0];
      controller.abort();
      expect(await answer).toBeInstanceOf(Error);
      await until(() => s.pool.snapshot().conversions.aborted === 1);
      // The whole process group goes, not just the first process.
      const groupAlive = () => {
        try {
          process.kill(-pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      await until(() => !groupAlive(), 5_000);
      expect(s.pool.snapshot()).toMatchObject({ busy: 0, queued: 0 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('no file is left behind by any of it', async () => {
    await until(async () => (await leftoverJobFiles(s.pool)).length === 0, 5_000);
  });
});

describe('a conversion longer than PDF_TIMEOUT', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setUp({ timeoutMs: 1_000 });
  });
  afterAll(() => tearDown(s));

  test('is stopped: 504 with a message, the slot made anew, no file left', async () => {
    const res = await post(s, long());
    expect(res.status).toBe(504);
    expect((await res.json()).message).toBe(
      'The PDF conversion took longer than 1 seconds and was stopped. Try fewer rows at once.',
    );
    expect(s.pool.snapshot()).toMatchObject({ busy: 0, restarts: 1 });
    expect(s.pool.runningPids()).toEqual([]);
    expect(await leftoverJobFiles(s.pool)).toEqual([]);
  });
});
