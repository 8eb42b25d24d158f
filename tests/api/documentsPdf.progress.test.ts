// GET /documents/pdf/progress/:id while a long document converts in chunks (docs/pdf-chunks.md,
// "Progress"): the counts rise as chunks are done, only the user who sent the job reads them, an
// unknown or finished id is 404 and a malformed one 400. SQLite: this node's board; PostgreSQL:
// the job's rows, read as another node would.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SharedChunks, type PdfPool } from '../../src/server/pdf';
import { silentLogger } from '../../src/server/logger';
import { closePool, DOCX_TYPE, pdfNodeApp, testPool } from '../support/pdfApp';
import { pdfPages } from '../support/pdfTools';
import { merged, rowsOf } from '../support/sectionsDocx';
import { createTestApp, databases, testConfig, type TestApp } from './helpers';

interface Counts {
  sections: number | null;
  chunks: number;
  chunks_done: number;
  sections_done: number;
  pages_done: number;
}

describe.each(databases)('progress of a long document on %s', (kind) => {
  let ctx: TestApp;
  let app: ReturnType<typeof pdfNodeApp>;
  let pool: PdfPool;
  let shared: SharedChunks | null = null;
  let owner: string;
  let other: string;

  beforeAll(async () => {
    // One slot, chunks of two sections: the chunks are done one after another.
    pool = await testPool({ workers: 1, queue: 2, chunkSections: 2 });
    const config = testConfig('/nonexistent');
    ctx = await createTestApp(kind, { deps: { config } });
    // PostgreSQL: the node shares its chunks through the database, and progress is read there.
    shared =
      kind === 'postgres' ? new SharedChunks(ctx.db, kind, pool, silentLogger, 50, 50) : null;
    shared?.start();
    app = pdfNodeApp(ctx.db, config, pool, shared);
    await pool.prepare();
    owner = (await ctx.signedIn('staff')).token;
    other = (await ctx.signedIn('staff', { email: 'other@example.com', name: 'Other' })).token;
  }, 120_000);

  afterAll(async () => {
    await shared?.stop();
    await ctx?.close();
    if (pool) await closePool(pool);
  });

  const poll = (id: string, token: string) =>
    app.request(`/api/v1/documents/pdf/progress/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  test('the pages done rise chunk by chunk; other users and unknown ids get 404', async () => {
    const id = `job-${kind}-0123456789abcdef`;
    // Six sections of several pages each, in three chunks.
    const rows = rowsOf(6, (i) => `Customer ${i + 1} ` + 'lorem ipsum dolor '.repeat(1500));
    const body = await merged(rows);
    let answered = false;
    const answer = Promise.resolve(
      app.request(`/api/v1/documents/pdf?progress=${id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner}`, 'content-type': DOCX_TYPE },
        body: body as BodyInit,
      }),
    ).then((res) => {
      answered = true;
      return res;
    });
    const seen: Counts[] = [];
    let othersSaw = 0;
    while (!answered) {
      const res = await poll(id, owner);
      if (res.status === 200) seen.push(((await res.json()) as { data: Counts }).data);
      else expect(res.status).toBe(404); // not begun yet, or just answered
      const theirs = await poll(id, other);
      expect(theirs.status).toBe(404);
      othersSaw += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const res = await answer;
    expect(res.status, await res.clone().text()).toBe(200);
    const pages = await pdfPages(new Uint8Array(await res.arrayBuffer()));

    expect(othersSaw).toBeGreaterThan(0);
    const cut = seen.filter((counts) => counts.sections !== null);
    expect(cut.length).toBeGreaterThan(0);
    for (const counts of cut) {
      expect(counts.sections).toBe(6);
      expect(counts.chunks).toBe(3);
    }
    // Rising, and seen between the first chunk and the last.
    for (const [i, counts] of seen.entries())
      if (i > 0) expect(counts.pages_done).toBeGreaterThanOrEqual(seen[i - 1].pages_done);
    const between = seen.filter((counts) => counts.chunks_done > 0 && counts.chunks_done < 3);
    expect(between.length).toBeGreaterThan(0);
    for (const counts of between) {
      // A chunk done adds its pages: more than one a section here, never more than the PDF has.
      expect(counts.sections_done).toBe(2 * counts.chunks_done);
      expect(counts.pages_done).toBeGreaterThan(counts.sections_done);
      expect(counts.pages_done).toBeLessThan(pages);
    }
    // The job is over: its id is unknown again.
    expect((await poll(id, owner)).status).toBe(404);
  }, 180_000);

  test('an unknown id is 404, a malformed one 400', async () => {
    expect((await poll('no-such-job-0123456789', owner)).status).toBe(404);
    expect((await poll('short', owner)).status).toBe(400);
    expect((await poll('has%20a%20space%20in%20it%20', owner)).status).toBe(400);
    const res = await app.request('/api/v1/documents/pdf?progress=bad!', {
      method: 'POST',
      headers: { authorization: `Bearer ${owner}`, 'content-type': DOCX_TYPE },
      body: (await merged(rowsOf(1))) as BodyInit,
    });
    expect(res.status).toBe(400);
  });
});
