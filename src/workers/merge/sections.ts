// Section plumbing of the merged document: every row becomes one Word section that ends with its
// own sectPr (a next-page section break) pointing at that row's copies of the header/footer parts.

const BODY_END = '</w:body>';

interface SplitDocument {
  /** document.xml without the body's final sectPr (what gets compiled). */
  xml: string;
  /** The body's final sectPr, or null when the template has none. */
  finalSectPr: string | null;
}

export function splitFinalSectPr(xml: string): SplitDocument {
  const bodyEnd = xml.lastIndexOf(BODY_END);
  const start = xml.lastIndexOf('<w:sectPr', bodyEnd);
  if (bodyEnd < 0 || start < 0) return { xml, finalSectPr: null };
  const tail = xml.slice(start, bodyEnd).trimEnd();
  const selfClosed = /^<w:sectPr\b[^>]*\/>$/.test(tail);
  if (!selfClosed && (!tail.endsWith('</w:sectPr>') || tail.includes('</w:p>')))
    return { xml, finalSectPr: null };
  return { xml: xml.slice(0, start) + xml.slice(bodyEnd), finalSectPr: tail };
}

const NEXT_PAGE = '<w:type w:val="nextPage"/>';

/** The sectPr with its break type forced to nextPage, so each row's section starts on a new page. */
export function nextPageSectPr(sectPr: string | null): string {
  if (!sectPr) return `<w:sectPr>${NEXT_PAGE}</w:sectPr>`;
  const selfClosed = /^<w:sectPr\b([^>]*)\/>$/.exec(sectPr);
  if (selfClosed) return `<w:sectPr${selfClosed[1]}>${NEXT_PAGE}</w:sectPr>`;
  if (/<w:type\b[^>]*\/>/.test(sectPr)) return sectPr.replace(/<w:type\b[^>]*\/>/, NEXT_PAGE);
  // Schema order: header/footer references, footnotePr, endnotePr, then type.
  const before =
    /<w:(?:headerReference|footerReference)\b[^>]*\/>|<w:(footnotePr|endnotePr)\b[^>]*\/>|<w:(footnotePr|endnotePr)\b[\s\S]*?<\/w:\2>/g;
  let at = sectPr.indexOf('>') + 1;
  for (const match of sectPr.matchAll(before))
    at = Math.max(at, (match.index ?? 0) + match[0].length);
  return sectPr.slice(0, at) + NEXT_PAGE + sectPr.slice(at);
}

const RESTART_FOOTNOTES = '<w:footnotePr><w:numRestart w:val="eachSect"/></w:footnotePr>';

/**
 * The sectPr with footnote numbers restarting in each section, so every row's document numbers
 * its footnotes from 1 as the template does; a template's own footnotePr is kept as it is.
 */
export function restartFootnotes(sectPr: string): string {
  if (/<w:footnotePr\b/.test(sectPr)) return sectPr;
  // Schema order: header/footer references, then footnotePr.
  let at = sectPr.indexOf('>') + 1;
  for (const match of sectPr.matchAll(/<w:(?:headerReference|footerReference)\b[^>]*\/>/g))
    at = Math.max(at, (match.index ?? 0) + match[0].length);
  return sectPr.slice(0, at) + RESTART_FOOTNOTES + sectPr.slice(at);
}

const REFERENCE_ID = /(<w:(?:headerReference|footerReference)\b[^>]*?\br:id=")([^"]*)(")/g;

/** Points header/footer references at one row's copies; ids not in the map stay as they are. */
export function remapReferences(xml: string, ids: ReadonlyMap<string, string>): string {
  if (ids.size === 0 || !xml.includes('Reference')) return xml;
  return xml.replace(REFERENCE_ID, (whole, head: string, id: string, tail: string) => {
    const mapped = ids.get(id);
    return mapped ? head + mapped + tail : whole;
  });
}

/**
 * A section break cut at its header/footer references' ids, so each row writes it without a
 * search: `segments` with the row's id for `ids[k]` between segments k and k + 1.
 */
export interface BreakFrame {
  readonly segments: readonly Uint8Array[];
  readonly ids: readonly string[];
}

export function breakFrame(xml: string, encoder: TextEncoder): BreakFrame {
  const segments: Uint8Array[] = [];
  const ids: string[] = [];
  let from = 0;
  for (const match of xml.matchAll(REFERENCE_ID)) {
    const at = match.index + match[1].length;
    segments.push(encoder.encode(xml.slice(from, at)));
    ids.push(match[2]);
    from = at + match[2].length;
  }
  segments.push(encoder.encode(xml.slice(from)));
  return { segments, ids };
}

/** An empty, 1-pt paragraph carrying a section break, so it adds no visible line. */
export function sectionBreakParagraph(sectPr: string): string {
  return `<w:p><w:pPr><w:spacing w:before="0" w:after="0"/><w:rPr><w:sz w:val="2"/></w:rPr>${sectPr}</w:pPr></w:p>`;
}

/** The body content between <w:body …> and </w:body> of a rendered document.xml. */
export function bodyContent(xml: string): { start: number; end: number } {
  const open = xml.indexOf('<w:body');
  const start = xml.indexOf('>', open) + 1;
  return { start, end: xml.lastIndexOf(BODY_END) };
}
