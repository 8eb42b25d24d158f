// POST /deliveries: the page hands a job over once (docs/delivery.md). A multipart body: `job`
// (JSON: period, attachment kind, reply-to, the recipients with their subjects, messages, keys and
// pages) and the documents: `merged` (one PDF, each row a page range of it) or one .docx part per
// row. Rows that cannot be sent are refused one by one and named; keys sent before for the period
// are left out unless listed in `resend_keys`. The sender is always MAIL_FROM.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { DocxRefusedError, sanitiseDocx } from '../../domain/docx';
import { attachmentName, refusalOf } from '../../domain/delivery/delivery';
import { storedZipEntries } from '../../domain/zip/stored';
import { audit } from '../audit/record';
import type { Database } from '../db/schema';
import { pdfLib } from '../delivery/attachments';
import { DEFAULT_DELIVERY_CONFIG } from '../delivery/config';
import { fileOnDisk, storeFile, type Stored } from '../delivery/fileChunks';
import { pdfPageCount } from '../delivery/pdfCut';
import { startOfUtcDay } from '../delivery/sender';
import { ApiError } from '../errors';
import { closeAfterAnswer } from '../http/fast/lingeringClose';
import {
  boundaryOf,
  readMultipart,
  requestChunks,
  type StreamedForm,
} from '../http/multipartStream';
import { ok } from '../http/envelope';
import { nodeDeflateCodec } from '../pdf/codec';
import type { AppEnv } from '../types';
import { DELIVERIES_BODY_LIMIT, DELIVERIES_ROUTE } from './deliveries.limits';
import { parseJob } from './deliveries.job';
import { DELIVERY_MESSAGES as M, notice, refusal } from './deliveries.messages';

/** The job's JSON: 20,000 recipients of long texts fit; the documents go to disk. */
const MAX_JOB_BYTES = 32 * 1024 * 1024;

/** The body read as it arrives into `dir` (docs/delivery.md, "Memory"). */
async function readForm(c: Context<AppEnv>, dir: string): Promise<StreamedForm> {
  const boundary = boundaryOf(c.req.header('content-type'));
  if (!boundary) throw new ApiError(400, M.badJob, 'job');
  const maxBytes = c.get('deps').bodyLimits?.routes?.[DELIVERIES_ROUTE] ?? DELIVERIES_BODY_LIMIT;
  try {
    return await readMultipart(requestChunks(c), boundary, dir, {
      maxBytes,
      maxFieldBytes: MAX_JOB_BYTES,
    });
  } catch (error) {
    // The rest of a refused body may still be on its way: answer, then close.
    if (error instanceof ApiError && error.status === 413) closeAfterAnswer(c);
    throw error;
  }
}

/** Keys of the period already sent, being sent, or whose sending is unknown. */
export async function keysTaken(db: Kysely<Database>, summaryId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('delivery_recipients')
    .select('invoice_key')
    .distinct()
    .where('invoice_summary_id', '=', summaryId)
    .where('status', 'in', ['sent', 'queued', 'sending', 'unknown'])
    .execute();
  return new Set(rows.map((r) => r.invoice_key));
}

async function checkUserLimits(c: Context<AppEnv>, recipients: number): Promise<void> {
  const { db, now, config } = c.get('deps');
  const limits = config.delivery ?? DEFAULT_DELIVERY_CONFIG;
  const today = await db
    .selectFrom('deliveries')
    .select((eb) => [eb.fn.countAll<number>().as('jobs'), eb.fn.sum<number>('total').as('rows')])
    .where('created_by', '=', c.get('user').id)
    .where('created_at', '>=', startOfUtcDay(now()).toISOString())
    .executeTakeFirstOrThrow();
  if (Number(today.jobs) >= limits.userDailyJobs)
    throw refusal(429, 'userJobLimit', M.userJobLimit(limits.userDailyJobs), {
      limit: limits.userDailyJobs,
    });
  if (Number(today.rows ?? 0) + recipients > limits.userDailyRecipients)
    throw refusal(429, 'userRecipientLimit', M.userRecipientLimit(limits.userDailyRecipients), {
      limit: limits.userDailyRecipients,
    });
}

export async function createDelivery(c: Context<AppEnv>) {
  // Under DATA_DIR: the app's own disk, private to it, and gone when the answer is.
  const uploads = path.join(c.get('deps').config.dataDir, 'uploads');
  await mkdir(uploads, { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(path.join(uploads, 'delivery-'));
  try {
    const form = await readForm(c, dir);
    const pathOf = (name: string | undefined) =>
      name === undefined ? undefined : form.files.get(name)?.path;
    // A .docx part, read whole to be sanitised (each is small); the merged PDF stays on disk.
    const read = async (name: string | undefined) => {
      const file = pathOf(name);
      return file ? await readFile(file) : null;
    };
    return await createFrom(c, form.fields.get('job'), read, pathOf);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function createFrom(
  c: Context<AppEnv>,
  rawJob: string | undefined,
  read: (name: string | undefined) => Promise<Uint8Array | null>,
  pathOf: (name: string | undefined) => string | undefined,
) {
  const { db, now, config } = c.get('deps');
  const user = c.get('user');
  const job = parseJob(rawJob);
  const summary = await db
    .selectFrom('invoice_summaries')
    .select(['id', 'invoice_period'])
    .where('invoice_period', '=', job.period)
    .executeTakeFirst();
  if (!summary)
    throw refusal(
      404,
      'periodNotFound',
      M.periodNotFound(job.period),
      { period: job.period },
      'period',
    );

  const refused: { row: number; key: string; reason: string }[] = [];
  const skipped: { row: number; key: string }[] = [];
  const taken = await keysTaken(db, summary.id);
  const resend = new Set(job.resend_keys ?? []);
  const seen = new Set<string>();
  const accepted = job.recipients.filter((r) => {
    const reason = refusalOf(r);
    if (reason) refused.push({ row: r.row, key: r.key, reason });
    else if (seen.has(r.key)) refused.push({ row: r.row, key: r.key, reason: 'duplicateKey' });
    else if (taken.has(r.key) && !resend.has(r.key)) skipped.push({ row: r.row, key: r.key });
    else {
      seen.add(r.key);
      return true;
    }
    return false;
  });
  if (!accepted.length)
    return c.json(
      {
        success: false,
        error: M.nothingToSend,
        message: M.nothingToSend,
        data: { refused, skipped },
      },
      400,
    );
  await checkUserLimits(c, accepted.length);

  // The documents: one merged PDF, or one .docx per row; checked before anything is stored.
  const files = new Map<string, Stored>();
  if (job.attachment === 'pdf') {
    const merged = pathOf('merged');
    if (!merged) throw new ApiError(400, M.noDocument, 'merged');
    // Counted by the lazy reader reading the uploaded file by ranges (its page tree's /Count
    // checked against the pages walked), pdf-lib's whole parse when it refuses the file
    // (docs/delivery.md, "Memory"); never read whole otherwise.
    let pages: number;
    const file = fileOnDisk(merged);
    try {
      pages = await pdfPageCount(await pdfLib(), file);
    } catch {
      throw new ApiError(422, M.notPdf, 'merged');
    } finally {
      file.close();
    }
    const beyond = accepted.find((r) => !r.pages || r.pages[1] > pages);
    if (beyond)
      throw refusal(
        400,
        'badPages',
        M.badPages(beyond.row, pages),
        { row: beyond.row, pages },
        'recipients',
      );
    files.set('merged', { path: merged });
  } else {
    // Each row's .docx: a part of its own, or (as the page sends them) a file of the one
    // `documents` zip of stored files, named by the row's `file`.
    const archive = await read('documents');
    let inArchive: Map<string, Uint8Array> | null = null;
    if (archive) {
      try {
        inArchive = new Map(
          storedZipEntries(archive).map((e) => [e.name, archive.subarray(e.start, e.end)]),
        );
      } catch {
        throw new ApiError(400, M.badDocuments, 'documents');
      }
    }
    for (const r of accepted) {
      const bytes = !r.file
        ? null
        : inArchive
          ? (inArchive.get(r.file) ?? null)
          : await read(r.file);
      if (!bytes)
        throw refusal(400, 'missingDocx', M.missingDocx(r.row), { row: r.row }, 'recipients');
      try {
        files.set(
          r.file!,
          sanitiseDocx(bytes, {
            mode: 'document',
            codec: nodeDeflateCodec,
            maxUnpackedBytes: 64 * 1024 * 1024,
          }).bytes,
        );
      } catch (error) {
        if (error instanceof DocxRefusedError)
          throw refusal(422, 'badDocx', M.badDocx(r.row), { row: r.row }, 'recipients');
        throw error;
      }
    }
  }

  const at = now().toISOString();
  const created = await db.transaction().execute(async (trx) => {
    const delivery = await trx
      .insertInto('deliveries')
      .values({
        invoice_summary_id: summary.id,
        created_by: user.id,
        created_by_name: user.name,
        created_at: at,
        status: 'active',
        attachment_kind: job.attachment,
        sender: config.mailFrom,
        reply_to: job.reply_to || null,
        total: accepted.length,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fileIds = new Map<string, number>();
    // In chunks of about 1 MB, the merged PDF read from its file a chunk at a time.
    for (const [name, document] of files)
      fileIds.set(name, await storeFile(trx, delivery.id, document));
    for (let i = 0; i < accepted.length; i += 500) {
      await trx
        .insertInto('delivery_recipients')
        .values(
          accepted.slice(i, i + 500).map((r) => ({
            delivery_id: delivery.id,
            invoice_summary_id: summary.id,
            row_number: r.row,
            invoice_key: r.key,
            addresses: r.to
              .split(/[;,]/)
              .map((a) => a.trim())
              .filter(Boolean)
              .join(', '),
            subject: r.subject,
            body: r.message,
            attachment_name: attachmentName(r.key, job.attachment),
            file_id: fileIds.get(job.attachment === 'pdf' ? 'merged' : r.file!) ?? null,
            page_from: r.pages?.[0] ?? null,
            page_to: r.pages?.[1] ?? null,
            status: 'queued' as const,
            run_after: at,
          })),
        )
        .execute();
    }
    await audit(trx, c, {
      entity: 'invoice_summary',
      entityId: summary.id,
      entityLabel: summary.invoice_period,
      entityVersion: null,
      action: 'delivery_start',
      changes: [{ field: 'number_of_delivered_invoice', from: null, to: accepted.length }],
    });
    return delivery;
  });
  return ok(
    c,
    { id: created.id, queued: accepted.length, refused, skipped, sender: config.mailFrom },
    M.started(accepted.length),
    201,
    notice('queued', accepted.length),
  );
}
