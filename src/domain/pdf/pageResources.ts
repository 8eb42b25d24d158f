// A page's resources cut down to what its content names (docs/delivery.md, "Memory"; used by the
// per-row split in the worker and by the server's cut of each recipient's pages).
// LibreOffice writes one resource dictionary for all pages of a document: every font, image and
// graphics state of the whole run. Copying a page copied that dictionary and everything in it, so
// each row's PDF carried every row's images (another customer's QR code among them) and the split
// of n rows did n × n copies. The page now gets a dictionary of its own, each category (XObject,
// Font, ...) keeping only the names its content streams use; a form XObject keeps its own
// resources whole. A name is recognised by its bytes: a name the content mentions in any way is
// kept, so nothing a page draws is ever dropped.
// A cutter passes a `ResourceCache`: the shared dictionary is then read once, not once a page, and
// pages naming the same resources share one pruned dictionary (docs/delivery.md, "The cut's
// garbage").
// pdf-lib is passed in: the page loads it on demand and the server loads it lazily.
// The shapes below are the few parts of pdf-lib this uses, so src/domain imports no library.
interface PdfName {
  asString(): string;
}
interface PdfDict {
  entries(): [PdfName, unknown][];
  set(key: PdfName, value: unknown): void;
}
interface Page {
  node: {
    Contents(): unknown;
    Resources(): PdfDict | undefined;
    get(key: PdfName): unknown;
    set(key: PdfName, value: unknown): void;
  };
  doc: { context: { lookup(ref: unknown): unknown } };
}
// Methods (not function properties) so pdf-lib's narrower parameters still fit; a class is its
// `prototype`, which is what `instanceof` looks for.
type Class<T> = { prototype: T };
interface Lib {
  decodePDFRawStream(stream: object): { decode(): Uint8Array };
  PDFArray: Class<{ asArray(): unknown[] }>;
  PDFDict: Class<PdfDict> & { withContext(context: object): PdfDict };
  PDFName: { of(name: string): PdfName };
  PDFRawStream: Class<object>;
  PDFRef: Class<{ readonly objectNumber: number }>;
}

/** `value instanceof kind`, typed for the shapes above. */
const isA = <T>(value: unknown, kind: Class<T>): value is T =>
  Object.prototype.isPrototypeOf.call(kind.prototype as object, value as object);

/**
 * Bytes that end a name token: what `\s` matches in Latin-1 (tab, line feed, vertical tab, form
 * feed, carriage return, space, no-break space) and the delimiters `/[]<>(){}%`. The same tokens as
 * the pattern `\/([^\s/[\]<>(){}%]+)` over the content read as Latin-1, which this scan replaced.
 */
const ENDS_NAME = new Uint8Array(256);
for (const byte of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0]) ENDS_NAME[byte] = 1;
for (const char of '/[]<>(){}%') ENDS_NAME[char.charCodeAt(0)] = 1;
const SLASH = 0x2f;

/** FNV-1a over a name's characters after its slash, as the scan hashes its bytes. */
function hashOfName(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 1; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The names of a resource dictionary, looked for in content bytes. A token is hashed as it is
 * read and compared only when its hash is a resource's: no string or match object a token.
 */
export class ResourceNames {
  private readonly byHash = new Map<number, string[]>();

  add(name: string): void {
    const hash = hashOfName(name);
    const same = this.byHash.get(hash);
    if (!same) this.byHash.set(hash, [name]);
    else if (!same.includes(name)) same.push(name);
  }

  /** Adds to `used` each of these names that `bytes` holds as a `/Name` token. */
  scan(bytes: Uint8Array, used: Set<string>): void {
    const end = bytes.length;
    for (let i = 0; i < end; i++) {
      if (bytes[i] !== SLASH) continue;
      let j = i + 1;
      let hash = 0x811c9dc5;
      while (j < end && !ENDS_NAME[bytes[j]]) hash = Math.imul(hash ^ bytes[j++], 0x01000193);
      if (j === i + 1) continue;
      const names = this.byHash.get(hash >>> 0);
      if (names)
        for (const name of names)
          if (name.length === j - i && sameBytes(name, bytes, i)) used.add(name);
      // The token's end may be the next name's slash.
      i = j - 1;
    }
  }
}

function sameBytes(name: string, bytes: Uint8Array, at: number): boolean {
  for (let k = 0; k < name.length; k++) if (name.charCodeAt(k) !== bytes[at + k]) return false;
  return true;
}

/** A resource dictionary read once: its categories, their entries, and where each name is. */
interface Prepared {
  readonly categories: { key: PdfName; value: unknown; entries: [PdfName, unknown][] | null }[];
  readonly names: ResourceNames;
  /** Each name's entries: [category, entry] indexes. */
  readonly places: Map<string, [number, number][]>;
  readonly total: number;
  /** Pruned dictionaries by the names they keep (a page with the same fonts reuses one). */
  readonly pruned: Map<string, { own: PdfDict; dropped: number }>;
}

/** The resource dictionaries of one source PDF that are objects of their own, by number. */
export type ResourceCache = Map<number, Prepared>;

/** Pruned dictionaries kept per resource dictionary; past it, each page builds its own. */
const MAX_PRUNED = 64;

function prepare(lib: Lib, resources: PdfDict, context: Page['doc']['context']): Prepared {
  const { PDFDict, PDFName } = lib;
  const names = new ResourceNames();
  const places = new Map<string, [number, number][]>();
  let total = 0;
  const categories = resources.entries().map(([key, value], c) => {
    const entries = context.lookup(value);
    if (!isA(entries, PDFDict) || key === PDFName.of('ProcSet'))
      return { key, value, entries: null };
    const list = entries.entries();
    list.forEach(([name], e) => {
      const text = name.asString();
      names.add(text);
      const place = places.get(text);
      if (place) place.push([c, e]);
      else places.set(text, [[c, e]]);
    });
    total += list.length;
    return { key, value, entries: list };
  });
  return { categories, names, places, total, pruned: new Map() };
}

/**
 * A content stream's decoded bytes by a faster way than pdf-lib's (the server's zlib), or
 * `undefined` to leave it to pdf-lib.
 */
export type StreamDecoder = (stream: object) => Uint8Array | undefined;

/** The resource names `page`'s content streams hold. */
function namesUsed(
  lib: Lib,
  page: Page,
  names: ResourceNames,
  decode?: StreamDecoder,
): Set<string> {
  const { decodePDFRawStream, PDFArray, PDFRawStream } = lib;
  const used = new Set<string>();
  const contents = page.node.Contents();
  const streams = isA(contents, PDFArray)
    ? contents.asArray().map((ref) => page.doc.context.lookup(ref))
    : [contents];
  for (const stream of streams)
    if (isA(stream, PDFRawStream))
      names.scan(decode?.(stream) ?? decodePDFRawStream(stream).decode(), used);
  return used;
}

/**
 * Gives `page` a resource dictionary of its own holding only what its content uses. Returns how
 * many resource entries were left out (the work the copy no longer does). With `cache`, a shared
 * dictionary is read once and the pruned dictionaries reused (they must not be changed).
 */
export function pruneResources(
  lib: Lib,
  page: Page,
  cache?: ResourceCache,
  decode?: StreamDecoder,
): number {
  const { PDFDict, PDFName, PDFRef } = lib;
  const context = page.doc.context;
  // Only a dictionary of its own object is shared: a direct one is read with its page.
  const value = page.node.get(PDFName.of('Resources'));
  const key = isA(value, PDFRef) ? value.objectNumber : undefined;
  let prepared = key === undefined ? undefined : cache?.get(key);
  if (!prepared) {
    const resources = page.node.Resources();
    if (!resources) return 0;
    prepared = prepare(lib, resources, context);
    if (key !== undefined) cache?.set(key, prepared);
  }
  const used = namesUsed(lib, page, prepared.names, decode);
  const signature = [...used].sort().join(' ');
  let pruned = prepared.pruned.get(signature);
  if (!pruned) {
    const kept: number[][] = prepared.categories.map(() => []);
    for (const name of used) for (const [c, e] of prepared.places.get(name)!) kept[c].push(e);
    const own = PDFDict.withContext(context);
    let count = 0;
    prepared.categories.forEach(({ key: category, value: entries, entries: list }, c) => {
      if (!list) return own.set(category, entries);
      const dict = PDFDict.withContext(context);
      for (const e of kept[c].sort((a, b) => a - b)) dict.set(list[e][0], list[e][1]);
      count += kept[c].length;
      own.set(category, dict);
    });
    pruned = { own, dropped: prepared.total - count };
    if (cache && prepared.pruned.size < MAX_PRUNED) prepared.pruned.set(signature, pruned);
  }
  page.node.set(PDFName.of('Resources'), pruned.own);
  return pruned.dropped;
}
