// A recipient's pages of a job's merged PDF without pdf-lib copies (docs/delivery.md, "Memory").
// The merged PDF is read lazily (src/server/pdf/lazyPdf.ts: its cross-reference table, its page
// tree's page numbers, and each object parsed from its offset when a mail needs it), or, when that
// reader refuses the file, parsed whole by pdf-lib as before. Each object is serialised when a mail
// needs it and kept as bytes once a second mail needs it too (fonts, images). A recipient's PDF is
// its pages (their inherited attributes made their own) and every object they reach, those bytes
// concatenated under their original numbers, plus a new page tree, catalogue and cross-reference
// table: a mail costs about its own size in garbage instead of a copied document and its
// serialisation. What a page reaches is followed except `/Parent` and the other pages of the run
// (a link to another customer's page is left dangling, which a reader takes as null), so no mail
// ever carries another row's page.
// The bytes are read by range (./fileChunks.ts): a read of a chunk not in memory yet throws
// BytesMissing, the chunk is loaded, and the cut is made again from its start (what the failed try
// serialised is made again the same; an object it met counts as met once, so an object of that
// mail may be kept as bytes like a shared font: a few per chunk boundary crossed).
import {
  documentSource,
  pageCutter,
  type CutSource,
  type PageCutter,
} from '../../domain/pdf/pageCut';
import { openLazyPdfLoading, PdfRefused, withLoading, type LazyPdf } from '../pdf/lazyPdf';
import { inMemory, type PdfFile } from './fileChunks';
import { zlibContent } from './zlibContent';

import type { PDFRef } from '@cantoo/pdf-lib';

type Lib = typeof import('@cantoo/pdf-lib');

/** The lazy reader: objects parsed from their offsets when asked for, none kept. */
export function lazySource(lib: Lib, pdf: LazyPdf): CutSource {
  return {
    context: pdf.context,
    pageCount: pdf.pageCount,
    largestObjectNumber: pdf.largestObjectNumber,
    pageRef: (i) => pdf.pageRef(i),
    pageLeaf: (i) => {
      const leaf = pdf.lookup(pdf.pageRef(i));
      if (!(leaf instanceof lib.PDFPageLeaf)) throw new PdfRefused(`page ${i + 1} is gone`);
      return leaf;
    },
    inherited: (i, key) => pdf.inherited(i).find(([k]) => k === lib.PDFName.of(key))?.[1],
    isPage: (n) => pdf.isPage(n),
    // The cut hands back the references it read from this reader's objects.
    lookup: (ref) => pdf.lookup(ref as PDFRef),
  };
}

/** The cut's bytes as the mail's attachment takes them (no copy). */
const asBuffer = (bytes: Uint8Array) =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A cutter whose cut may have to parse the whole file first (`openCutter`). */
export interface MergedPdf {
  readonly pageCount: number;
  cut(from: number, to: number): Promise<Buffer>;
}

/**
 * The cutter of a merged PDF: the lazy reader's, or pdf-lib's whole parse when the lazy reader
 * refuses the file (an object stream, encryption, ...), also when it refuses an object midway
 * (one not where the table says): from then on that file is cut from the whole parse. One cut at
 * a time: the chunks a cut loaded stay until it ends (./fileChunks.ts).
 */
export async function openCutter(lib: Lib, input: Uint8Array | PdfFile): Promise<MergedPdf> {
  const file = input instanceof Uint8Array ? inMemory(input) : input;
  const decode = zlibContent(lib);
  const whole = async () =>
    pageCutter(
      lib,
      documentSource(
        lib,
        await lib.PDFDocument.load(await file.whole(), { updateMetadata: false }),
      ),
      { decode },
    );
  let cutter: PageCutter;
  try {
    cutter = pageCutter(lib, lazySource(lib, await openLazyPdfLoading(lib, file.source)), {
      decode,
    });
  } catch {
    cutter = await whole();
    return { pageCount: cutter.pageCount, cut: async (from, to) => asBuffer(cutter.cut(from, to)) };
  }
  let fallback: Promise<PageCutter> | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  async function cut(from: number, to: number): Promise<Buffer> {
    if (!fallback)
      try {
        return asBuffer(await withLoading(file.source, () => cutter.cut(from, to)));
      } catch (error) {
        if (!(error instanceof PdfRefused)) throw error;
        fallback = whole();
      }
    return asBuffer((await fallback).cut(from, to));
  }
  return {
    pageCount: cutter.pageCount,
    cut(from, to) {
      const next = previous.then(() => cut(from, to));
      previous = next.catch(() => undefined);
      return next;
    },
  };
}

/**
 * The pages a page tree's /Count declares and the walk finds, read lazily; pdf-lib's whole parse
 * when the lazy reader refuses the file. Throws when neither reads it.
 */
export async function pdfPageCount(lib: Lib, input: Uint8Array | PdfFile): Promise<number> {
  const file = input instanceof Uint8Array ? inMemory(input) : input;
  try {
    return (await openLazyPdfLoading(lib, file.source)).pageCount;
  } catch {
    return (
      await lib.PDFDocument.load(await file.whole(), { updateMetadata: false })
    ).getPageCount();
  }
}
