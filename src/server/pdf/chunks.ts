// A merged document of many sections cut into packages of `size` sections each, from the merged
// package itself (docs/pdf-chunks.md): the body is cut at the section markers, each chunk ends
// with its last section's own page settings, and only the header/footer parts it uses travel.
import { deflatedEntry, entryBytes, readZip, writeZip, type ZipEntry } from '../../domain/docx';
import { nodeDeflateCodec } from './codec';

export interface DocxChunk {
  bytes: Uint8Array;
  /** 1-based number of the chunk's first section in the whole document. */
  first: number;
  /** 1-based number of its last section. */
  last: number;
}

const MARKER_TEXTS = ['<w:t>&#8203;</w:t>', '<w:t>\u200B</w:t>'];
const decoder = new TextDecoder();
const encoder = new TextEncoder();
const HEADER_FOOTER = /\/relationships\/(header|footer)$/;

/** Start of the `<w:p>` (or `<w:p …>`) before `at`, skipping `<w:pPr>` and the like. */
function paragraphStart(xml: string, at: number): number {
  let open = at;
  do open = xml.lastIndexOf('<w:p', open - 1);
  while (open >= 0 && xml[open + 4] !== '>' && xml[open + 4] !== ' ');
  return open;
}

/** A section marker's paragraph: from its `<w:p` to the end of its `</w:p>`. */
interface MarkerParagraph {
  start: number;
  end: number;
}

/** The paragraph holding each section marker (an outline-level-0 zero-width space), in order. */
function sectionMarkers(xml: string): MarkerParagraph[] {
  const markers: MarkerParagraph[] = [];
  for (const text of MARKER_TEXTS) {
    for (let at = xml.indexOf(text); at >= 0; at = xml.indexOf(text, at + text.length)) {
      const start = paragraphStart(xml, at);
      const close = xml.indexOf('</w:p>', at);
      if (start >= 0 && close >= 0 && xml.slice(start, at).includes('<w:outlineLvl w:val="0"/>'))
        markers.push({ start, end: close + '</w:p>'.length });
    }
  }
  return markers.sort((a, b) => a.start - b.start);
}

/**
 * `xml[from, to)` without the marker paragraphs in it: a document whose user wants one PDF has
 * no use for them, and LibreOffice would make each one an empty outline entry of that PDF.
 */
function withoutMarkers(xml: string, from: number, to: number, markers: MarkerParagraph[]) {
  let out = '';
  let at = from;
  for (const marker of markers) {
    if (marker.start < from || marker.end > to) continue;
    out += xml.slice(at, marker.start);
    at = marker.end;
  }
  return out + xml.slice(at, to);
}

export interface SplitOptions {
  /** Take the section markers out of every chunk (docs/pdf-chunks.md, "One PDF"). */
  dropMarkers?: boolean;
  /**
   * The text of the package's `word/document.xml`, when the caller holds it already (the
   * sanitiser's thread: sanitiseDocx's `kept`): not inflated and decoded a second time.
   */
  documentXml?: string;
}

/** The last `<w:sectPr …>…</w:sectPr>` in `xml`, or undefined. */
function lastSectPr(xml: string): { start: number; end: number } | undefined {
  const start = xml.lastIndexOf('<w:sectPr');
  if (start < 0) return undefined;
  const end = xml.indexOf('</w:sectPr>', start);
  return end < 0 ? undefined : { start, end: end + '</w:sectPr>'.length };
}

interface Relationship {
  xml: string;
  id: string;
  type: string;
  target: string;
}

function relationships(rels: string): Relationship[] {
  return [...rels.matchAll(/<Relationship\b[^>]*\/>/g)].map(([xml]) => ({
    xml,
    id: /\bId="([^"]*)"/.exec(xml)?.[1] ?? '',
    type: /\bType="([^"]*)"/.exec(xml)?.[1] ?? '',
    target: /\bTarget="([^"]*)"/.exec(xml)?.[1] ?? '',
  }));
}

/** The package's entries and a way to read one of its parts as text. */
function openPackage(docx: Uint8Array) {
  // The package was sanitised already (docs/sanitiser.md): its sizes are known to be sane.
  const entries = readZip(docx, { maxUnpackedBytes: Number.MAX_SAFE_INTEGER });
  const text = (name: string) => {
    const entry = entries.find((e) => e.name === name);
    return entry ? decoder.decode(entryBytes(entry, nodeDeflateCodec)) : '';
  };
  return { entries, text };
}

/** How a document is converted: in chunks, or whole (docs/pdf-chunks.md, "When" and "One PDF"). */
export type DocxCut = { chunks: DocxChunk[] } | { whole: Uint8Array };

/**
 * The chunks of `size` sections of a merged .docx; or the document whole when it has no more than
 * `size` sections (or none marked), without its markers when `dropMarkers` (the same bytes when
 * it has none to drop). The package is read once either way.
 */
export function cutDocx(docx: Uint8Array, size: number, options: SplitOptions = {}): DocxCut {
  const { entries, text } = openPackage(docx);
  const xml = options.documentXml ?? text('word/document.xml');
  const markers = sectionMarkers(xml);
  const chunks = xml ? chunksOf(entries, text, xml, markers, size, options) : null;
  if (chunks) return { chunks };
  if (!options.dropMarkers || !markers.length) return { whole: docx };
  const documentXml = encoder.encode(withoutMarkers(xml, 0, xml.length, markers));
  return {
    whole: writeZip(
      entries.map((entry) =>
        entry.name === 'word/document.xml'
          ? deflatedEntry(entry.name, documentXml, nodeDeflateCodec)
          : entry,
      ),
    ),
  };
}

function chunksOf(
  entries: readonly ZipEntry[],
  text: (name: string) => string,
  xml: string,
  markers: MarkerParagraph[],
  size: number,
  options: SplitOptions,
): DocxChunk[] | null {
  const starts = markers.map((marker) => marker.start);
  if (starts.length <= size) return null;
  const bodyEnd = xml.lastIndexOf('</w:body>');
  const finalSectPr = lastSectPr(xml.slice(0, bodyEnd));
  if (!finalSectPr || finalSectPr.start < starts[starts.length - 1]) return null;
  const head = xml.slice(0, starts[0]);
  const tail = xml.slice(finalSectPr.start);
  const parts = packageParts(
    entries,
    text('word/_rels/document.xml.rels'),
    text('[Content_Types].xml'),
  );
  const chunks: DocxChunk[] = [];
  for (let first = 0; first < starts.length; first += size) {
    const last = Math.min(first + size, starts.length) - 1;
    const isFinal = last === starts.length - 1;
    const end = isFinal ? finalSectPr.start : starts[last + 1];
    let body = options.dropMarkers
      ? withoutMarkers(xml, starts[first], end, markers.slice(first, last + 1))
      : xml.slice(starts[first], end);
    let ending = tail;
    if (!isFinal) {
      // The chunk's last section break becomes the chunk's own final page settings.
      const own = lastSectPr(body);
      if (own) {
        ending = body.slice(own.start, own.end) + xml.slice(finalSectPr.end);
        body = body.slice(0, own.start) + body.slice(own.end);
      }
    }
    const chunkXml = head + body + ending;
    chunks.push({
      bytes: packageOf(parts, chunkXml),
      first: first + 1,
      last: last + 1,
    });
  }
  return chunks;
}

/** A header or footer part of the merged package: its entries (the part and its .rels) and its override. */
interface HeaderFooterPart {
  entries: ZipEntry[];
  override: string;
}

/**
 * The merged package sorted once into what every chunk carries (its other parts, and the
 * document's .rels and [Content_Types].xml without any header or footer) and the header/footer
 * relationships by id, so that each chunk costs its own size, not the whole document's: a merge
 * of 10,000 rows has 10,000 headers, and looking through all of them once per chunk made cutting
 * grow with the square of the rows.
 */
interface PackageParts {
  common: ZipEntry[];
  relsXml: string;
  typesXml: string;
  headerFooters: Map<string, { xml: string; part: HeaderFooterPart }>;
}

function packageParts(entries: readonly ZipEntry[], relsXml: string, types: string): PackageParts {
  const headerFooters = new Map<string, { xml: string; part: HeaderFooterPart }>();
  const byName = new Map<string, HeaderFooterPart>();
  for (const relationship of relationships(relsXml)) {
    if (!HEADER_FOOTER.test(relationship.type)) continue;
    const name = `word/${relationship.target.replace(/^\.\//, '')}`;
    let part = byName.get(name);
    if (!part) byName.set(name, (part = { entries: [], override: '' }));
    headerFooters.set(relationship.id, { xml: relationship.xml, part });
  }
  const common: ZipEntry[] = [];
  for (const entry of entries) {
    const relsOf = /^word\/_rels\/(.+)\.rels$/.exec(entry.name);
    const part = byName.get(entry.name) ?? (relsOf ? byName.get(`word/${relsOf[1]}`) : undefined);
    if (part) part.entries.push(entry);
    else common.push(entry);
  }
  const typesXml = types.replace(/<Override\b[^>]*\/>/g, (entry) => {
    const part = byName.get(/PartName="\/([^"]*)"/.exec(entry)?.[1] ?? '');
    if (!part) return entry;
    part.override += entry;
    return '';
  });
  return {
    common,
    relsXml: relsXml.replace(/<Relationship\b[^>]*\/>/g, (entry) =>
      HEADER_FOOTER.test(/\bType="([^"]*)"/.exec(entry)?.[1] ?? '') ? '' : entry,
    ),
    typesXml,
    headerFooters,
  };
}

/** The package with `documentXml` and only the header/footer parts it uses. */
function packageOf(parts: PackageParts, documentXml: string): Uint8Array {
  const relationshipsXml = new Set<string>();
  const used = new Set<HeaderFooterPart>();
  for (const [, id] of documentXml.matchAll(/\br:id="([^"]*)"/g)) {
    const headerFooter = parts.headerFooters.get(id);
    if (!headerFooter) continue;
    relationshipsXml.add(headerFooter.xml);
    used.add(headerFooter.part);
  }
  const owned = [...used];
  const replaced = new Map<string, string>([
    ['word/document.xml', documentXml],
    [
      'word/_rels/document.xml.rels',
      parts.relsXml.replace(
        '</Relationships>',
        `${[...relationshipsXml].join('')}</Relationships>`,
      ),
    ],
    [
      '[Content_Types].xml',
      parts.typesXml.replace('</Types>', `${owned.map((o) => o.override).join('')}</Types>`),
    ],
  ]);
  const out: ZipEntry[] = [];
  for (const entry of [...parts.common, ...owned.flatMap((o) => o.entries)]) {
    const text = replaced.get(entry.name);
    // Parts kept as they are travel still compressed; only the three rewritten are deflated.
    out.push(
      text === undefined
        ? entry
        : deflatedEntry(entry.name, encoder.encode(text), nodeDeflateCodec),
    );
  }
  return writeZip(out);
}
