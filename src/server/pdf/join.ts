// The chunks' PDFs joined in order, one chunk at a time as each arrives (docs/pdf-chunks.md,
// "Joining"). No pdf-lib copy and save: each chunk is parsed, the objects its pages reach are
// written straight to the output under new numbers (as src/server/delivery/pdfCut.ts writes a
// recipient's pages), and only the page tree, the catalogue, the outline and the cross-reference
// table are written at the end. The top-level outline entries (the section markers the per-row
// split looks for, and any heading of the template at that level) are made again, each pointing
// at its page in the join.
import { closeSync, openSync, writeSync } from 'node:fs';
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
  type PDFObject,
} from '@cantoo/pdf-lib';

interface Entry {
  /** The title as written in the chunk (a literal or hex string). */
  title: string;
  page: number;
}

/** The page an outline entry points at: its /Dest, or the /D of its GoTo action. */
function pageOf(item: PDFDict, pages: Map<PDFRef, number>): number | undefined {
  let dest = item.lookup(PDFName.of('Dest'));
  if (!dest) dest = item.lookupMaybe(PDFName.of('A'), PDFDict)?.lookup(PDFName.of('D'));
  if (!(dest instanceof PDFArray)) return undefined;
  const ref = dest.get(0);
  return ref instanceof PDFRef ? pages.get(ref) : undefined;
}

function topLevelEntries(pdf: PDFDocument, pages: Map<PDFRef, number>): Entry[] {
  const entries: Entry[] = [];
  let item = pdf.catalog
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

  private write(bytes: Buffer | string): void {
    const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
    let done = 0;
    while (done < buffer.length) done += writeSync(this.fd, buffer, done);
    this.at += buffer.length;
  }

  /** Appends a chunk's pages and its top-level outline entries. */
  async append(bytes: Uint8Array): Promise<void> {
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    const context = pdf.context;
    const pages = pdf.getPages();
    const numbers = new Map<PDFRef, number>();
    const queue: PDFRef[] = [];
    const numberOf = (ref: PDFRef): number | undefined => {
      let number = numbers.get(ref);
      if (number !== undefined) return number;
      const target = context.lookup(ref);
      const type = target instanceof PDFDict ? target.get(TYPE)?.toString() : undefined;
      if (target === undefined || (type !== undefined && DOCUMENT_TYPES.has(type)))
        return undefined;
      number = this.offsets.length;
      this.offsets.push(0);
      numbers.set(ref, number);
      queue.push(ref);
      return number;
    };
    const pageIndex = new Map<PDFRef, number>();
    pages.forEach((page, i) => {
      pageIndex.set(page.ref, i);
      numbers.set(page.ref, this.offsets.length);
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
    for (const page of pages) {
      // A leaf of the join's one page tree: what it inherited from its chunk's tree is its own.
      const leaf = page.node.clone();
      for (const name of PDFPageLeaf.InheritableEntries) {
        const key = PDFName.of(name);
        const value = leaf.getInheritableAttribute(key);
        if (!leaf.get(key) && value) leaf.set(key, value);
      }
      leaf.delete(PARENT);
      const number = numbers.get(page.ref)!;
      this.offsets[number] = this.at;
      this.write(`${number} 0 obj\n${text(leaf).slice(0, -2)}/Parent ${TREE} 0 R\n>>\nendobj\n`);
      this.kids.push(number);
    }
    for (let ref = queue.pop(); ref; ref = queue.pop())
      put(numbers.get(ref)!, context.lookup(ref)!);
    for (const entry of topLevelEntries(pdf, pageIndex))
      this.outline.push({ title: entry.title, page: numbers.get(pages[entry.page].ref)! });
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
