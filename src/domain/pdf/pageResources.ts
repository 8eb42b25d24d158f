// A page's resources cut down to what its content names (docs/delivery.md, "Memory"; used by the
// per-row split in the worker and by the server's cut of each recipient's pages).
// LibreOffice writes one resource dictionary for all pages of a document: every font, image and
// graphics state of the whole run. Copying a page copied that dictionary and everything in it, so
// each row's PDF carried every row's images (another customer's QR code among them) and the split
// of n rows did n × n copies. The page now gets a dictionary of its own, each category (XObject,
// Font, ...) keeping only the names its content streams use; a form XObject keeps its own
// resources whole. A name is recognised by its bytes: a name the content mentions in any way is
// kept, so nothing a page draws is ever dropped.
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
}

/** `value instanceof kind`, typed for the shapes above. */
const isA = <T>(value: unknown, kind: Class<T>): value is T =>
  Object.prototype.isPrototypeOf.call(kind.prototype as object, value as object);

const LATIN1 = new TextDecoder('latin1');
const NAME = /\/([^\s/[\]<>(){}%]+)/g;

/** Every `/Name` token in the page's content streams, as written (`/Im12`). */
function namesUsed(lib: Lib, page: Page): Set<string> {
  const { decodePDFRawStream, PDFArray, PDFRawStream } = lib;
  const names = new Set<string>();
  const contents = page.node.Contents();
  const streams = isA(contents, PDFArray)
    ? contents.asArray().map((ref) => page.doc.context.lookup(ref))
    : [contents];
  for (const stream of streams) {
    if (!isA(stream, PDFRawStream)) continue;
    const bytes = decodePDFRawStream(stream).decode();
    const text = LATIN1.decode(bytes);
    for (const match of text.matchAll(NAME)) names.add(`/${match[1]}`);
  }
  return names;
}

/**
 * Gives `page` a resource dictionary of its own holding only what its content uses. Returns how
 * many resource entries were left out (the work the copy no longer does).
 */
export function pruneResources(lib: Lib, page: Page): number {
  const { PDFDict, PDFName } = lib;
  const resources = page.node.Resources();
  if (!resources) return 0;
  const used = namesUsed(lib, page);
  const context = page.doc.context;
  const own = PDFDict.withContext(context);
  let dropped = 0;
  for (const [category, value] of resources.entries()) {
    const entries = context.lookup(value);
    if (!isA(entries, PDFDict) || category === PDFName.of('ProcSet')) {
      own.set(category, value);
      continue;
    }
    const kept = PDFDict.withContext(context);
    for (const [name, entry] of entries.entries()) {
      if (used.has(name.asString())) kept.set(name, entry);
      else dropped++;
    }
    own.set(category, kept);
  }
  page.node.set(PDFName.of('Resources'), own);
  return dropped;
}
