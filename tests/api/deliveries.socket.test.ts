// The job's upload over a real socket (docs/delivery.md, "Memory"): the Node server's own request
// stream is read, not the web stream Hono's adapter would make of it (which copies every chunk
// and queues them all). A job written in 7-byte pieces is stored whole; a body far over the
// route's limit, its length not declared, is answered 413 over the socket while it streams, and
// nothing is saved.
import { mkdtempSync, readdirSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { serve } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { storedFile } from '../../src/server/delivery/fileChunks';
import { jobForm, mergedPdf, rowsFor } from '../support/deliveryJob';
import { uploadApp } from './deliveries.support';
import { countRows, ENGINES, type Ctx } from './business.support';

const LIMIT = 64 * 1024;

async function formBytes(form: FormData) {
  const made = new Request('http://x/', { method: 'POST', body: form });
  return { bytes: Buffer.from(await made.arrayBuffer()), type: made.headers.get('content-type')! };
}

/** POSTs `bytes` with no declared length, `piece` bytes a write, following the socket's pace. */
function postChunked(
  url: string,
  token: string,
  type: string,
  bytes: Buffer,
  piece: number,
  agent?: Agent,
) {
  return new Promise<{ status: number; body: any; written: number }>((resolve, reject) => {
    let written = 0;
    const req = request(url, {
      method: 'POST',
      agent,
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
    });
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          body: JSON.parse(Buffer.concat(parts).toString()),
          written,
        }),
      );
    });
    req.on('error', reject);
    const pump = () => {
      while (written < bytes.length) {
        const next = bytes.subarray(written, written + piece);
        written += next.length;
        if (!req.write(next)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe.each(ENGINES)('the delivery upload over a socket, on %s', (engine) => {
  let ctx: Ctx;
  let token = '';
  let url = '';
  let server: ReturnType<typeof serve>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'di-upload-socket-'));
  beforeAll(async () => {
    ({ ctx, token } = await uploadApp(engine, dataDir, LIMIT));
    server = serve({ fetch: ctx.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/deliveries`;
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });
  const uploadsLeft = () => readdirSync(path.join(dataDir, 'uploads'));

  test('a job written in pieces of 7 bytes is read from the request stream and stored whole', async () => {
    const toWeb = vi.spyOn(Readable, 'toWeb');
    const addresses = ['ani@example.com', 'budi@example.com', 'cici@example.com'];
    const pdf = await mergedPdf(addresses.map((a, i) => ({ key: `K${i}`, customer: a })));
    const { bytes, type } = await formBytes(
      jobForm({ period: '2025-04', recipients: rowsFor(addresses) }, pdf),
    );

    const res = await postChunked(url, token, type, bytes, 7);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ queued: 3, refused: [], skipped: [] });
    expect(toWeb).not.toHaveBeenCalled();
    const file = await ctx.db
      .selectFrom('delivery_files')
      .select('id')
      .where('delivery_id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(Buffer.from(await (await storedFile(ctx.db, file.id)).whole()).equals(pdf)).toBe(true);
    const rows = await ctx.db
      .selectFrom('delivery_recipients')
      .select(['addresses', 'page_from'])
      .where('delivery_id', '=', res.body.data.id)
      .orderBy('page_from')
      .execute();
    expect(rows).toEqual(addresses.map((a, i) => ({ addresses: a, page_from: i + 1 })));
    expect(uploadsLeft()).toEqual([]);
  });

  test('two jobs one after the other on one kept-alive connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set();
    agent.on('free', (socket) => sockets.add(socket));
    try {
      for (const key of ['A', 'B']) {
        const addresses = [`${key.toLowerCase()}@example.com`];
        const pdf = await mergedPdf([{ key, customer: addresses[0] }]);
        const { bytes, type } = await formBytes(
          jobForm({ period: '2025-04', recipients: rowsFor(addresses, `KA-${key}-`) }, pdf),
        );
        const res = await postChunked(url, token, type, bytes, 1000, agent);
        expect(res.status).toBe(201);
        expect(res.body.data).toMatchObject({ queued: 1 });
      }
      expect(sockets.size).toBe(1);
    } finally {
      agent.destroy();
    }
  });

  test('a body far over the limit is answered 413 while it streams, and nothing is saved', async () => {
    const before = {
      deliveries: await countRows(ctx, 'deliveries'),
      files: await countRows(ctx, 'delivery_files'),
      chunks: await countRows(ctx, 'delivery_file_chunks'),
      recipients: await countRows(ctx, 'delivery_recipients'),
    };
    const { bytes, type } = await formBytes(
      jobForm(
        { period: '2025-04', recipients: rowsFor(['ani@example.com']) },
        new Uint8Array(8 * 1024 * 1024),
      ),
    );

    const res = await postChunked(url, token, type, bytes, 64 * 1024);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: 'Request body is too large' });
    expect(res.written).toBeLessThan(bytes.length);
    expect({
      deliveries: await countRows(ctx, 'deliveries'),
      files: await countRows(ctx, 'delivery_files'),
      chunks: await countRows(ctx, 'delivery_file_chunks'),
      recipients: await countRows(ctx, 'delivery_recipients'),
    }).toEqual(before);
    expect(uploadsLeft()).toEqual([]);
  });
});
