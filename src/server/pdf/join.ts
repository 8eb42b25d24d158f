// The chunks' PDFs joined in order, one chunk at a time as each arrives (docs/pdf-chunks.md,
// "Joining"). No pdf-lib copy and save: each chunk is parsed, the objects its pages reach are
// written straight to the output under new numbers (as src/server/delivery/pdfCut.ts writes a
// recipient's pages), and only the page tree, the catalogue, the outline and the cross-reference
// table are written at the end. The top-level outline entries (the section markers the per-row
// split looks for, and any heading of the template at that level) are made again, each pointing
// at its page in the join.
import { closeSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import * as lib from '@cantoo/pdf-lib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFPageLeaf,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFContext,
  type PDFObject,
} from '@cantoo/pdf-lib';
import { openLazyPdf, PdfRefused } from './lazyPdf';

interface Entry {
  /** The title as written in the chunk (a literal or hex string). */
  title: string;
  page: number;
}

/** A reference's key: the whole parse pools its references, the lazy reader does not. */
const keyOf = (ref: PDFRef) => ref.tag;

/** The page an outline entry points at: its /Dest, or the /D of its GoTo action. */
function pageOf(item: PDFDict, pages: Map<string, number>): number | undefined {
  let dest = item.lookup(PDFName.of('Dest'));
  if (!dest) dest = item.lookupMaybe(PDFName.of('A'), PDFDict)?.lookup(PDFName.of('D'));
  if (!(dest instanceof PDFArray)) return undefined;
  const ref = dest.get(0);
  return ref instanceof PDFRef ? pages.get(keyOf(ref)) : undefined;
}

function topLevelEntries(catalog: PDFDict, pages: Map<string, number>): Entry[] {
  const entries: Entry[] = [];
  let item = catalog
    .lookupMaybe(PDFName.of('Outlines'), PDFDict)
    ?.lookupMaybe(PDFName.of('First'), PDFDict);
  while (item) {
    const title = item.lookup(PDFName.of('Title'));
    const page = pageOf(item, pages);
    if (page !== undefined && (title instanceof PDFString || title instanceof PDFHexString))
      entries.push({ title: title.toString(), page });
    item = item.lookupMaybe(PDFName.of('Next'), PDFDict);
  }
  return entries;
}

/** A chunk's PDF as the append reads it: lazily (lazyPdf.ts) or parsed whole by pdf-lib. */
interface ChunkSource {
  readonly context: PDFContext;
  readonly catalog: PDFDict;
  readonly pages: PDFRef[];
  /** The page's dictionary to write (a copy of its own), with what it inherits made its own. */
  leaf(index: number): PDFDict;
  lookup(ref: PDFRef): PDFObject | undefined;
}

function lazySource(bytes: Uint8Array): ChunkSource {
  const pdf = openLazyPdf(lib, bytes);
  return {
    context: pdf.context,
    catalog: pdf.catalog,
    pages: Array.from({ length: pdf.pageCount }, (_, i) => pdf.pageRef(i)),
    leaf: (index) => {
      // Parsed anew by the lookup: the chunk keeps no copy to protect.
      const leaf = pdf.lookup(pdf.pageRef(index));
      if (!(leaf instanceof PDFDict)) throw new PdfRefused(`page ${index} is not a dictionary`);
      for (const [key, value] of pdf.inherited(index)) if (!leaf.get(key)) leaf.set(key, value);
      return leaf;
    },
    lookup: (ref) => pdf.lookup(ref),
  };
}

async function wholeSource(bytes: Uint8Array): Promise<ChunkSource> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = pdf.getPages();
  return {
    context: pdf.context,
    catalog: pdf.catalog,
    pages: pages.map((page) => page.ref),
    leaf: (index) => {
      const leaf = pages[index].node.clone();
      for (const name of PDFPageLeaf.InheritableEntries) {
        const key = PDFName.of(name);
        const value = leaf.getInheritableAttribute(key);
        if (!leaf.get(key) && value) leaf.set(key, value);
      }
      return leaf;
    },
    lookup: (ref) => pdf.context.lookup(ref),
  };
}

const TREE = 1;
const CATALOG = 2;
const OUTLINES = 3;
const PARENT = PDFName.of('Parent');
const TYPE = PDFName.of('Type');
/** Objects a page may reach that belong to its chunk's document, not to the page: left out. */
const DOCUMENT_TYPES = new Set(['/Pages', '/Catalog', '/Outlines']);

/** Writes a joined PDF to `output`, chunk by chunk, in the order they are appended. */
export class PdfJoiner {
  private readonly fd: number;
  private at = 0;
  /** Byte offset of each object by its number in the join (0 is the free head). */
  private readonly offsets: number[] = [0, 0, 0, 0];
  private readonly kids: number[] = [];
  private readonly outline: Entry[] = [];

  constructor(output: string) {
    this.fd = openSync(output, 'w', 0o600);
    this.write(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  }

  /** At `this.at`: a chunk appended again after the lazy reader refused it writes over its start. */
  private write(bytes: Buffer | string): void {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
    let done = 0;
    while (done < buffer.length)
      done += writeSync(this.fd, buffer, done, buffer.length - done, this.at + done);
    this.at += buffer.length;
  }

  /**
   * Appends a chunk's pages and its top-level outline entries. The chunk is read lazily, an
   * object at a time (lazyPdf.ts): parsing it whole kept every object of its 100 pages alive
   * through the append, so most of them survived V8's young-generation collections and the
   * thread's heap grew to 50 MB over a long document. A chunk the lazy reader refuses (not the
   * plain shape LibreOffice writes) is appended again from pdf-lib's whole parse, from where it
   * began, with the same result.
   */
  async append(bytes: Uint8Array): Promise<void> {
    const at = this.at;
    const [objects, kids, outline] = [this.offsets.length, this.kids.length, this.outline.length];
    try {
      return this.appendFrom(lazySource(bytes));
    } catch (error) {
      if (!(error instanceof PdfRefused)) throw error;
      ftruncateSync(this.fd, at);
      this.at = at;
      this.offsets.length = objects;
      this.kids.length = kids;
      this.outline.length = outline;
    }
    this.appendFrom(await wholeSource(bytes));
  }

  private appendFrom(source: ChunkSource): void {
    const { context, pages } = source;
    const numbers = new Map<string, number>();
    const queue: PDFRef[] = [];
    const numberOf = (ref: PDFRef): number | undefined => {
      let number = numbers.get(keyOf(ref));
      if (number !== undefined) return number;
      const target = source.lookup(ref);
      const type = target instanceof PDFDict ? target.get(TYPE)?.toString() : undefined;
      if (target === undefined || (type !== undefined && DOCUMENT_TYPES.has(type)))
        return undefined;
      number = this.offsets.length;
      this.offsets.push(0);
      numbers.set(keyOf(ref), number);
      queue.push(ref);
      return number;
    };
    const pageIndex = new Map<string, number>();
    pages.forEach((ref, i) => {
      pageIndex.set(keyOf(ref), i);
      numbers.set(keyOf(ref), this.offsets.length);
      this.offsets.push(0);
    });
    const text = (object: PDFObject | undefined): string => {
      if (object instanceof PDFRef) {
        const number = numberOf(object);
        return number === undefined ? 'null' : `${number} 0 R`;
      }
      if (object instanceof PDFDict) {
        let out = '<<';
        for (const [key, value] of object.entries()) out += `${key.toString()} ${text(value)}\n`;
        return `${out}>>`;
      }
      if (object instanceof PDFArray) {
        let out = '[';
        for (let i = 0; i < object.size(); i++) out += `${text(object.get(i))} `;
        return `${out}]`;
      }
      return object === undefined ? 'null' : object.toString();
    };
    const put = (number: number, object: PDFObject) => {
      this.offsets[number] = this.at;
      if (object instanceof PDFStream) {
        const contents = object.getContents();
        object.dict.set(PDFName.of('Length'), context.obj(contents.length));
        this.write(`${number} 0 obj\n${text(object.dict)}\nstream\n`);
        this.write(Buffer.from(contents.buffer, contents.byteOffset, contents.length));
        this.write('\nendstream\nendobj\n');
      } else this.write(`${number} 0 obj\n${text(object)}\nendobj\n`);
    };
    pages.forEach((ref, index) => {
      // A leaf of the join's one page tree: what it inherited from its chunk's tree is its own.
      const leaf = source.leaf(index);
      leaf.delete(PARENT);
      const number = numbers.get(keyOf(ref))!;
      this.offsets[number] = this.at;
      this.write(`${number} 0 obj\n${text(leaf).slice(0, -2)}/Parent ${TREE} 0 R\n>>\nendobj\n`);
      this.kids.push(number);
    });
    for (let ref = queue.pop(); ref; ref = queue.pop())
      put(numbers.get(keyOf(ref))!, source.lookup(ref)!);
    for (const entry of topLevelEntries(source.catalog, pageIndex))
      this.outline.push({ title: entry.title, page: numbers.get(keyOf(pages[entry.page]))! });
  }

  /** Writes the page tree, the catalogue, the outline and the cross-reference table. */
  finish(): { size: number; pages: number } {
    const object = (number: number, body: string) => {
      this.offsets[number] = this.at;
      this.write(`${number} 0 obj\n${body}\nendobj\n`);
    };
    const kids = this.kids.map((n) => `${n} 0 R`).join(' ');
    object(TREE, `<< /Type /Pages /Kids [${kids}] /Count ${this.kids.length} >>`);
    const first = this.offsets.length;
    const items = this.outline.length;
    this.outline.forEach((entry, i) => {
      const links = [
        i > 0 ? `/Prev ${first + i - 1} 0 R` : '',
        i + 1 < items ? `/Next ${first + i + 1} 0 R` : '',
      ];
      this.offsets.push(0);
      object(
        first + i,
        `<< /Title ${entry.title} /Parent ${OUTLINES} 0 R /Dest [${entry.page} 0 R /XYZ null null null] ${links.join(' ')} >>`,
      );
    });
    const ends = items ? `/First ${first} 0 R /Last ${first + items - 1} 0 R ` : '';
    object(OUTLINES, `<< /Type /Outlines ${ends}/Count ${items} >>`);
    object(CATALOG, `<< /Type /Catalog /Pages ${TREE} 0 R /Outlines ${OUTLINES} 0 R >>`);
    const xref = this.at;
    const lines = ['xref', `0 ${this.offsets.length}`, '0000000000 65535 f\r'];
    for (let n = 1; n < this.offsets.length; n++)
      lines.push(`${String(this.offsets[n]).padStart(10, '0')} 00000 n\r`);
    lines.push('trailer', `<< /Size ${this.offsets.length} /Root ${CATALOG} 0 R >>`);
    lines.push('startxref', String(xref), '%%EOF', '');
    this.write(lines.join('\n'));
    closeSync(this.fd);
    return { size: this.at, pages: this.kids.length };
  }

  /** Closes the file without finishing it (the caller removes it). */
  close(): void {
    closeSync(this.fd);
  }
}
