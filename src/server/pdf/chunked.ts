// One document, converted whole or, when it has more sections than PDF_CHUNK_SECTIONS, as chunks
// of sections on all slots at once and joined in order (docs/pdf-chunks.md). The whole document
// holds one of its user's places (one ticket) however many chunks it has.
import path from 'node:path';
import { cutDocx, type DocxChunk, type DocxCut } from './chunks';
import { startJoin } from './joinInThread';
import type { PdfPool } from './pool';
import { pdfFilePages, type ChunkProgress } from './progress';
import { PdfConversionError, type PdfResult } from './result';
import type { SharedChunks } from './shared';
import type { Ticket } from './tickets';

/** A chunk that failed: the job fails naming that chunk's rows (its sections, 1-based). */
export class PdfChunkError extends PdfConversionError {
  constructor(
    cause: PdfConversionError,
    readonly first: number,
    readonly last: number,
  ) {
    super(cause.outcome, cause.message);
  }
}

/** Chunk `at` (0-based, of the document's chunks) is converted into `part`. */
export type ChunkConverted = (at: number, part: PdfResult) => void;

/**
 * `shared` (PostgreSQL): the chunks are work any node sharing the database may take
 * (./shared.ts); without it, this node's slots convert them all. Either way each chunk goes to
 * the join as soon as it is converted (`converted` below, the one place that knows it), and the
 * join appends it once every chunk before it is there. `progress` hears of the cut and of each
 * chunk converted here (./progress.ts). `dropMarkers`: the user asked for one PDF, so the
 * section markers that cut it in chunks leave every chunk (and a document converted whole).
 * `document` is the sanitised package, or its cut already made (the sanitiser's thread cuts it,
 * so the document's XML is never read whole on the event loop).
 */
export async function convertDocument(
  pool: PdfPool,
  ticket: Ticket,
  document: Uint8Array | DocxCut,
  signal: AbortSignal,
  options: {
    shared?: SharedChunks | null;
    progress?: ChunkProgress | null;
    dropMarkers?: boolean;
  } = {},
): Promise<PdfResult & { chunks: number }> {
  const { shared, progress, dropMarkers = false } = options;
  const cut =
    document instanceof Uint8Array
      ? cutDocx(document, pool.config.chunkSections, { dropMarkers })
      : document;
  if ('whole' in cut) return { ...(await pool.convert(ticket, cut.whole, signal)), chunks: 1 };
  const { chunks } = cut;
  progress?.cut(chunks[chunks.length - 1].last, chunks.length);
  const { dir, dispose } = await pool.jobDirectory();
  const output = path.join(dir, 'joined.pdf');
  const join = startJoin(output, chunks.length, signal);
  const converted: ChunkConverted = (at, part) => join.add(at, part.file);
  let parts: PdfResult[] = [];
  try {
    parts = shared
      ? await shared.convert(ticket, chunks, signal, converted, progress)
      : await convertHere(pool, ticket, chunks, signal, converted, progress);
    const { size } = await join.done;
    return { file: output, size, dispose, chunks: chunks.length };
  } catch (error) {
    await join.cancel();
    await dispose();
    throw error;
  } finally {
    await Promise.all(parts.map((part) => part.dispose()));
  }
}

const chunkPages = (chunk: DocxChunk, file: string) =>
  pdfFilePages(file, chunk.last - chunk.first + 1);

/** Up to PDF_WORKERS loops of this node, each converting one chunk at a time, in order. */
async function convertHere(
  pool: PdfPool,
  ticket: Ticket,
  chunks: DocxChunk[],
  signal: AbortSignal,
  converted: ChunkConverted,
  progress?: ChunkProgress | null,
): Promise<PdfResult[]> {
  const stop = new AbortController();
  const cancel = () => stop.abort();
  signal.addEventListener('abort', cancel, { once: true });
  const results: (PdfResult | undefined)[] = chunks.map(() => undefined);
  let failure: Error | undefined;
  let next = 0;
  const slotLoop = async () => {
    while (next < chunks.length && !stop.signal.aborted) {
      const at = next++;
      const chunk: DocxChunk = chunks[at];
      try {
        const result = await pool.convert(ticket, chunk.bytes, stop.signal);
        results[at] = result;
        pool.stats.chunkConverted();
        converted(at, result);
        if (progress)
          progress.converted(chunk.first, chunk.last, await chunkPages(chunk, result.file));
      } catch (error) {
        // The first real failure names its rows; the others were stopped because of it. Every
        // loop ends before the results are disposed, so no chunk's directory outlives the job.
        if (!(error instanceof PdfConversionError)) failure ??= error as Error;
        else if (!failure && !(error.outcome === 'aborted' && stop.signal.aborted))
          failure = new PdfChunkError(error, chunk.first, chunk.last);
        stop.abort();
      }
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(pool.config.workers, chunks.length) }, slotLoop),
    );
    if (signal.aborted) throw new PdfConversionError('aborted', 'The conversion was cancelled');
    if (failure) throw failure;
    return results as PdfResult[];
  } catch (error) {
    stop.abort();
    await Promise.all(results.map((part) => part?.dispose()));
    throw error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}
