// GET /documents/pdf/progress/:id: how far the caller's long document is (docs/pdf-chunks.md,
// "Progress"). The page sends a random id with POST /documents/pdf?progress=<id> and polls this
// while it waits; only the user who sent the job reads it, others get 404 as for an unknown id.
import type { Context } from 'hono';
import { ApiError } from '../errors';
import { ok } from '../http/envelope';
import { PDF_MESSAGES } from '../pdf/messages';
import { PdfProgressBoard, PROGRESS_ID, type PdfProgressCounts } from '../pdf/progress';
import { sharedProgress } from '../pdf/sharedJobs';
import type { PdfPool } from '../pdf';
import type { AppEnv } from '../types';

/** This node's jobs in progress: one board per pool (a node has one pool). */
const boards = new WeakMap<PdfPool, PdfProgressBoard>();

function boardOf(pool: PdfPool): PdfProgressBoard {
  let board = boards.get(pool);
  if (!board) boards.set(pool, (board = new PdfProgressBoard()));
  return board;
}

/** The progress id of a POST, checked; undefined when the page sent none. */
function progressId(c: Context<AppEnv>, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!PROGRESS_ID.test(value)) throw new ApiError(400, PDF_MESSAGES.progressId);
  return value;
}

/** The POST's job on this node's board (409 when the caller runs one by this id already). */
export function openProgress(c: Context<AppEnv>, pool: PdfPool) {
  const id = progressId(c, c.req.query('progress'));
  if (id === undefined) return null;
  const job = boardOf(pool).open(String(c.get('user').id), id);
  if (!job) throw new ApiError(409, PDF_MESSAGES.progressInUse);
  return job;
}

export async function progress(c: Context<AppEnv>) {
  const id = progressId(c, c.req.param('id'))!;
  const user = String(c.get('user').id);
  const { pdf, pdfChunks, db } = c.get('deps');
  // A shared job is read from the database, whichever node received it (its counts there include
  // other nodes' chunks); before its rows exist, and on one node, from this node's board.
  const counts: PdfProgressCounts | undefined =
    (pdfChunks ? await sharedProgress(db, user, id) : undefined) ??
    (pdf ? boardOf(pdf).get(user, id) : undefined);
  if (!counts) throw new ApiError(404, PDF_MESSAGES.progressUnknown);
  return ok(c, {
    sections: counts.sections,
    chunks: counts.chunks,
    chunks_done: counts.chunksDone,
    sections_done: counts.sectionsDone,
    pages_done: counts.pagesDone,
  });
}
