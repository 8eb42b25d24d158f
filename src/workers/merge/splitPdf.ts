// 'One PDF per row (.zip)': the merged document is converted once on the server, then its pages are
// split here per section. Each section starts with a marker paragraph (SECTION_MARKER_PARAGRAPH,
// an outline-level paragraph holding one zero-width space) that LibreOffice exports as a top-level
// outline entry pointing at the section's first page; Word bookmarks are not exported to the
// outline by LibreOffice's default PDF filter (tried with 7.x/25.x), outline paragraphs are.
import {
  decodePDFRawStream,
  PDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFPageLeaf,
  PDFRef,
  PDFStream,
  PDFString,
  PDFHexString,
} from '@cantoo/pdf-lib';
import { crc32 } from '../package';
import { localDateStamp } from './fileNames';
import { documentSource, pageCutter } from '../../domain/pdf/pageCut';
import { sealingEntryBlock, writeZip, zipBlob, type ZipEntry } from '../package';
import { OUTPUT_MIME, type StageResult } from '../../domain/generator/generationJob';

const MARKER_TEXT = '\u200B';
const PDF_LIB = {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFName,
  PDFPageLeaf,
  PDFRawStream,
  PDFRef,
  PDFStream,
};

/** Put at the start of each section of a merged document meant for splitting: a 1-pt outline paragraph. */
export const SECTION_MARKER_PARAGRAPH =
  '<w:p><w:pPr><w:outlineLvl w:val="0"/><w:spacing w:before="0" w:after="0" w:line="20" w:lineRule="exact"/>' +
  '<w:rPr><w:sz w:val="2"/></w:rPr></w:pPr><w:r><w:rPr><w:sz w:val="2"/></w:rPr><w:t>&#8203;</w:t></w:r></w:p>';

export const PDF_SECTIONS_NOT_FOUND =
  'The PDF does not show where each section starts, so it could not be split per row.';

function titleOf(item: PDFDict): string {
  const title = item.lookup(PDFName.of('Title'));
  return title instanceof PDFString || title instanceof PDFHexString ? title.decodeText() : '';
}

/** The page an outline entry points at (its /Dest, or the /D of its GoTo action). */
function destinationPage(item: PDFDict): PDFRef | null {
  let dest = item.lookup(PDFName.of('Dest'));
  if (!dest) dest = item.lookupMaybe(PDFName.of('A'), PDFDict)?.lookup(PDFName.of('D'));
  if (!(dest instanceof PDFArray)) return null;
  const page = dest.get(0);
  return page instanceof PDFRef ? page : null;
}

/** 0-based first page of each section, in order, from the PDF's top-level marker outline entries. */
export function sectionStartPages(pdf: PDFDocument): number[] {
  const pageIndex = new Map(pdf.getPages().map((page, i) => [page.ref.toString(), i]));
  const outlines = pdf.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  const starts: number[] = [];
  let item = outlines?.lookupMaybe(PDFName.of('First'), PDFDict);
  while (item) {
    if (titleOf(item) === MARKER_TEXT) {
      const page = destinationPage(item);
      const at = page ? pageIndex.get(page.toString()) : undefined;
      if (at !== undefined) starts.push(at);
    }
    item = item.lookupMaybe(PDFName.of('Next'), PDFDict);
  }
  return starts;
}

/**
 * Each section's pages in the PDF, 1-based and inclusive (`[from, to]`), for e-mailing each row
 * its pages of one converted document (docs/delivery.md). Fails like the split when the sections
 * found are not `total`.
 */
export async function sectionPageRanges(
  pdf: ArrayBuffer,
  total: number,
): Promise<[number, number][]> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const starts = checkedStarts(source, total);
  const pageCount = source.getPageCount();
  return starts.map((start, s) => [start + 1, s + 1 < total ? starts[s + 1] : pageCount]);
}

/** The sections' first pages, when there is one per expected section, ascending from page 1. */
function checkedStarts(source: PDFDocument, total: number): number[] {
  const starts = sectionStartPages(source);
  const ascending = starts.every((start, i) => i === 0 || start > starts[i - 1]);
  if (starts.length !== total || !ascending || starts[0] !== 0)
    throw new Error(PDF_SECTIONS_NOT_FOUND);
  return starts;
}

interface SplitArgs {
  pdf: ArrayBuffer;
  /** File name of each section's PDF, in order ('Ana.pdf', …): one per section. */
  names: readonly string[];
  onProgress?: (progress: { processed: number; total: number }) => void;
  /** The zip as the Blob the page gets (package/zipBlob.ts) rather than as an ArrayBuffer. */
  asBlob?: boolean;
}

/**
 * One PDF per section in a zip, named and dated at the time of the split (the file the user gets
 * is made now; a job's `now` names the merged document it was converted from). Fails when the
 * sections found are not one per name.
 */
export async function splitPdfPerSection(
  args: SplitArgs & { asBlob: true },
): Promise<StageResult<Blob>>;
export async function splitPdfPerSection(args: SplitArgs): Promise<StageResult<ArrayBuffer>>;
export async function splitPdfPerSection(args: SplitArgs): Promise<StageResult> {
  const source = await PDFDocument.load(args.pdf, { updateMetadata: false });
  const total = args.names.length;
  const starts = checkedStarts(source, total);
  const now = new Date();
  const pageCount = source.getPageCount();
  // Each section's pages cut out by their objects' bytes (src/domain/pdf/pageCut.ts): a pdf-lib
  // copy and save of each section cost about 1 ms a row.
  const cutter = pageCutter(PDF_LIB, documentSource(PDF_LIB, source));
  // For the page, each file goes into the Blob as it is cut, 4 MB at a time (zipBlob): the cuts
  // are never all held, and their bytes land in fresh memory once.
  const block = args.asBlob ? sealingEntryBlock(now) : null;
  const entries: ZipEntry[] = [];
  for (let s = 0; s < total; s++) {
    const end = s + 1 < total ? starts[s + 1] : pageCount;
    const bytes = cutter.cut(starts[s] + 1, end);
    const crc = crc32(bytes);
    // PDF streams are compressed already: stored, not deflated again.
    if (block) {
      const written = { size: bytes.length, crc };
      block.add(args.names[s], bytes.length, (out, at) => (out.set(bytes, at), written), 0);
    } else {
      entries.push({ name: args.names[s], data: bytes, method: 0, size: bytes.length, crc });
    }
    args.onProgress?.({ processed: s + 1, total });
  }
  return {
    kind: 'pdfPerRow',
    bytes: block ? zipBlob([], OUTPUT_MIME.pdfPerRow, now, block) : writeZip(entries, now).buffer,
    fileName: `Invoices_${localDateStamp(now)}_PDF.zip`,
    count: total,
    skipped: 0,
    warnings: [],
  };
}
