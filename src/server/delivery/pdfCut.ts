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
import type { PDFContext, PDFDocument, PDFObject, PDFPageLeaf, PDFRef } from '@cantoo/pdf-lib';
import { pruneResources } from '../../domain/pdf/pageResources';
import { openLazyPdf, PdfRefused, type LazyPdf } from '../pdf/lazyPdf';

type Lib = typeof import('@cantoo/pdf-lib');

export interface PageCutter {
  readonly pageCount: number;
  /** Pages `from`–`to` (1-based, inclusive) as a PDF of their own. */
  cut(from: number, to: number): Buffer;
}

/** What the cut reads of the merged PDF: the lazy reader, or pdf-lib's parsed document. */
export interface CutSource {
  readonly context: PDFContext;
  readonly pageCount: number;
  readonly largestObjectNumber: number;
  pageRef(index: number): PDFRef;
  /** The page's own dictionary (the cut changes only a clone of it). */
  pageLeaf(index: number): PDFPageLeaf;
  /** The value the page inherits for `key` from its tree, when it has none of its own. */
  inherited(index: number, key: string): PDFObject | undefined;
  isPage(objectNumber: number): boolean;
  lookup(ref: PDFRef): PDFObject | undefined;
}

/** pdf-lib's whole parse (the fallback): every object in memory, as the cut read it before. */
export function documentSource(lib: Lib, doc: PDFDocument): CutSource {
  const pages = doc.getPages();
  const numbers = new Set(pages.map((p) => p.ref.objectNumber));
  return {
    context: doc.context,
    pageCount: pages.length,
    largestObjectNumber: doc.context.largestObjectNumber,
    pageRef: (i) => pages[i].ref,
    pageLeaf: (i) => pages[i].node,
    inherited: (i, key) => pages[i].node.getInheritableAttribute(lib.PDFName.of(key)),
    isPage: (n) => numbers.has(n),
    lookup: (ref) => doc.context.lookup(ref),
  };
}

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
    lookup: (ref) => pdf.lookup(ref),
  };
}

/** A cutter whose cut may have to parse the whole file first (`openCutter`). */
export interface MergedPdf {
  readonly pageCount: number;
  cut(from: number, to: number): Promise<Buffer>;
}

/**
 * The cutter of a merged PDF: the lazy reader's, or pdf-lib's whole parse when the lazy reader
 * refuses the file (an object stream, encryption, ...), also when it refuses an object midway
 * (one not where the table says): from then on that file is cut from the whole parse.
 */
export async function openCutter(lib: Lib, bytes: Uint8Array): Promise<MergedPdf> {
  const whole = async () =>
    pageCutter(
      lib,
      documentSource(lib, await lib.PDFDocument.load(bytes, { updateMetadata: false })),
    );
  let cutter: PageCutter;
  try {
    cutter = pageCutter(lib, lazySource(lib, openLazyPdf(lib, bytes)));
  } catch {
    cutter = await whole();
    return { pageCount: cutter.pageCount, cut: async (from, to) => cutter.cut(from, to) };
  }
  let fallback: Promise<PageCutter> | undefined;
  return {
    pageCount: cutter.pageCount,
    async cut(from, to) {
      if (!fallback)
        try {
          return cutter.cut(from, to);
        } catch (error) {
          if (!(error instanceof PdfRefused)) throw error;
          fallback = whole();
        }
      return (await fallback).cut(from, to);
    },
  };
}

/**
 * The pages a page tree's /Count declares and the walk finds, read lazily; pdf-lib's whole parse
 * when the lazy reader refuses the file. Throws when neither reads it.
 */
export async function pdfPageCount(lib: Lib, bytes: Uint8Array): Promise<number> {
  try {
    return openLazyPdf(lib, bytes).pageCount;
  } catch {
    return (await lib.PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
  }
}

const ascii = (text: string) => Buffer.from(text, 'latin1');

export function pageCutter(lib: Lib, source: CutSource): PageCutter {
  const { PDFArray, PDFDict, PDFName, PDFPageLeaf, PDFRef, PDFStream } = lib;
  const parentKey = PDFName.of('Parent');
  const treeRef = PDFRef.of(source.largestObjectNumber + 1);
  const catalogRef = PDFRef.of(source.largestObjectNumber + 2);
  const page = { doc: { context: source.context } };
  // Objects two mails reached, as bytes and the references they hold; every other object is
  // read again when a mail needs it. `once` marks (a byte per object number) those met once.
  const shared = new Map<number, { bytes: Buffer; links: PDFRef[] }>();
  const once = new Uint8Array(source.largestObjectNumber + 1);

  function refsIn(object: PDFObject | undefined, out: PDFRef[]): PDFRef[] {
    if (object instanceof PDFRef) out.push(object);
    else if (object instanceof PDFStream) refsIn(object.dict, out);
    else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) if (key !== parentKey) refsIn(value, out);
    } else if (object instanceof PDFArray)
      for (let i = 0; i < object.size(); i++) refsIn(object.get(i), out);
    return out;
  }

  function serialised(ref: PDFRef, object: PDFObject): Buffer {
    const head = `${ref.objectNumber} ${ref.generationNumber} obj\n`;
    const tail = '\nendobj\n';
    const out = Buffer.allocUnsafeSlow(head.length + object.sizeInBytes() + tail.length);
    out.write(head, 0, 'latin1');
    const end = head.length + object.copyBytesInto(out, head.length);
    out.write(tail, end, 'latin1');
    return out;
  }

  /** The page as a leaf of the new tree: what it inherited becomes its own. */
  function ownPage(index: number): { ref: PDFRef; dict: PDFObject } {
    const ref = source.pageRef(index);
    const leaf = source.pageLeaf(index).clone();
    for (const name of PDFPageLeaf.InheritableEntries) {
      const key = PDFName.of(name);
      const value = leaf.get(key) ?? source.inherited(index, name);
      if (!leaf.get(key) && value) leaf.set(key, value);
    }
    leaf.set(parentKey, treeRef);
    // Only the resources its content names: LibreOffice shares one dictionary of every row's
    // fonts and images between all pages (src/domain/pdf/pageResources.ts).
    pruneResources(lib, { ...page, node: leaf });
    return { ref, dict: leaf };
  }

  /** The object's bytes and the references it holds, kept once a second mail needs them. */
  function object(ref: PDFRef): { bytes: Buffer; links: PDFRef[] } | undefined {
    const n = ref.objectNumber;
    const kept = shared.get(n);
    if (kept) return kept;
    const found = source.lookup(ref);
    if (found === undefined) return undefined;
    const made = { bytes: serialised(ref, found), links: refsIn(found, []) };
    if (once[n]) shared.set(n, made);
    else once[n] = 1;
    return made;
  }

  function cut(from: number, to: number): Buffer {
    const parts: Buffer[] = [ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
    let offset = parts[0].length;
    // By number: the lazy reader's references are not pdf-lib's pooled ones (lazyPdf.ts).
    const offsets = new Map<number, readonly [PDFRef, number]>();
    const put = (ref: PDFRef, part: Buffer) => {
      offsets.set(ref.objectNumber, [ref, offset]);
      parts.push(part);
      offset += part.length;
    };
    const kids: PDFRef[] = [];
    const queue: PDFRef[] = [];
    for (let i = from - 1; i < to; i++) {
      const { ref, dict } = ownPage(i);
      kids.push(ref);
      put(ref, serialised(ref, dict));
      queue.push(...refsIn(dict, []));
    }
    while (queue.length) {
      const ref = queue.pop()!;
      if (offsets.has(ref.objectNumber) || source.isPage(ref.objectNumber)) continue;
      const found = object(ref);
      if (!found) continue;
      put(ref, found.bytes);
      queue.push(...found.links);
    }
    const kidList = kids.map((r) => `${r.objectNumber} ${r.generationNumber} R`).join(' ');
    const tree = `<< /Type /Pages /Kids [${kidList}] /Count ${kids.length} >>`;
    put(treeRef, ascii(`${treeRef.objectNumber} 0 obj\n${tree}\nendobj\n`));
    const catalog = `<< /Type /Catalog /Pages ${treeRef.objectNumber} 0 R >>`;
    put(catalogRef, ascii(`${catalogRef.objectNumber} 0 obj\n${catalog}\nendobj\n`));
    parts.push(ascii(xref([...offsets.values()], offset, catalogRef)));
    return Buffer.concat(parts);
  }

  return { pageCount: source.pageCount, cut };
}

/** A cross-reference table of the objects written, one subsection per run of numbers. */
function xref(written: (readonly [PDFRef, number])[], at: number, root: PDFRef): string {
  const entries = written.sort((a, b) => a[0].objectNumber - b[0].objectNumber);
  const lines = ['xref', '0 1', '0000000000 65535 f\r'];
  for (let i = 0; i < entries.length;) {
    let j = i + 1;
    while (j < entries.length && entries[j][0].objectNumber === entries[j - 1][0].objectNumber + 1)
      j++;
    lines.push(`${entries[i][0].objectNumber} ${j - i}`);
    for (const [ref, offset] of entries.slice(i, j))
      lines.push(
        `${String(offset).padStart(10, '0')} ${String(ref.generationNumber).padStart(5, '0')} n\r`,
      );
    i = j;
  }
  const size = root.objectNumber + 1;
  lines.push('trailer', `<< /Size ${size} /Root ${root.objectNumber} 0 R >>`, 'startxref');
  lines.push(String(at), '%%EOF', '');
  return lines.join('\n');
}
