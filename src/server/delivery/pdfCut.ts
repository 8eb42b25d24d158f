// A recipient's pages of a job's merged PDF without pdf-lib copies (docs/delivery.md, "Memory").
// The merged PDF is parsed once; each of its objects is serialised once, when a mail first needs
// it, and kept as bytes. A recipient's PDF is its pages (their inherited attributes made their
// own) and every object they reach, those bytes concatenated under their original numbers, plus a
// new page tree, catalogue and cross-reference table: a mail costs about its own size in garbage
// instead of a copied document and its serialisation. What a page reaches is followed except
// `/Parent` and the other pages of the run (a link to another customer's page is left dangling,
// which a reader takes as null), so no mail ever carries another row's page.
import type { PDFDocument, PDFObject, PDFRef } from '@cantoo/pdf-lib';
import { pruneResources } from '../../domain/pdf/pageResources';

type Lib = typeof import('@cantoo/pdf-lib');

export interface PageCutter {
  readonly pageCount: number;
  /** Pages `from`–`to` (1-based, inclusive) as a PDF of their own. */
  cut(from: number, to: number): Buffer;
}

const ascii = (text: string) => Buffer.from(text, 'latin1');

export function pageCutter(lib: Lib, doc: PDFDocument): PageCutter {
  const { PDFArray, PDFDict, PDFName, PDFPageLeaf, PDFRef, PDFStream } = lib;
  const context = doc.context;
  const pages = doc.getPages();
  const pageRefs = new Set<PDFRef>(pages.map((p) => p.ref));
  const parentKey = PDFName.of('Parent');
  const treeRef = PDFRef.of(context.largestObjectNumber + 1);
  const catalogRef = PDFRef.of(context.largestObjectNumber + 2);
  const bytes = new Map<PDFRef, Buffer>();
  const seen = new Set<PDFRef>();
  const links = new Map<PDFRef, PDFRef[]>();

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
    // Only the resources its content names: LibreOffice shares one dictionary of every row's
    // fonts and images between all pages (src/domain/pdf/pageResources.ts).
    pruneResources(lib, pages[index]);
    const { ref, node } = pages[index];
    const leaf = node.clone();
    for (const name of PDFPageLeaf.InheritableEntries) {
      const key = PDFName.of(name);
      const value = leaf.getInheritableAttribute(key);
      if (!leaf.get(key) && value) leaf.set(key, value);
    }
    leaf.set(parentKey, treeRef);
    return { ref, dict: leaf };
  }

  function cut(from: number, to: number): Buffer {
    const parts: Buffer[] = [ascii('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
    let offset = parts[0].length;
    const offsets = new Map<PDFRef, number>();
    const put = (ref: PDFRef, part: Buffer) => {
      offsets.set(ref, offset);
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
      if (offsets.has(ref) || pageRefs.has(ref)) continue;
      const object = context.lookup(ref);
      if (object === undefined) continue;
      // Kept as bytes once a second mail needs it (fonts, images): a page's own content is not.
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
    return Buffer.concat(parts);
  }

  return { pageCount: pages.length, cut };
}

/** A cross-reference table of the objects written, one subsection per run of numbers. */
function xref(offsets: Map<PDFRef, number>, at: number, root: PDFRef): string {
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
