// How far the server's conversion of a long document is, as the generator shows it
// (docs/generator.md, "PDF outputs"): `Converting to PDF… 3,000 / 10,000 pages`.

/** What the server counts (GET /documents/pdf/progress/:id, docs/pdf-chunks.md "Progress"). */
export interface PdfProgressCounts {
  /** The document's sections; null until the server cut it in chunks (or when it did not). */
  readonly sections: number | null;
  readonly sectionsDone: number;
  readonly pagesDone: number;
}

export interface PdfPages {
  readonly done: number;
  readonly total: number;
}

/**
 * Pages done and the pages expected: the sections count while every section done was one page,
 * otherwise the sections count times the pages per section done so far (rounded; never below
 * the pages done). Null before the first chunk is done.
 */
export function pdfPages(counts: PdfProgressCounts): PdfPages | null {
  const { sections, sectionsDone, pagesDone } = counts;
  if (sections === null || sectionsDone <= 0 || pagesDone <= 0) return null;
  const total =
    pagesDone === sectionsDone ? sections : Math.round((pagesDone / sectionsDone) * sections);
  return { done: pagesDone, total: Math.max(total, pagesDone) };
}

/** A random id the page sends with a conversion and polls its progress by (32 hex digits). */
export function newProgressId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
