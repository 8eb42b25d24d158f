// The PDF endpoint's limits per user and its closed door when the converter's walls cannot be
// raised. SQLite only (the route reads only the session).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PdfPool } from '../../src/server/pdf';
import { buildPackage, paragraph } from '../support/linkedDocx';
import { closePool, DOCX_TYPE, testPool } from '../support/pdfApp';
import { pdfText } from '../support/pdfTools';
import { createTestApp, type TestApp } from './helpers';

function post(ctx: TestApp, token: string, text: string) {
  return ctx.app.request('/api/v1/documents/pdf', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': DOCX_TYPE },
    body: buildPackage({ body: paragraph(text) }) as BodyInit,
  });
}

describe('PDF_USER_CONCURRENCY', () => {
  let pool: PdfPool;
  let ctx: TestApp;
  beforeAll(async () => {
    pool = await testPool({ workers: 1, queue: 8, userConcurrency: 2 });
    ctx = await createTestApp('sqlite', { deps: { pdf: pool } });
  });
  afterAll(async () => {
    await ctx.close();
    await closePool(pool);
  });

  test('a user holding two places gets 429 with Retry-After; another user still converts', async () => {
    const busy = await ctx.signedIn('staff');
    const other = await ctx.signedIn('staff');
    // The busy user's two conversions, held open (as two long documents would be).
    let finish!: () => void;
    const open = new Promise<void>((resolve) => (finish = resolve));
    const holding = [1, 2].map(() => pool.withTicket(String(busy.id), () => open));

    const refused = await post(ctx, busy.token, 'A third at once');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await refused.json()).message).toMatch(
      /^You already have 2 PDF conversions running or waiting\. Please wait for one to finish, then try again in \d+ seconds?\.$/,
    );

    const res = await post(ctx, other.token, 'Someone else converts');
    expect(res.status).toBe(200);
    expect(await pdfText(new Uint8Array(await res.arrayBuffer()))).toContain(
      'Someone else converts',
    );

    finish();
    await Promise.all(holding);
    const again = await post(ctx, busy.token, 'Their turn again');
    expect(again.status).toBe(200);
  });
});

describe('when the walls cannot be raised', () => {
  let pool: PdfPool;
  let ctx: TestApp;
  let token: string;
  beforeAll(async () => {
    // A bubblewrap that cannot make its namespaces, as on a host that forbids them.
    pool = await testPool({ bwrap: '/bin/false' });
    ctx = await createTestApp('sqlite', { deps: { pdf: pool } });
    token = (await ctx.signedIn('staff')).token;
    await pool.prepare();
  });
  afterAll(async () => {
    await ctx.close();
    await closePool(pool);
  });

  test('/readyz says conversion is off and why; the node itself stays ready', async () => {
    const res = await ctx.get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body.pdf_conversion.available).toBe(false);
    expect(res.body.pdf_conversion.reason).toMatch(
      /^the walls around LibreOffice cannot be raised here .*set PDF_SANDBOX=off on purpose$/,
    );
  });

  test('the page is told PDF is off, and a conversion is refused with 503', async () => {
    const capability = await ctx.get('/api/v1/documents/pdf', { token });
    expect(capability.body.data).toEqual({ enabled: false, max_bytes: 0 });
    const res = await post(ctx, token, 'Never converted');
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe('PDF conversion is not available on this server.');
  });
});
