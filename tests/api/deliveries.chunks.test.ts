// A job's documents are stored in chunks and read by range (docs/delivery.md, "Memory";
// src/server/delivery/fileChunks.ts), on both databases: a merged PDF larger than a chunk, its
// objects lying across the chunks' boundaries, is stored as its chunks and every recipient's
// attachment is byte for byte the cut from the whole Buffer; a file stored before the chunks (one
// blob, no size) still sends; retention removes the chunks with their file.
import * as lib from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHUNK_BYTES } from '../../src/server/delivery/fileChunks';
import { openCutter } from '../../src/server/delivery/pdfCut';
import { pruneDeliveries } from '../../src/server/delivery/retention';
import { bigMergedPdf, objectSpans } from '../support/bigMergedPdf';
import { jobForm, rowsFor } from '../support/deliveryJob';
import { deliveryCalls, testSender } from '../support/deliverySender';
import { startSmtpSink, type SmtpSink } from '../support/smtpSink';
import { ENGINES, insertSummary, setup, signedIn, type Ctx } from './business.support';

describe.each(ENGINES)('documents stored in chunks on %s', (engine) => {
  let ctx: Ctx;
  let sink: SmtpSink;
  let staff: Awaited<ReturnType<typeof signedIn>>;
  const { post, finished } = deliveryCalls(
    () => ctx,
    () => staff.token,
  );
  const jobs: { id: number; fileId: number }[] = [];

  beforeAll(async () => {
    ctx = await setup(engine);
    staff = await signedIn(ctx, 'staff');
    sink = await startSmtpSink();
    await insertSummary(ctx, '2025-07');
  });
  afterAll(async () => {
    await sink.close();
    await ctx.close();
  });

  /** Hands the job over; its id and its file's. */
  async function handOver(prefix: string, rows: number, pdf: Uint8Array) {
    const addresses = Array.from({ length: rows }, (_, i) => `c${i + 1}@example.com`);
    const res = await post(
      jobForm({ period: '2025-07', recipients: rowsFor(addresses, prefix) }, pdf),
    );
    expect(res.status).toBe(201);
    const file = await ctx.db
      .selectFrom('delivery_files')
      .select('id')
      .where('delivery_id', '=', res.body.data.id)
      .executeTakeFirstOrThrow();
    jobs.push({ id: res.body.data.id, fileId: file.id });
    return { id: res.body.data.id as number, fileId: file.id };
  }

  /** Sends the queued mails; each mail of the job is the cut of its page from the whole PDF. */
  async function sendAndCompare(id: number, prefix: string, pdf: Uint8Array, rows: number) {
    const sender = testSender(ctx, engine, sink);
    try {
      expect((await finished('2025-07', id)).counts).toMatchObject({ sent: rows });
    } finally {
      await sender.stop();
    }
    const whole = await openCutter(lib, Buffer.from(pdf));
    const mails = sink.received.filter((m) => m.subject?.includes(prefix));
    expect(mails).toHaveLength(rows);
    for (const mail of mails) {
      const page = Number(/(\d{4}) periode/.exec(mail.subject!)![1]);
      expect(mail.attachments).toHaveLength(1);
      expect(Buffer.compare(mail.attachments[0].content, await whole.cut(page, page))).toBe(0);
    }
  }

  const chunksOf = async (fileId: number) =>
    ctx.db
      .selectFrom('delivery_file_chunks')
      .select(['seq', 'start', 'bytes'])
      .where('file_id', '=', fileId)
      .orderBy('seq')
      .execute();

  test('a PDF larger than a chunk: stored as its chunks, every attachment the whole Buffer’s cut', async () => {
    const rows = 24;
    const pdf = await bigMergedPdf(
      Array.from({ length: rows }, (_, i) => ({ key: `CH-${i + 1}`, customer: `P ${i + 1}` })),
    );
    expect(pdf.length).toBeGreaterThan(CHUNK_BYTES);
    expect(objectSpans(pdf, CHUNK_BYTES)).toBe(true);
    const { id, fileId } = await handOver('CH-', rows, pdf);

    const file = await ctx.db
      .selectFrom('delivery_files')
      .select(['size', 'bytes'])
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(Number(file.size)).toBe(pdf.length);
    expect(file.bytes.length).toBe(0);
    const chunks = await chunksOf(fileId);
    expect(chunks.map((c) => [c.seq, Number(c.start), c.bytes.length])).toEqual(
      Array.from({ length: Math.ceil(pdf.length / CHUNK_BYTES) }, (_, seq) => [
        seq,
        seq * CHUNK_BYTES,
        Math.min(CHUNK_BYTES, pdf.length - seq * CHUNK_BYTES),
      ]),
    );
    expect(Buffer.compare(Buffer.concat(chunks.map((c) => c.bytes)), Buffer.from(pdf))).toBe(0);

    await sendAndCompare(id, 'CH-', pdf, rows);
  }, 120_000);

  test('a file stored before the chunks (one blob, no size) still sends', async () => {
    const rows = 3;
    const pdf = await bigMergedPdf(
      Array.from({ length: rows }, (_, i) => ({ key: `OLD-${i + 1}`, customer: `P ${i + 1}` })),
      2_000,
    );
    const { id, fileId } = await handOver('OLD-', rows, pdf);
    // As the migration leaves a row stored before it: its bytes whole, size null, no chunks.
    await ctx.db.deleteFrom('delivery_file_chunks').where('file_id', '=', fileId).execute();
    await ctx.db
      .updateTable('delivery_files')
      .set({ bytes: Buffer.from(pdf), size: null })
      .where('id', '=', fileId)
      .execute();

    await sendAndCompare(id, 'OLD-', pdf, rows);
  }, 60_000);

  test('retention removes a job’s chunks with its file, and only that job’s', async () => {
    expect(jobs).toHaveLength(2);
    const [big, old] = jobs;
    expect((await chunksOf(big.fileId)).length).toBeGreaterThan(1);
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await ctx.db
      .updateTable('deliveries')
      .set({ ended_at: longAgo })
      .where('id', '=', big.id)
      .execute();

    expect(await pruneDeliveries(ctx.db, 30, new Date())).toBe(1);
    expect(await chunksOf(big.fileId)).toEqual([]);
    const files = await ctx.db.selectFrom('delivery_files').select('id').execute();
    expect(files.map((f) => f.id)).toEqual([old.fileId]);
    const left = await ctx.db
      .selectFrom('delivery_file_chunks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
