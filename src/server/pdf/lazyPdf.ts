// A PDF read where it lies, one object at a time (docs/delivery.md, "Memory"). pdf-lib's load
// parses every object of a file and keeps them (about 8 KB of heap per page of a job's merged
// PDF, twice: at the hand-over and in the sender); this reads the classic cross-reference
// table(s) into typed arrays, walks the page tree once keeping only each page's object number,
// and parses an object from its offset with pdf-lib's own parser each time one is asked for. What
// stays is a few bytes per object. The bytes are read by range from a `ByteSource` (a Buffer, the
// uploaded file by fd reads, or the stored chunks of a job: docs/delivery.md, "Memory"): an
// object's bytes are its range, from its offset to the next object's (or table's) offset.
// Only the plain shape our merged PDFs have (src/server/pdf/join.ts, LibreOffice) is read:
// anything else – a cross-reference or object stream, an offset outside the file, a page tree
// that loops or disagrees with itself, encryption – throws `PdfRefused`, and the caller falls back
// to pdf-lib's whole parse (src/server/delivery/pdfCut.ts, `openCutter`), so any PDF it reads
// still works.
import type { PDFContext, PDFDict, PDFName, PDFNumber, PDFObject, PDFRef } from '@cantoo/pdf-lib';

type Lib = typeof import('@cantoo/pdf-lib');

/** The lazy reader cannot read this file; pdf-lib's whole parse may. */
export class PdfRefused extends Error {
  constructor(reason: string) {
    super(`lazy PDF reader: ${reason}`);
    this.name = 'PdfRefused';
  }
}

/**
 * The bytes of a PDF, read by range. `read` answers [start, end) (end at most `size`), a view or a
 * copy the reader does not keep; it may throw `BytesMissing` when those bytes are not in memory
 * yet (the caller loads them and tries again: `withLoading`). `settle` says the reader made
 * progress: bytes loaded for what it did so far need not stay.
 */
export interface ByteSource {
  readonly size: number;
  read(start: number, end: number): Uint8Array;
  settle?(): void;
}

/** A read of bytes not in memory yet: `load` brings them, then the same read succeeds. */
export class BytesMissing extends Error {
  constructor(readonly load: () => Promise<void>) {
    super('bytes not loaded yet');
    this.name = 'BytesMissing';
  }
}

/** Runs `attempt` until it reads nothing missing, loading what it missed between tries. */
export async function withLoading<T>(source: ByteSource, attempt: () => T): Promise<T> {
  try {
    for (;;) {
      try {
        return attempt();
      } catch (error) {
        if (!(error instanceof BytesMissing)) throw error;
        await error.load();
      }
    }
  } finally {
    source.settle?.();
  }
}

/**
 * Bytes in memory as a source. A plain Uint8Array view, not a Buffer: pdf-lib's parser slices a
 * stream's contents out of what it parses, which copies from a Uint8Array but only views a
 * Buffer (a kept font would keep the whole chunk it was read from).
 */
export function bytesSource(bytes: Uint8Array): ByteSource {
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { size: view.length, read: (start, end) => view.subarray(start, end) };
}

export interface LazyPdf {
  /** A pdf-lib context whose lookups parse the object asked for from the bytes, every time. */
  readonly context: PDFContext;
  readonly pageCount: number;
  /** The highest object number in use (new objects of a cut are numbered after it). */
  readonly largestObjectNumber: number;
  /** The document's catalogue (/Root), as parsed when the page tree was walked. */
  readonly catalog: PDFDict;
  /** The page's indirect reference (0-based index). */
  pageRef(index: number): PDFRef;
  /** Whether the object numbered so is a page of this PDF. */
  isPage(objectNumber: number): boolean;
  /** The inheritable attributes (/Resources, /MediaBox, ...) the page gets from its tree. */
  inherited(index: number): ReadonlyArray<readonly [PDFName, PDFObject]>;
  /** The object, parsed now from its offset; undefined when the table has none. */
  lookup(ref: PDFRef): PDFObject | undefined;
}

const WHITE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITE[c] = 1;
const isDigit = (c: number) => c >= 48 && c <= 57;
const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const STARTXREF = text('startxref');
const XREF = text('xref');
const TRAILER = text('trailer');
const OBJ = text('obj');
/** No object is shorter than this: a /Size beyond the file's bytes over it is a lie. */
const SMALLEST_OBJECT = 8;

/** Reads the bytes of a PDF without parsing them: positions, keywords, integers. */
class Cursor {
  constructor(
    readonly bytes: Uint8Array,
    public at: number,
  ) {}

  skipWhite(): void {
    const { bytes } = this;
    for (;;) {
      while (this.at < bytes.length && WHITE[bytes[this.at]]) this.at++;
      if (bytes[this.at] !== 37) return; // '%': a comment to the end of the line
      while (this.at < bytes.length && bytes[this.at] !== 10 && bytes[this.at] !== 13) this.at++;
    }
  }

  keyword(word: Uint8Array): boolean {
    this.skipWhite();
    for (let i = 0; i < word.length; i++) if (this.bytes[this.at + i] !== word[i]) return false;
    this.at += word.length;
    return true;
  }

  int(): number {
    this.skipWhite();
    const from = this.at;
    let value = 0;
    while (this.at < this.bytes.length && isDigit(this.bytes[this.at]) && this.at - from < 10)
      value = value * 10 + this.bytes[this.at++] - 48;
    if (this.at === from) throw new PdfRefused(`a number expected at byte ${from}`);
    return value;
  }
}

/** How much of the file a table's read takes at a time. */
const WINDOW = 64 * 1024;

/** A source's bytes one by one, read a window at a time (the cross-reference tables). */
class Window {
  private bytes: Uint8Array = new Uint8Array(0);
  private from = 0;
  constructor(readonly source: ByteSource) {}

  /** The byte at `i`, or -1 outside the file. */
  at(i: number): number {
    const k = i - this.from;
    if (k >= 0 && k < this.bytes.length) return this.bytes[k];
    if (i < 0 || i >= this.source.size) return -1;
    this.bytes = this.source.read(i, Math.min(this.source.size, i + WINDOW));
    this.from = i;
    return this.bytes[0];
  }
}

/** Cursor's reading over a Window. */
class TableCursor {
  constructor(
    readonly bytes: Window,
    public at: number,
  ) {}

  skipWhite(): void {
    const { bytes } = this;
    for (;;) {
      while (WHITE[bytes.at(this.at)] === 1) this.at++;
      if (bytes.at(this.at) !== 37) return; // '%': a comment to the end of the line
      for (let c = bytes.at(this.at); c >= 0 && c !== 10 && c !== 13; c = bytes.at(this.at))
        this.at++;
    }
  }

  keyword(word: Uint8Array): boolean {
    this.skipWhite();
    for (let i = 0; i < word.length; i++) if (this.bytes.at(this.at + i) !== word[i]) return false;
    this.at += word.length;
    return true;
  }

  int(): number {
    this.skipWhite();
    const from = this.at;
    let value = 0;
    while (isDigit(this.bytes.at(this.at)) && this.at - from < 10)
      value = value * 10 + this.bytes.at(this.at++) - 48;
    if (this.at === from) throw new PdfRefused(`a number expected at byte ${from}`);
    return value;
  }
}

/** PDF delimiters and white space: where a name or a number ends. */
const ENDS_TOKEN = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32, ...'()<>[]{}/%'.split('').map((ch) => ch.charCodeAt(0))])
  ENDS_TOKEN[c] = 1;
const PAGE_NAME = text('/Page');
const PARENT_NAME = text('/Parent');
const TYPE_NAME = text('/Type');
/** Deeper than this, the scan below gives up (the caller parses the object instead). */
const SCAN_DEPTH = 32;

/** The byte scan of scannedPageParent: positions in, positions out, nothing allocated. */
class Scan {
  private readonly cursor: Cursor;
  constructor(private readonly bytes: Uint8Array) {
    this.cursor = new Cursor(bytes, 0);
  }

  at(i: number): number {
    return i >= 0 && i < this.bytes.length ? this.bytes[i] : -1;
  }

  /** The name or keyword `word` starts at `i` and ends there. */
  same(i: number, word: Uint8Array): boolean {
    for (let k = 0; k < word.length; k++) if (this.at(i + k) !== word[k]) return false;
    const next = this.at(i + word.length);
    return next < 0 || ENDS_TOKEN[next] === 1;
  }

  white(i: number): number {
    this.cursor.at = i;
    this.cursor.skipWhite();
    return this.cursor.at;
  }

  token(i: number): number {
    while (i < this.bytes.length && !ENDS_TOKEN[this.bytes[i]]) i++;
    return i;
  }

  /** `n g R` at `i`: the number n and the end of the reference, or null. */
  ref(i: number): { number: number; end: number } | null {
    const first = this.token(i);
    const g = this.white(first);
    if (first === i || !isDigit(this.at(g))) return null;
    const r = this.white(this.token(g));
    if (!this.same(r, R)) return null;
    let number = 0;
    for (let k = i; k < first; k++) {
      if (!isDigit(this.bytes[k])) return null;
      number = number * 10 + this.bytes[k] - 48;
    }
    return { number, end: r + 1 };
  }

  /** The end of the value starting at `i` (white space skipped first), or -1 when it is not one. */
  skip(i: number, depth: number): number {
    if (depth > SCAN_DEPTH) return -1;
    const { bytes } = this;
    i = this.white(i);
    const c = this.at(i);
    if (c === 47) return this.token(i + 1); // a name
    if (c === 40) {
      // a literal string: balanced parentheses, backslash escapes
      let open = 0;
      for (let j = i; j < bytes.length; j++) {
        if (bytes[j] === 92) j++;
        else if (bytes[j] === 40) open++;
        else if (bytes[j] === 41 && --open === 0) return j + 1;
      }
      return -1;
    }
    if (c === 60 && this.at(i + 1) === 60) {
      for (let j = i + 2; ;) {
        j = this.white(j);
        if (this.at(j) === 62 && this.at(j + 1) === 62) return j + 2;
        if (this.at(j) !== 47) return -1;
        j = this.skip(this.token(j + 1), depth + 1);
        if (j < 0) return -1;
      }
    }
    if (c === 60) {
      const end = bytes.indexOf(62, i);
      return end < 0 ? -1 : end + 1;
    }
    if (c === 91) {
      for (let j = i + 1; ;) {
        j = this.white(j);
        if (this.at(j) === 93) return j + 1;
        if (j >= bytes.length) return -1;
        j = this.skip(j, depth + 1);
        if (j < 0) return -1;
      }
    }
    if (c < 0 || ENDS_TOKEN[c]) return -1;
    // A reference is one value; otherwise a number, true, false or null.
    return this.ref(i)?.end ?? this.token(i);
  }
}
const R = text('R');

/**
 * Reads a page dictionary's /Type and /Parent straight from the bytes, without pdf-lib's parse
 * (which allocates some kilobytes a page: the page tree's walk of a 20,000-page job made about
 * 100 MB of garbage at the hand-over and again when sending began, docs/delivery.md "Memory").
 * Answers the /Parent's object number when the object at `offset` is `n gen obj << ... >>` whose
 * own /Type is /Page and whose /Parent is a reference; -1 whenever it cannot vouch for that
 * (anything unusual: the caller then parses the object and applies every check as before).
 * Values are skipped token by token, strings, references and nested dictionaries and arrays
 * included, so a /Type inside a nested dictionary is never taken for the page's own.
 */
export function scannedPageParent(
  bytes: Uint8Array,
  offset: number,
  n: number,
  gen: number,
): number {
  const cursor = new Cursor(bytes, offset);
  try {
    if (cursor.int() !== n || cursor.int() !== gen || !cursor.keyword(OBJ)) return -1;
  } catch {
    return -1;
  }
  const scan = new Scan(bytes);
  let i = scan.white(cursor.at);
  if (scan.at(i) !== 60 || scan.at(i + 1) !== 60) return -1;
  i += 2;
  let page = false;
  let parent = -1;
  for (;;) {
    i = scan.white(i);
    if (scan.at(i) === 62 && scan.at(i + 1) === 62) return page ? parent : -1;
    if (scan.at(i) !== 47) return -1;
    const key = i;
    const start = scan.white(scan.token(i + 1));
    if (scan.same(key, TYPE_NAME)) page = scan.same(start, PAGE_NAME);
    else if (scan.same(key, PARENT_NAME)) parent = scan.ref(start)?.number ?? -1;
    i = scan.skip(start, 1);
    if (i < 0) return -1;
  }
}

/** The byte offset `startxref` names: the last one, in the file's last kilobyte. */
function startXref(source: ByteSource): number {
  const from = Math.max(0, source.size - 1024);
  const bytes = source.read(from, source.size);
  for (let at = bytes.length - STARTXREF.length; at >= 0; at--) {
    let i = 0;
    while (i < STARTXREF.length && bytes[at + i] === STARTXREF[i]) i++;
    if (i === STARTXREF.length) return new Cursor(bytes, at + i).int();
  }
  throw new PdfRefused('no startxref');
}

interface Section {
  first: number;
  count: number;
  /** Where its first 20-byte entry starts. */
  at: number;
}

/** One classic `xref` table: its subsections (entries not read yet) and where its trailer is. */
function readTable(bytes: Window, offset: number): { sections: Section[]; trailer: number } {
  const size = bytes.source.size;
  if (offset >= size) throw new PdfRefused('startxref beyond the end of the file');
  const cursor = new TableCursor(bytes, offset);
  if (!cursor.keyword(XREF)) throw new PdfRefused('no classic xref table (an xref stream?)');
  const sections: Section[] = [];
  for (;;) {
    if (cursor.keyword(TRAILER)) return { sections, trailer: cursor.at };
    const first = cursor.int();
    const count = cursor.int();
    // An entry is 20 bytes: "oooooooooo ggggg n" and a two-byte end of line.
    while (bytes.at(cursor.at) === 32 || bytes.at(cursor.at) === 13) cursor.at++;
    if (bytes.at(cursor.at) === 10) cursor.at++;
    sections.push({ first, count, at: cursor.at });
    cursor.at += count * 20;
    if (cursor.at > size) throw new PdfRefused('xref table beyond the end of the file');
  }
}

/** The 20-byte entry at `at`: its offset, generation and whether in use; refused unless well formed. */
function entry(bytes: Window, at: number): { offset: number; gen: number; used: boolean } {
  let offset = 0;
  let gen = 0;
  for (let i = 0; i < 10; i++) {
    const c = bytes.at(at + i);
    if (!isDigit(c)) throw new PdfRefused(`malformed xref entry at byte ${at}`);
    offset = offset * 10 + c - 48;
  }
  for (let i = 11; i < 16; i++) {
    const c = bytes.at(at + i);
    if (!isDigit(c)) throw new PdfRefused(`malformed xref entry at byte ${at}`);
    gen = gen * 10 + c - 48;
  }
  const kind = bytes.at(at + 17);
  if (bytes.at(at + 10) !== 32 || bytes.at(at + 16) !== 32 || (kind !== 110 && kind !== 102))
    throw new PdfRefused(`malformed xref entry at byte ${at}`);
  return { offset, gen, used: kind === 110 };
}

/** A trailer dictionary is read from at most this many bytes after `trailer`. */
const TRAILER_BYTES = 64 * 1024;

/**
 * A pdf-lib object parser that parses the bytes it is given (an object's range) from a position
 * (the class made once per pdf-lib).
 */
function objectParser(lib: Lib) {
  const { PDFNumber } = lib;
  class ObjectAt extends lib.PDFObjectParser {
    /** pdf-lib exports no ByteStream: the class of the one its own factory made. */
    private readonly Stream = (this.bytes as object).constructor as new (
      bytes: Uint8Array,
    ) => never;

    at(bytes: Uint8Array, offset: number, ref?: PDFRef): PDFObject {
      (this as unknown as { bytes: unknown }).bytes = new this.Stream(bytes);
      this.bytes.moveTo(offset);
      return this.parseObject(ref);
    }

    /** pdf-lib's own, but the references it makes are not pooled (see `looseRef`). */
    protected override parseNumberOrRef(): PDFNumber | PDFRef {
      const first = this.parseRawNumber();
      this.skipWhitespaceAndComments();
      const back = this.bytes.offset();
      if (isDigit(this.bytes.peek())) {
        const second = this.parseRawNumber();
        this.skipWhitespaceAndComments();
        if (this.bytes.peek() === 82 /* R */) {
          this.bytes.next();
          return looseRef(lib, first, second);
        }
      }
      this.bytes.moveTo(back);
      return PDFNumber.of(first);
    }
  }
  return (context: PDFContext): ObjectAt => {
    // pdf-lib exports no ByteStream: the one its own factory makes is taken over.
    const stream = (
      lib.PDFObjectParser.forBytes(new Uint8Array(0), context) as unknown as { bytes: never }
    ).bytes;
    return new ObjectAt(stream, context);
  };
}
/**
 * A reference outside pdf-lib's pool. `PDFRef.of` keeps every reference it ever made in a global
 * map (about 250 bytes each, for the life of the process): a 5,000-page PDF read through it leaves
 * about 5 MB behind. These compare by number, not identity: the cut and the lookups here do.
 */
export function looseRef(lib: Lib, objectNumber: number, generationNumber: number): PDFRef {
  const ref = Object.create(lib.PDFRef.prototype) as PDFRef;
  return Object.assign(ref, {
    objectNumber,
    generationNumber,
    tag: `${objectNumber} ${generationNumber} R`,
  });
}

let parserFor: { lib: Lib; make: ReturnType<typeof objectParser> } | undefined;

/** Reads the tables and the page tree of `bytes`; throws `PdfRefused` on what it does not read. */
export function openLazyPdf(lib: Lib, bytes: Uint8Array | ByteSource): LazyPdf {
  return lazyOpening(lib, bytes instanceof Uint8Array ? bytesSource(bytes) : bytes)();
}

/**
 * `openLazyPdf` over a source that may miss bytes (the stored chunks of a job): each miss is
 * loaded and the opening resumes where it was (the page tree's walk is not started over).
 */
export function openLazyPdfLoading(lib: Lib, source: ByteSource): Promise<LazyPdf> {
  return withLoading(source, lazyOpening(lib, source));
}

interface Tables {
  /** offsets[n]: -1 not given, -2 free, else the byte offset of object n. */
  offsets: Int32Array;
  gens: Uint16Array;
  root: PDFObject | undefined;
  /** Every object's and table's offset, sorted: an object's bytes end at the next one. */
  ends: Int32Array;
}

/** The cross-reference tables, newest first (/Prev): an entry a newer table gives is never overwritten. */
function readTables(lib: Lib, source: ByteSource, parser: ObjectParser): Tables {
  const { PDFDict, PDFName, PDFNumber } = lib;
  const window = new Window(source);
  let offsets = new Int32Array(0);
  let gens = new Uint16Array(0);
  let root: PDFObject | undefined;
  let newest = true;
  const tablesRead = new Set<number>();
  for (let at: number | undefined = startXref(source); at !== undefined;) {
    if (tablesRead.has(at)) throw new PdfRefused('the xref tables loop (/Prev)');
    tablesRead.add(at);
    const { sections, trailer } = readTable(window, at);
    let dict: PDFObject;
    try {
      dict = parser.at(source.read(trailer, Math.min(source.size, trailer + TRAILER_BYTES)), 0);
    } catch (error) {
      if (error instanceof BytesMissing) throw error;
      throw new PdfRefused('unreadable trailer');
    }
    if (!(dict instanceof PDFDict)) throw new PdfRefused('no trailer dictionary');
    if (dict.has(PDFName.of('Encrypt'))) throw new PdfRefused('encrypted');
    if (dict.has(PDFName.of('XRefStm'))) throw new PdfRefused('a hybrid file (/XRefStm)');
    if (newest) {
      newest = false;
      const size = dict.get(PDFName.of('Size'));
      if (!(size instanceof PDFNumber)) throw new PdfRefused('no /Size');
      const n = size.asNumber();
      if (!Number.isInteger(n) || n < 1 || n > source.size / SMALLEST_OBJECT + 16)
        throw new PdfRefused(`implausible /Size ${n}`);
      offsets = new Int32Array(n).fill(-1);
      gens = new Uint16Array(n);
      root = dict.get(PDFName.of('Root'));
    }
    for (const { first, count, at: start } of sections)
      for (let i = 0; i < count; i++) {
        const n = first + i;
        const { offset, gen, used } = entry(window, start + i * 20);
        if (n >= offsets.length) {
          if (used) throw new PdfRefused(`object ${n} beyond /Size`);
          continue;
        }
        if (offsets[n] !== -1) continue;
        if (used && (offset >= source.size || offset <= 0))
          throw new PdfRefused(`object ${n} at ${offset}, outside the file`);
        offsets[n] = used ? offset : -2;
        gens[n] = gen;
      }
    const prev = dict.get(PDFName.of('Prev'));
    at = prev instanceof PDFNumber ? prev.asNumber() : undefined;
  }
  let used = 0;
  for (const offset of offsets) if (offset >= 0) used++;
  const ends = new Int32Array(used + tablesRead.size);
  let k = 0;
  for (const offset of offsets) if (offset >= 0) ends[k++] = offset;
  for (const table of tablesRead) ends[k++] = table;
  ends.sort();
  return { offsets, gens, root, ends };
}

type ObjectParser = ReturnType<ReturnType<typeof objectParser>>;

/**
 * The opening of a lazy PDF as a function that resumes where it stopped: a read that throws
 * `BytesMissing` leaves the reading of the tables to be done again (their loaded bytes are kept
 * until settled) and the page tree's walk at the node or page it was reading.
 */
function lazyOpening(lib: Lib, source: ByteSource): () => LazyPdf {
  const { PDFArray, PDFDict, PDFName, PDFNumber, PDFPageLeaf, PDFPageTree, PDFRef } = lib;
  if (parserFor?.lib !== lib) parserFor = { lib, make: objectParser(lib) };
  const context = lib.PDFContext.create();
  const parser = parserFor.make(context);
  let tables: Tables | undefined;

  /** The first offset after `from` (the next object's or table's), or the end of the file. */
  function endOf(from: number): number {
    const { ends } = tables!;
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (ends[mid] <= from) lo = mid + 1;
      else hi = mid;
    }
    return lo < ends.length ? ends[lo] : source.size;
  }
  /** Object n's bytes: from its offset to the next one. */
  function objectBytes(n: number): Uint8Array {
    const from = tables!.offsets[n];
    return source.read(from, endOf(from));
  }

  function lookup(ref: PDFRef): PDFObject | undefined {
    const { offsets, gens } = tables!;
    const n = ref.objectNumber;
    if (n >= offsets.length || offsets[n] < 0 || gens[n] !== ref.generationNumber) return undefined;
    const bytes = objectBytes(n);
    const cursor = new Cursor(bytes, 0);
    if (cursor.int() !== n || cursor.int() !== ref.generationNumber || !cursor.keyword(OBJ))
      throw new PdfRefused(`object ${n} is not at its offset`);
    try {
      return parser.at(bytes, cursor.at, ref);
    } catch (error) {
      throw new PdfRefused(`object ${n}: ${(error as Error).message}`);
    }
  }
  // pdf-lib's dictionaries look their references up through the context's table of objects:
  // this one parses each on demand and keeps none (docs/delivery.md, "Memory").
  (context as unknown as { indirectObjects: Pick<Map<PDFRef, PDFObject>, 'get'> }).indirectObjects =
    { get: (ref) => lookup(ref) };

  // The page tree, walked once: each page's object number and the tree node it hangs from; each
  // node its inheritable attributes (its own over its ancestors'). A page or node met twice,
  // a kid that is neither, a /Parent that is not the node above, a /Count that is not the pages
  // found: refused. Each step reads first and changes the walk's state only once it has read
  // everything (a missing read leaves the step to be done again).
  const inheritable = PDFPageLeaf.InheritableEntries.map((name) => PDFName.of(name));
  const parentKey = PDFName.of('Parent');
  const IS_PAGE = 2;
  const nodes: { number: number; inherited: (readonly [PDFName, PDFObject])[] }[] = [];
  let walk:
    { catalog: PDFDict; visited: Uint8Array; stack: { ref: PDFRef; parent: number }[] } | undefined;
  let pages = new Int32Array(64);
  let parents = new Int32Array(64);
  let pageCount = 0;
  let declared: PDFObject | undefined;
  function addPage(n: number, parent: number): void {
    if (pageCount === pages.length) {
      pages = grow(pages);
      parents = grow(parents);
    }
    walk!.visited[n] = IS_PAGE;
    pages[pageCount] = n;
    parents[pageCount++] = parent;
  }

  function startWalk() {
    const { root, offsets } = tables!;
    if (!(root instanceof PDFRef)) throw new PdfRefused('no /Root');
    const catalog = lookup(root);
    const treeRef = catalog instanceof PDFDict ? catalog.get(PDFName.of('Pages')) : undefined;
    if (!(catalog instanceof PDFDict) || !(treeRef instanceof PDFRef))
      throw new PdfRefused('no page tree');
    return {
      catalog,
      visited: new Uint8Array(offsets.length),
      stack: [{ ref: treeRef, parent: -1 }],
    };
  }

  /** One node or page of the walk, the one on top of the stack. */
  function step(): void {
    const { offsets, gens } = tables!;
    const { visited, stack } = walk!;
    const { ref, parent } = stack[stack.length - 1];
    const n = ref.objectNumber;
    if (n >= visited.length || visited[n]) throw new PdfRefused(`the page tree loops at ${n}`);
    if (
      parent >= 0 &&
      offsets[n] >= 0 &&
      gens[n] === ref.generationNumber &&
      scannedPageParent(objectBytes(n), 0, n, ref.generationNumber) === nodes[parent].number
    ) {
      stack.pop();
      visited[n] = 1;
      addPage(n, parent);
      return;
    }
    const node = lookup(ref);
    const above = parent < 0 ? undefined : nodes[parent];
    const up = node instanceof PDFDict ? node.get(parentKey) : undefined;
    if (above && !(up instanceof PDFRef && up.objectNumber === above.number))
      throw new PdfRefused(`object ${n}'s /Parent is not the node above it`);
    if (node instanceof PDFPageTree) {
      const count = above ? undefined : node.lookup(PDFName.of('Count'));
      const kids = node.lookup(PDFName.of('Kids'));
      if (!(kids instanceof PDFArray)) throw new PdfRefused(`page tree node ${n} has no /Kids`);
      const inherited = inheritable.flatMap((key) => {
        const value = node.get(key) ?? above?.inherited.find(([k]) => k === key)?.[1];
        return value ? [[key, value] as const] : [];
      });
      stack.pop();
      visited[n] = 1;
      if (!above) declared = count;
      nodes.push({ number: n, inherited });
      // A kid the byte scan vouches for as a page of this node is taken without parsing it
      // (its first cut parses it); any other is parsed and checked below. Pushed in reverse, so
      // a scanned page waits on the stack like the others and the pages keep their order.
      for (let i = kids.size() - 1; i >= 0; i--) {
        const kid = kids.get(i);
        if (!(kid instanceof PDFRef)) throw new PdfRefused(`a kid of ${n} is not a reference`);
        stack.push({ ref: kid, parent: nodes.length - 1 });
      }
    } else if (node instanceof PDFPageLeaf && above) {
      stack.pop();
      visited[n] = 1;
      addPage(n, parent);
    } else throw new PdfRefused(`object ${n} in the page tree is neither a page nor a node`);
  }

  return () => {
    if (!tables) {
      tables = readTables(lib, source, parser);
      source.settle?.();
    }
    walk ??= startWalk();
    while (walk.stack.length) {
      step();
      source.settle?.();
    }
    if (!(declared instanceof PDFNumber) || declared.asNumber() !== pageCount)
      throw new PdfRefused(`the page tree's /Count is not the ${pageCount} pages found`);
    const { offsets, gens } = tables;
    let largestObjectNumber = 0;
    for (let n = offsets.length - 1; n > 0; n--)
      if (offsets[n] >= 0) {
        largestObjectNumber = n;
        break;
      }
    const { catalog, visited } = walk;
    return {
      context,
      pageCount,
      largestObjectNumber,
      catalog,
      pageRef: (index) => looseRef(lib, pages[index], gens[pages[index]]),
      isPage: (n) => visited[n] === IS_PAGE,
      inherited: (index) => nodes[parents[index]].inherited,
      lookup,
    };
  };
}

function grow(array: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
