// POST /documents/pdf: a signed-in user's (with the generator's menu) .docx → PDF, by LibreOffice in the sandboxed pool.
// Only a Word package reaches it, and only after the sanitiser took out every link it would follow.
// GET /documents/pdf: whether this server converts at all (the page hides its PDF choices if not).
// GET /documents/pdf/progress/:id: how far a long document is (./documents.progress.ts).
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { DocxRefusedError, type DocxRefusal } from '../../domain/docx';
import { ApiError } from '../errors';
import { ok } from '../http/envelope';
import { requireAuth, requireMenu } from '../http/requireAuth';
import { MENU_INVOICE_GENERATOR } from '../../domain/users/menu';
import { OUTCOME_STATUS, PDF_MESSAGES } from '../pdf/messages';
import {
  convertDocument,
  PdfBusyError,
  PdfChunkError,
  PdfConversionError,
  SandboxUnavailableError,
  type DocxCut,
  type PdfPool,
} from '../pdf';
import {
  SANITISE_LIMITS,
  SanitiseAbortedError,
  sanitiseInThread,
  SanitiseTimeoutError,
} from '../sanitise/inThread';
import { SANITISE_MESSAGES } from '../sanitise/messages';
import type { AppEnv } from '../types';
import { openProgress, progress } from './documents.progress';

export const PDF_ROUTE = '/api/v1/documents/pdf';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** XML unpacks to many times its zipped size; beyond this a package is a bomb, not an invoice run. */
const UNPACK_FACTOR = 40;

const REFUSAL_STATUS: Record<DocxRefusal, number> = {
  notZip: 415,
  notDocx: 415,
  damaged: 422,
  encrypted: 422,
  tooManyParts: 413,
  tooLarge: 413,
  partTooLarge: 413,
  tooComplex: 413,
  doctype: 422,
  encoding: 422,
};

function poolOf(c: Context<AppEnv>): PdfPool {
  const pool = c.get('deps').pdf;
  if (!pool?.enabled) throw new ApiError(503, PDF_MESSAGES.disabled);
  return pool;
}

function capability(c: Context<AppEnv>) {
  const pool = c.get('deps').pdf;
  const enabled = Boolean(pool?.enabled);
  return ok(c, { enabled, max_bytes: enabled ? pool!.config.maxBytes : 0 });
}

/** The sanitised package, already cut for the converter by the sanitiser's thread. */
async function sanitisedBody(
  c: Context<AppEnv>,
  pool: PdfPool,
  dropMarkers: boolean,
): Promise<Uint8Array | DocxCut> {
  const type = c.req.header('content-type')?.split(';')[0].trim().toLowerCase();
  if (type && type !== DOCX_TYPE && type !== 'application/octet-stream')
    throw new ApiError(415, PDF_MESSAGES.contentType);
  const body = new Uint8Array(await c.req.arrayBuffer());
  const maxUnpackedBytes = Math.min(
    UNPACK_FACTOR * pool.config.maxBytes,
    SANITISE_LIMITS.maxUnpackedBytes,
  );
  try {
    const { bytes, cut, report, notes } = await sanitiseInThread(
      body,
      { mode: 'pdf', maxUnpackedBytes, cut: { size: pool.config.chunkSections, dropMarkers } },
      c.req.raw.signal,
    );
    const removed =
      report.relationships + report.fields + report.elements + report.attributes + report.parts;
    if (removed)
      c.get('deps').logger.info('PDF conversion: links removed from the document', {
        requestId: c.get('requestId'),
        ...report,
        ...(notes.length ? { notes } : {}),
      });
    return cut ?? bytes;
  } catch (error) {
    throw refusal(error, maxUnpackedBytes);
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** Why the sanitiser refused, as the client's answer; anything else goes on as a server fault. */
function refusal(error: unknown, maxUnpackedBytes: number): unknown {
  if (error instanceof SanitiseTimeoutError)
    return new ApiError(413, SANITISE_MESSAGES.checkTooLong(SANITISE_LIMITS.timeoutMs / 1000));
  if (error instanceof SanitiseAbortedError) return new ApiError(400, SANITISE_MESSAGES.cancelled);
  if (!(error instanceof DocxRefusedError)) return error;
  const status = REFUSAL_STATUS[error.reason];
  if (error.reason === 'tooLarge')
    return new ApiError(status, SANITISE_MESSAGES.unpacksTooLarge(megabytes(maxUnpackedBytes)));
  if (error.reason === 'partTooLarge')
    return new ApiError(
      status,
      SANITISE_MESSAGES.partTooLarge(
        megabytes(Math.min(SANITISE_LIMITS.maxPartBytes, maxUnpackedBytes)),
      ),
    );
  return new ApiError(status, error.message);
}

function conversionError(error: PdfConversionError, pool: PdfPool): ApiError {
  const message =
    error.outcome === 'timeout'
      ? PDF_MESSAGES.timeout(Math.round(pool.config.timeoutMs / 1000))
      : PDF_MESSAGES[error.outcome];
  return new ApiError(
    OUTCOME_STATUS[error.outcome],
    error instanceof PdfChunkError ? PDF_MESSAGES.chunk(error.first, error.last, message) : message,
  );
}

/** 503 when the whole line is full, 429 when this user already holds PDF_USER_CONCURRENCY places. */
function busyError(error: PdfBusyError): ApiError {
  const seconds = error.retryAfterSeconds;
  const message =
    error.reason === 'user'
      ? PDF_MESSAGES.userBusy(error.limit, seconds)
      : PDF_MESSAGES.busy(seconds);
  return new ApiError(error.reason === 'user' ? 429 : 503, message, undefined, {
    'Retry-After': String(seconds),
  });
}

/** `?markers=drop`: one PDF wanted, without the section markers' outline entries (docs/pdf-chunks.md). */
function dropsMarkers(c: Context<AppEnv>): boolean {
  const markers = c.req.query('markers');
  if (markers === undefined || markers === 'keep') return false;
  if (markers === 'drop') return true;
  throw new ApiError(400, PDF_MESSAGES.markers);
}

async function convert(c: Context<AppEnv>) {
  const pool = poolOf(c);
  const dropMarkers = dropsMarkers(c);
  const job = openProgress(c, pool);
  let result;
  try {
    // The place is taken before the body is read, so a full line costs the server nothing.
    result = await pool.withTicket(String(c.get('user').id), async (ticket) =>
      convertDocument(pool, ticket, await sanitisedBody(c, pool, dropMarkers), c.req.raw.signal, {
        shared: c.get('deps').pdfChunks,
        progress: job,
        dropMarkers,
      }),
    );
  } catch (error) {
    if (error instanceof PdfBusyError) throw busyError(error);
    if (error instanceof PdfConversionError) throw conversionError(error, pool);
    if (error instanceof SandboxUnavailableError) throw new ApiError(503, PDF_MESSAGES.disabled);
    throw error;
  } finally {
    job?.close();
  }
  const file = createReadStream(result.file);
  // Nothing is kept: the conversion's directory goes when the answer ends, is cut or fails.
  file.once('close', () => void result.dispose());
  return new Response(Readable.toWeb(file) as ReadableStream, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(result.size),
      'Content-Disposition': 'attachment; filename="document.pdf"',
      'Cache-Control': 'no-store',
    },
  });
}

export function documentRoutes() {
  // Converting is part of the generator: a role without its menu neither converts nor asks.
  return new Hono<AppEnv>()
    .use('*', requireAuth, requireMenu(MENU_INVOICE_GENERATOR))
    .get('/pdf', capability)
    .get('/pdf/progress/:id', progress)
    .post('/pdf', convert);
}
