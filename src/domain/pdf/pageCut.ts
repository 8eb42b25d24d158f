// Pages of a PDF cut out as a PDF of their own by their objects' bytes, without pdf-lib's copy and
// save (docs/delivery.md, "Memory"): each recipient's pages of a job's merged PDF on the server
// (src/server/delivery/pdfCut.ts, over the lazy reader or pdf-lib's whole parse) and each row's
// pages in the worker's per-row PDF split (src/workers/merge/splitPdf.ts; a pdf-lib copy and save
// there cost about 0.5 ms a row, docs/generator.md "PDF outputs").
// Each object is serialised when a cut needs it and kept as bytes once a second cut needs it too
// (fonts, images). A cut is its pages (their inherited attributes made their own, their resources
// cut down to what their content names: ./pageResources.ts) and every object they reach, those
// bytes concatenated under their original numbers, plus a new page tree, catalogue and
// cross-reference table. What a page reaches is followed except `/Parent` and the other pages of
// the source (a link to another row's page is left dangling, which a reader takes as null), so no
// cut ever carries another row's page.
// pdf-lib is passed in, as in ./pageResources.ts: src/domain imports no library. The shapes below
// are the parts of pdf-lib this uses.
import { pruneResources, type ResourceCache, type StreamDecoder } from './pageResources';

interface Ref {
  readonly objectNumber: number;
  readonly generationNumber: number;
}
interface Name {
  asString(): string;
}
interface Serialisable {
  sizeInBytes(): number;
  copyBytesInto(buffer: Uint8Array, offset: number): number;
}
interface Dict {
  entries(): [Name, unknown][];
  set(key: Name, value: unknown): void;
}
/** A page's dictionary (pdf-lib's PDFPageLeaf). */
interface Leaf extends Serialisable {
  clone(): Leaf;
  get(key: Name): unknown;
  set(key: Name, value: unknown): void;
  getInheritableAttribute(key: Name): unknown;
  Contents(): unknown;
  Resources(): Dict | undefined;
}
type Class<T> = { prototype: T };
export interface CutLib {
  decodePDFRawStream(stream: object): { decode(): Uint8Array };
  PDFArray: Class<{ size(): number; get(index: number): unknown; asArray(): unknown[] }>;
  PDFDict: Class<Dict> & { withContext(context: object): Dict };
  PDFName: { of(name: string): Name };
  PDFPageLeaf: { readonly InheritableEntries: readonly string[] };
  PDFRawStream: Class<object>;
  PDFRef: Class<Ref> & { of(objectNumber: number, generationNumber?: number): Ref };
  PDFStream: Class<{ dict: unknown }>;
}

/** What a cut reads of the source PDF: pdf-lib's parsed document, or the server's lazy reader. */
export interface CutSource {
  /** Where resource references are looked up (pageResources.ts). */
  readonly context: { lookup(ref: unknown): unknown };
  readonly pageCount: number;
  readonly largestObjectNumber: number;
  pageRef(index: number): Ref;
  /** The page's own dictionary (the cut changes only a clone of it). */
  pageLeaf(index: number): Leaf;
  /** The value the page inherits for `key` from its tree, when it has none of its own. */
  inherited(index: number, key: string): unknown;
  isPage(objectNumber: number): boolean;
  lookup(ref: Ref): unknown;
}

export interface PageCutter {
  readonly pageCount: number;
  /** Pages `from`–`to` (1-based, inclusive) as a PDF of their own. */
  cut(from: number, to: number): Uint8Array;
}

/** A pdf-lib document parsed whole: every object in memory. */
export interface ParsedDocument {
  readonly context: { lookup(ref: unknown): unknown; largestObjectNumber: number };
  getPages(): { readonly ref: Ref; readonly node: Leaf }[];
}

export function documentSource(lib: CutLib, doc: ParsedDocument): CutSource {
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

const isA = <T>(value: unknown, kind: Class<T>): value is T =>
  Object.prototype.isPrototypeOf.call(kind.prototype as object, value as object);

/** ASCII text as bytes (every string written here is ASCII). */
function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** `%PDF-1.7` and the comment of four bytes over 127 that marks the file as binary. */
const HEADER = new Uint8Array([...ascii('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]);
const OBJECT_END = ascii('\nendobj\n');

export function pageCutter(
  lib: CutLib,
  source: CutSource,
  options: { decode?: StreamDecoder } = {},
): PageCutter {
  const { PDFArray, PDFDict, PDFName, PDFPageLeaf, PDFRef, PDFStream } = lib;
  const parentKey = PDFName.of('Parent');
  const treeRef = PDFRef.of(source.largestObjectNumber + 1);
  const catalogRef = PDFRef.of(source.largestObjectNumber + 2);
  const page = { doc: { context: source.context } };
  // Objects two cuts reached, as bytes and the references they hold; every other object is read
  // again when a cut needs it. `once` marks (a byte per object number) those met once.
  const shared = new Map<number, { bytes: Uint8Array; links: Ref[] }>();
  const once = new Uint8Array(source.largestObjectNumber + 1);
  // The shared resource dictionary, read once for all pages (./pageResources.ts).
  const resources: ResourceCache = new Map();

  function refsIn(object: unknown, out: Ref[]): Ref[] {
    if (isA(object, PDFRef)) out.push(object);
    else if (isA(object, PDFStream)) refsIn(object.dict, out);
    else if (isA(object, PDFDict)) {
      for (const [key, value] of object.entries()) if (key !== parentKey) refsIn(value, out);
    } else if (isA(object, PDFArray))
      for (let i = 0; i < object.size(); i++) refsIn(object.get(i), out);
    return out;
  }

  function serialised(ref: Ref, object: Serialisable): Uint8Array {
    const head = ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    const out = new Uint8Array(head.length + object.sizeInBytes() + OBJECT_END.length);
    out.set(head, 0);
    const end = head.length + object.copyBytesInto(out, head.length);
    out.set(OBJECT_END, end);
    return out.subarray(0, end + OBJECT_END.length);
  }

  /** The page as a leaf of the new tree: what it inherited becomes its own. */
  function ownPage(index: number): { ref: Ref; leaf: Leaf } {
    const ref = source.pageRef(index);
    const leaf = source.pageLeaf(index).clone();
    for (const name of PDFPageLeaf.InheritableEntries) {
      const key = PDFName.of(name);
      const value = leaf.get(key) ?? source.inherited(index, name);
      if (!leaf.get(key) && value) leaf.set(key, value);
    }
    leaf.set(parentKey, treeRef);
    // Only the resources its content names: LibreOffice shares one dictionary of every row's
    // fonts and images between all pages (./pageResources.ts).
    pruneResources(lib, { ...page, node: leaf }, resources, options.decode);
    return { ref, leaf };
  }

  /** The object's bytes and the references it holds, kept once a second cut needs them. */
  function object(ref: Ref): { bytes: Uint8Array; links: Ref[] } | undefined {
    const n = ref.objectNumber;
    const kept = shared.get(n);
    if (kept) return kept;
    const found = source.lookup(ref) as Serialisable | undefined;
    if (found === undefined) return undefined;
    const made = { bytes: serialised(ref, found), links: refsIn(found, []) };
    if (once[n]) shared.set(n, made);
    else once[n] = 1;
    return made;
  }

  function cut(from: number, to: number): Uint8Array {
    const parts: Uint8Array[] = [HEADER];
    let offset = HEADER.length;
    // By number: the server's lazy reader's references are not pdf-lib's pooled ones.
    const offsets = new Map<number, readonly [Ref, number]>();
    const put = (ref: Ref, part: Uint8Array) => {
      offsets.set(ref.objectNumber, [ref, offset]);
      parts.push(part);
      offset += part.length;
    };
    const kids: Ref[] = [];
    const queue: Ref[] = [];
    for (let i = from - 1; i < to; i++) {
      const { ref, leaf } = ownPage(i);
      kids.push(ref);
      put(ref, serialised(ref, leaf));
      queue.push(...refsIn(leaf, []));
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
    parts.push(...xref([...offsets.values()], offset, catalogRef));
    return concat(parts);
  }

  return { pageCount: source.pageCount, cut };
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** `value` as `width` decimal digits, zero-padded, at `at`. */
function writeDigits(out: Uint8Array, at: number, value: number, width: number): void {
  for (let k = at + width - 1; k >= at; k--) {
    out[k] = 0x30 + (value % 10);
    value = Math.floor(value / 10);
  }
}

/** An entry's bytes: `0000012345 00000 n` and CR LF, twenty in all. */
const ENTRY = 20;
const XREF_IN_USE = ascii(' n\r\n');

/**
 * A cross-reference table of the objects written, one subsection per run of numbers. Its entries
 * are written as bytes: a string a line made a cut's largest garbage after its pages.
 */
function xref(written: (readonly [Ref, number])[], at: number, root: Ref): Uint8Array[] {
  const entries = written.sort((a, b) => a[0].objectNumber - b[0].objectNumber);
  const parts = [ascii('xref\n0 1\n0000000000 65535 f\r\n')];
  for (let i = 0; i < entries.length;) {
    let j = i + 1;
    while (j < entries.length && entries[j][0].objectNumber === entries[j - 1][0].objectNumber + 1)
      j++;
    parts.push(ascii(`${entries[i][0].objectNumber} ${j - i}\n`));
    const run = new Uint8Array((j - i) * ENTRY);
    for (let k = i; k < j; k++) {
      const [ref, offset] = entries[k];
      const row = (k - i) * ENTRY;
      writeDigits(run, row, offset, 10);
      run[row + 10] = 0x20;
      writeDigits(run, row + 11, ref.generationNumber, 5);
      run.set(XREF_IN_USE, row + 16);
    }
    parts.push(run);
    i = j;
  }
  const size = root.objectNumber + 1;
  parts.push(
    ascii(`trailer\n<< /Size ${size} /Root ${root.objectNumber} 0 R >>\nstartxref\n${at}\n%%EOF\n`),
  );
  return parts;
}
