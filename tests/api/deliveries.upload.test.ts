// The job's upload is read as it arrives (docs/delivery.md, "Memory"): the documents go to files
// under DATA_DIR/uploads, removed when the answer is made. A body over the route's limit with no
// declared length is refused while it streams (the rest is never read) and nothing is saved: no
// job, no file, no row, no upload left on disk. A job sent in small chunks, its boundaries split
// across them, is read whole.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storedFile } from '../../src/server/delivery/fileChunks';
import { jobForm, mergedPdf, rowsFor } from '../support/deliveryJob';
import { uploadApp } from './deliveries.support';
import { ENGINES, type Ctx } from './business.support';

const LIMIT = 64 * 1024;

/** The form's bytes as a stream of `chunk`-byte pieces, with how many bytes were pulled. */
async function streamed(form: FormData, chunk: number) {
  const request = new Request('http://x/', { method: 'POST', body: form });
  const bytes = new Uint8Array(await request.arrayBuffer());
  const pulled = { bytes: 0, total: bytes.length };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(pulled.bytes, pulled.bytes + chunk));
      pulled.bytes += chunk;
    },
  });
  return { body, pulled, type: request.headers.get('content-type')! };
}

describe.each(ENGINES)('the delivery upload, streamed, on %s', (engine) => {
  let ctx: Ctx;
  let token = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'di-upload-'));
  beforeAll(async () => {
    ({ ctx, token } = await uploadApp(engine, dataDir, LIMIT));
  });
  afterAll(() => ctx.close());

  const post = (body: BodyInit, type: string) =>
    ctx.app.request('/api/v1/deliveries', {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      duplex: 'half',
    } as RequestInit);
  const count = async (
    table: 'deliveries' | 'delivery_files' | 'delivery_file_chunks' | 'delivery_recipients',
  ) =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const uploadsLeft = () => readdirSync(path.join(dataDir, 'uploads'));

  test('a body over the limit is refused while it streams, and nothing is saved', async () => {
    const addresses = Array.from({ length: 400 }, (_, i) => `c${i}@example.com`);
    const pdf = await mergedPdf(addresses.map((a, i) => ({ key: `K${i}`, customer: a })));
    const form = jobForm({ period: '2025-04', recipients: rowsFor(addresses) }, pdf);
    const { body, pulled, type } = await streamed(form, 16 * 1024);
    expect(pulled.total).toBeGreaterThan(2 * LIMIT);

    const res = await post(body, type);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'Request body is too large' });
    // Refused at the limit, not after reading the whole body.
    expect(pulled.bytes).toBeLessThan(pulled.total);
    expect(await count('deliveries')).toBe(0);
    expect(await count('delivery_files')).toBe(0);
    expect(await count('delivery_file_chunks')).toBe(0);
    expect(await count('delivery_recipients')).toBe(0);
    expect(uploadsLeft()).toEqual([]);
  });

  test('a declared length over the limit is refused before the body is read', async () => {
    const request = new Request('http://x/', {
      method: 'POST',
      body: jobForm(
        { period: '2025-04', recipients: rowsFor(['a@example.com']) },
        new Uint8Array(LIMIT + 1),
      ),
    });
    const bytes = new Uint8Array(await request.arrayBuffer());
    const res = await ctx.app.request('/api/v1/deliveries', {
      method: 'POST',
      body: bytes,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': request.headers.get('content-type')!,
        'content-length': String(bytes.length),
      },
    });
    expect(res.status).toBe(413);
    expect(await count('deliveries')).toBe(0);
  });

  test('a job in chunks of 7 bytes is read whole: its rows and its document stored', async () => {
    const addresses = ['ani@example.com', 'budi@example.com', 'cici@example.com'];
    const pdf = await mergedPdf(addresses.map((a, i) => ({ key: `K${i}`, customer: a })));
    const form = jobForm({ period: '2025-04', recipients: rowsFor(addresses) }, pdf);
    const { body, type } = await streamed(form, 7);

    const res = await post(body, type);
    expect(res.status).toBe(201);
    expect((await res.json()).data).toMatchObject({ queued: 3, refused: [], skipped: [] });
    const stored = await ctx.db.selectFrom('delivery_files').select('id').execute();
    const bytes = await Promise.all(
      stored.map(async (f) => (await storedFile(ctx.db, f.id)).whole()),
    );
    expect(bytes.map((b) => Buffer.from(b).equals(Buffer.from(pdf)))).toEqual([true]);
    const rows = await ctx.db
      .selectFrom('delivery_recipients')
      .select(['addresses', 'page_from'])
      .orderBy('page_from')
      .execute();
    expect(rows).toEqual(addresses.map((a, i) => ({ addresses: a, page_from: i + 1 })));
    expect(uploadsLeft()).toEqual([]);
  });
});
