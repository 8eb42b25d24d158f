// How far a user's long document is (docs/pdf-chunks.md, "Progress"): the sections of the
// document and, as chunks are converted, the sections and pages done. The page sends a random id
// with POST /documents/pdf and polls GET /documents/pdf/progress/:id. This node's jobs are kept
// here; a job shared through PostgreSQL is read from its rows (SharedChunks.progress), so a poll
// answered by another node sees it too.
import { readFile } from 'node:fs/promises';

/** What a poll answers. `sections` is null until the document was cut (or when it is not). */
export interface PdfProgressCounts {
  sections: number | null;
  chunks: number;
  chunksDone: number;
  sectionsDone: number;
  pagesDone: number;
}

/** The hook a conversion in chunks calls (src/server/pdf/chunked.ts). */
export interface ChunkProgress {
  /** Whose job it is and the id the page polls it by (written into a shared job's row). */
  readonly user: string;
  readonly id: string;
  /** The document was cut: `sections` in `chunks` chunks. */
  cut(sections: number, chunks: number): void;
  /** A chunk of sections `first`–`last` was converted into `pages` pages. */
  converted(first: number, last: number, pages: number): void;
}

/** A random id of the page's own: 16–64 letters, digits, `-` or `_`. */
export const PROGRESS_ID = /^[A-Za-z0-9_-]{16,64}$/;

const PAGE = /\/Type\s*\/Page(?![A-Za-z])/g;

/**
 * Pages of a PDF made by LibreOffice, by its page objects (LibreOffice writes no object
 * streams); `fallback` when none is found.
 */
export function countPdfPages(pdf: Uint8Array, fallback: number): number {
  const found = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)
    .toString('latin1')
    .match(PAGE)?.length;
  return found || fallback;
}

export async function pdfFilePages(file: string, fallback: number): Promise<number> {
  return countPdfPages(await readFile(file), fallback);
}

/** This node's jobs in progress, by user and id; a job leaves when its answer is ready. */
export class PdfProgressBoard {
  private readonly jobs = new Map<string, PdfProgressCounts>();

  /** A job's counts to fill, or null when this user's id is already taken by a running job. */
  open(user: string, id: string): (ChunkProgress & { close(): void }) | null {
    const key = `${user}\n${id}`;
    if (this.jobs.has(key)) return null;
    const counts: PdfProgressCounts = {
      sections: null,
      chunks: 0,
      chunksDone: 0,
      sectionsDone: 0,
      pagesDone: 0,
    };
    this.jobs.set(key, counts);
    return {
      user,
      id,
      cut(sections, chunks) {
        counts.sections = sections;
        counts.chunks = chunks;
      },
      converted(first, last, pages) {
        counts.chunksDone += 1;
        counts.sectionsDone += last - first + 1;
        counts.pagesDone += pages;
      },
      close: () => {
        if (this.jobs.get(key) === counts) this.jobs.delete(key);
      },
    };
  }

  get(user: string, id: string): PdfProgressCounts | undefined {
    const counts = this.jobs.get(`${user}\n${id}`);
    return counts && { ...counts };
  }
}
