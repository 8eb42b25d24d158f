// Where the parts of a Word package are (the main part, its headers, footers and endnotes), found
// through its relationships, never by file name; each given the content type docxtemplater
// recognises it by. Read once per template by compile.ts.
import type PizZip from 'pizzip';
import {
  CONTENT_TYPES,
  ContentTypes,
  findMainDocument,
  hasPart,
  isMainContentType,
  readRelationships,
  relsPathOf,
  resolveTarget,
  setOverrides,
} from './docxPackage';

const WORDML = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
const MAIN_CONTENT_TYPE = `${WORDML}.document.main+xml`;
const HEADER_CONTENT_TYPE = `${WORDML}.header+xml`;
const FOOTER_CONTENT_TYPE = `${WORDML}.footer+xml`;

/** A header or footer the main document references (through its own .rels). */
export interface HeaderFooterPart {
  kind: 'header' | 'footer';
  /** Relationship id in the main document's .rels. */
  id: string;
  type: string;
  path: string;
  contentType: string;
}

/** Where the parts of a Word package are, found through its relationships, never by file name. */
export interface DocxLayout {
  main: string;
  mainRels: string;
  headersFooters: HeaderFooterPart[];
  /** The endnotes parts, templated like the footnotes (docxtemplater leaves them out by itself). */
  endnotes: string[];
}

/**
 * Finds the main part, its headers and footers, and makes sure each has the content type
 * docxtemplater recognises them by (a producer that types them only through a Default would
 * otherwise leave their tags unfilled).
 */
export function prepareLayout(zip: PizZip): DocxLayout {
  if (!hasPart(zip, CONTENT_TYPES))
    throw new Error(`Invalid DOCX file: ${CONTENT_TYPES} is missing`);
  const contentTypes = ContentTypes.of(zip);
  const main = findMainDocument(zip, contentTypes);
  const mainRels = relsPathOf(main);
  const missing: { part: string; contentType: string }[] = [];
  if (!isMainContentType(contentTypes.typeOf(main)))
    missing.push({ part: main, contentType: MAIN_CONTENT_TYPE });
  const headersFooters: HeaderFooterPart[] = [];
  const endnotes: string[] = [];
  for (const r of readRelationships(zip, mainRels)) {
    if (/\/endnotes$/.test(r.type) && r.targetMode !== 'External')
      endnotes.push(resolveTarget(main, r.target));
    const kind = /\/header$/.test(r.type) ? 'header' : /\/footer$/.test(r.type) ? 'footer' : null;
    if (!kind || r.targetMode === 'External') continue;
    const path = resolveTarget(main, r.target);
    if (!hasPart(zip, path)) continue;
    const wanted = kind === 'header' ? HEADER_CONTENT_TYPE : FOOTER_CONTENT_TYPE;
    const contentType = contentTypes.typeOf(path);
    if (contentType !== wanted && !headersFooters.some((p) => p.path === path))
      missing.push({ part: path, contentType: wanted });
    headersFooters.push({ kind, id: r.id, type: r.type, path, contentType: wanted });
  }
  setOverrides(zip, missing);
  return { main, mainRels, headersFooters, endnotes };
}
