// The chunks' PDFs joined in order (docs/pdf-chunks.md). pdf-lib copies pages but not outlines,
// so the top-level outline entries (the section markers the per-row split looks for, and any
// heading of the template at that level) are made again, each pointing at its page in the join.
import { readFile, writeFile } from 'node:fs/promises';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFRef,
  PDFString,
  type PDFObject,
} from '@cantoo/pdf-lib';

interface Entry {
  title: PDFObject;
  page: number;
}

/** The page an outline entry points at: its /Dest, or the /D of its GoTo action. */
function pageOf(item: PDFDict, pages: Map<string, number>): number | undefined {
  let dest = item.lookup(PDFName.of('Dest'));
  if (!dest) dest = item.lookupMaybe(PDFName.of('A'), PDFDict)?.lookup(PDFName.of('D'));
  if (!(dest instanceof PDFArray)) return undefined;
  const ref = dest.get(0);
  return ref instanceof PDFRef ? pages.get(ref.toString()) : undefined;
}

function topLevelEntries(pdf: PDFDocument): Entry[] {
  const pages = new Map(pdf.getPages().map((page, i) => [page.ref.toString(), i]));
  const entries: Entry[] = [];
  let item = pdf.catalog
    .lookupMaybe(PDFName.of('Outlines'), PDFDict)
    ?.lookupMaybe(PDFName.of('First'), PDFDict);
  while (item) {
    const title = item.lookup(PDFName.of('Title'));
    const page = pageOf(item, pages);
    if (page !== undefined && (title instanceof PDFString || title instanceof PDFHexString))
      entries.push({ title, page });
    item = item.lookupMaybe(PDFName.of('Next'), PDFDict);
  }
  return entries;
}

/** Writes the outline of `joined`: one top-level entry per item, each to its page. */
function writeOutline(joined: PDFDocument, entries: { title: PDFObject; page: PDFRef }[]): void {
  if (entries.length === 0) return;
  const context = joined.context;
  const root = context.nextRef();
  const refs = entries.map(() => context.nextRef());
  entries.forEach((entry, i) => {
    const item = context.obj({});
    item.set(PDFName.of('Title'), entry.title);
    item.set(PDFName.of('Parent'), root);
    item.set(
      PDFName.of('Dest'),
      context.obj([entry.page, PDFName.of('XYZ'), PDFNull, PDFNull, PDFNull]),
    );
    if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1]);
    if (i + 1 < refs.length) item.set(PDFName.of('Next'), refs[i + 1]);
    context.assign(refs[i], item);
  });
  const outlines = context.obj({});
  outlines.set(PDFName.of('Type'), PDFName.of('Outlines'));
  outlines.set(PDFName.of('First'), refs[0]);
  outlines.set(PDFName.of('Last'), refs[refs.length - 1]);
  outlines.set(PDFName.of('Count'), context.obj(refs.length));
  context.assign(root, outlines);
  joined.catalog.set(PDFName.of('Outlines'), root);
}

/** Joins the PDF files in order into `output`; returns its size in bytes and its pages. */
export async function joinPdfs(
  files: readonly string[],
  output: string,
): Promise<{ size: number; pages: number }> {
  const joined = await PDFDocument.create({ updateMetadata: false });
  const outline: { title: PDFObject; page: PDFRef }[] = [];
  for (const file of files) {
    const part = await PDFDocument.load(await readFile(file), { updateMetadata: false });
    const pages = await joined.copyPages(part, part.getPageIndices());
    for (const page of pages) joined.addPage(page);
    for (const entry of topLevelEntries(part))
      outline.push({ title: entry.title, page: pages[entry.page].ref });
  }
  writeOutline(joined, outline);
  const bytes = await joined.save({ useObjectStreams: true });
  await writeFile(output, bytes, { mode: 0o600 });
  return { size: bytes.length, pages: joined.getPageCount() };
}
