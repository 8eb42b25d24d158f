// Pages of a PDF cut out as a PDF of their own by their objects' bytes, without pdf-lib's copy and
// save (docs/delivery.md, "Memory"; docs/generator.md, "One PDF per row"). Used by the per-row
// split in the worker, where copying and saving each row's pages cost about 1 ms a row (10 s of
// 10,000 rows' split, issue 35).
// The source is parsed once; each of its objects is serialised when a cut first needs it and kept
// as bytes once a second cut needs it too (fonts, images). A cut is its pages (what they inherit
// from the page tree made their own, their resources cut down to what their content names:
// ./pageResources.ts), every object they reach under its original number, then a new page tree,
// catalogue and cross-reference table. `/Parent` and the other pages of the source are never
// followed (a link to one is left dangling, which readers take as null), so no cut carries another
// row's page.
// pdf-lib is passed in, as in ./pageResources.ts: src/domain imports no library. The shapes below
// are the parts of pdf-lib this uses.
import { pruneResources } from './pageResources';

interface Ref {
  readonly objectNumber: number;
  readonly generationNumber: number;
}
interface PdfObject {
  sizeInBytes(): number;
  copyBytesInto(buffer: Uint8Array, offset: number): number;
}
interface Name {
  asString(): string;
}
interface Leaf extends PdfObject {
  get(key: Name): unknown;
  set(key: Name, value: unknown): void;
  getInheritableAttribute(key: Name): unknown;
}
interface Page {
  readonly ref: Ref;
  readonly node: Leaf & {
    clone(): Leaf;
    Contents(): unknown;
    Resources(): { entries(): [Name, unknown][]; set(key: Name, value: unknown): void } | undefined;
  };
  readonly doc: { context: { lookup(ref: unknown): unknown } };
}
type Class<T> = { prototype: T };
export interface CutLib {
  decodePDFRawStream(stream: object): { decode(): Uint8Array };
  PDFArray: Class<{ size(): number; get(index: number): unknown; asArray(): unknown[] }>;
  PDFDict: Class<{
    entries(): [Name, unknown][];
    set(key: Name, value: unknown): void;
  }> & {
    withContext(context: object): {
      entries(): [Name, unknown][];
      set(key: Name, value: unknown): void;
    };
  };
  PDFName: { of(name: string): Name };
  PDFPageLeaf: { readonly InheritableEntries: readonly string[] };
  PDFRawStream: Class<object>;
  PDFRef: Class<Ref> & { of(objectNumber: number, generationNumber?: number): Ref };
  PDFStream: Class<{ dict: unknown }>;
}
export interface CutDocument {
  readonly context: { lookup(ref: unknown): unknown; largestObjectNumber: number };
  getPages(): Page[];
}

export interface PageCutter {
  readonly pageCount: number;
  /** Pages `from`–`to` (1-based, inclusive) as a PDF of their own. */
  cut(from: number, to: number): Uint8Array;
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

export function pageCutter(lib: CutLib, doc: CutDocument): PageCutter {
  const { PDFArray, PDFDict, PDFName, PDFPageLeaf, PDFRef, PDFStream } = lib;
  const context = doc.context;
  const pages = doc.getPages();
  const pageRefs = new Set<Ref>(pages.map((p) => p.ref));
  const parentKey = PDFName.of('Parent');
  const treeRef = PDFRef.of(context.largestObjectNumber + 1);
  const catalogRef = PDFRef.of(context.largestObjectNumber + 2);
  const bytes = new Map<Ref, Uint8Array>();
  const seen = new Set<Ref>();
  const links = new Map<Ref, Ref[]>();
  const inheritable = PDFPageLeaf.InheritableEntries.map((name) => PDFName.of(name));

  function refsIn(object: unknown, out: Ref[]): Ref[] {
    if (isA(object, PDFRef)) out.push(object);
    else if (isA(object, PDFStream)) refsIn(object.dict, out);
    else if (isA(object, PDFDict)) {
      for (const [key, value] of object.entries()) if (key !== parentKey) refsIn(value, out);
    } else if (isA(object, PDFArray))
      for (let i = 0; i < object.size(); i++) refsIn(object.get(i), out);
    return out;
  }

  function serialised(ref: Ref, object: PdfObject): Uint8Array {
    const head = ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    const tail = ascii('\nendobj\n');
    const out = new Uint8Array(head.length + object.sizeInBytes() + tail.length);
    out.set(head, 0);
    const end = head.length + object.copyBytesInto(out, head.length);
    out.set(tail, end);
    return end + tail.length === out.length ? out : out.subarray(0, end + tail.length);
  }

  /** The page as a leaf of the new tree: what it inherited becomes its own. */
  function ownPage(index: number): { ref: Ref; leaf: Leaf } {
    // Only the resources its content names: LibreOffice shares one dictionary of every row's
    // fonts and images between all pages (./pageResources.ts).
    pruneResources(lib, pages[index]);
    const { ref, node } = pages[index];
    const leaf = node.clone();
    for (const key of inheritable) {
      const value = leaf.getInheritableAttribute(key);
      if (!leaf.get(key) && value) leaf.set(key, value);
    }
    leaf.set(parentKey, treeRef);
    return { ref, leaf };
  }

  function cut(from: number, to: number): Uint8Array {
    const parts: Uint8Array[] = [HEADER];
    let offset = HEADER.length;
    const offsets = new Map<Ref, number>();
    const put = (ref: Ref, part: Uint8Array) => {
      offsets.set(ref, offset);
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
      if (offsets.has(ref) || pageRefs.has(ref)) continue;
      const object = context.lookup(ref) as PdfObject | undefined;
      if (object === undefined) continue;
      // Kept as bytes once a second cut needs it (fonts, images): a page's own content is not.
      let part = bytes.get(ref);
      if (!part) {
        part = serialised(ref, object);
        if (seen.has(ref)) bytes.set(ref, part);
        else seen.add(ref);
      }
      put(ref, part);
      let reached = links.get(ref);
      if (!reached) links.set(ref, (reached = refsIn(object, [])));
      queue.push(...reached);
    }
    const kidList = kids.map((r) => `${r.objectNumber} ${r.generationNumber} R`).join(' ');
    const tree = `<< /Type /Pages /Kids [${kidList}] /Count ${kids.length} >>`;
    put(treeRef, ascii(`${treeRef.objectNumber} 0 obj\n${tree}\nendobj\n`));
    const catalog = `<< /Type /Catalog /Pages ${treeRef.objectNumber} 0 R >>`;
    put(catalogRef, ascii(`${catalogRef.objectNumber} 0 obj\n${catalog}\nendobj\n`));
    parts.push(ascii(xref(offsets, offset, catalogRef)));
    return concat(parts);
  }

  return { pageCount: pages.length, cut };
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

/** A cross-reference table of the objects written, one subsection per run of numbers. */
function xref(offsets: Map<Ref, number>, at: number, root: Ref): string {
  const entries = [...offsets].sort((a, b) => a[0].objectNumber - b[0].objectNumber);
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
