// A .docx as LibreOffice (or a reader of the merge) may see it: checked to be a Word package,
// then rebuilt from its parts with every external link other than a hyperlink taken out.
// Pure: bytes in, bytes out; the deflate codec is injected (node:zlib on the server, pako in a worker).
import { DocxRefusedError } from './messages';
import {
  OFFICE_DOCUMENT_TYPES,
  readRelationships,
  relationshipsPartOf,
  sanitiseRelationships,
} from './relationships';
import {
  sanitisePart,
  type PartLinks,
  type SanitiseMode,
  type SanitiseReport,
} from './sanitisePart';
import { attributesOf, localName, TOKEN } from './xml';
import {
  deflatedEntry,
  entryBytes,
  readZip,
  writeZip,
  type DeflateCodec,
  type ZipEntry,
} from './zip';

export interface SanitiseDocxOptions {
  /** 'pdf': embedded OLE objects and chart workbooks become their pictures too (nothing is lost in a PDF). */
  mode: SanitiseMode;
  codec: DeflateCodec;
  /** Sum of the parts' unpacked sizes allowed. */
  maxUnpackedBytes: number;
}

export interface SanitisedDocx {
  bytes: Uint8Array;
  report: SanitiseReport & { relationships: number };
}

const WORD_MAIN_TYPES = new Set([
  ...['document', 'template'].map(
    (kind) => `application/vnd.openxmlformats-officedocument.wordprocessingml.${kind}.main+xml`,
  ),
  ...[
    ['document', 'macroEnabled'],
    ['template', 'macroEnabledTemplate'],
  ].map(([kind, variant]) => `application/vnd.ms-word.${kind}.${variant}.main+xml`),
]);
/** Parts LibreOffice reads as XML by their names; another part that is not well-formed (an HTML chunk) is left out. */
const XML_PART = /\.(xml|rels|vml)$/;
const CONTENT_TYPES = '[Content_Types].xml';
const NO_LINKS: PartLinks = { dropped: new Set(), hyperlinks: new Set() };
const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** The text of an XML part, or null for a binary one (picture, font, OLE storage). */
function xmlText(bytes: Uint8Array): string | null {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe))
    throw new DocxRefusedError('encoding');
  while (
    i < bytes.length &&
    (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)
  )
    i++;
  if (bytes[i] !== 0x3c) return null;
  if (bytes[i + 1] === 0) throw new DocxRefusedError('encoding');
  try {
    return decoder.decode(bytes);
  } catch {
    throw new DocxRefusedError('encoding');
  }
}

/** Content type of a part: its Override, else the Default of its extension. */
function contentTypeOf(contentTypesXml: string, partName: string): string {
  let byExtension = '';
  const extension = partName.slice(partName.lastIndexOf('.') + 1).toLowerCase();
  for (const m of contentTypesXml.matchAll(TOKEN)) {
    if (m[2] === undefined || m[1]) continue;
    const attributes = attributesOf(m[3], new Map());
    const get = (name: string) => attributes.find((a) => a.local === name)?.value ?? '';
    const local = localName(m[2]);
    if (
      local === 'Override' &&
      get('PartName').replace(/^\//, '').toLowerCase() === partName.toLowerCase()
    )
      return get('ContentType').trim();
    if (local === 'Default' && get('Extension').toLowerCase() === extension)
      byExtension = get('ContentType').trim();
  }
  return byExtension;
}

/** The package's main part when it is a WordprocessingML document; else refused. */
function assertWordPackage(parts: Map<string, { entry: ZipEntry; text: string | null }>): void {
  const types = parts.get(CONTENT_TYPES.toLowerCase())?.text;
  const rootRels = parts.get('_rels/.rels')?.text;
  if (!types || !rootRels) throw new DocxRefusedError('notDocx');
  const main = readRelationships(rootRels).find(
    (r) => OFFICE_DOCUMENT_TYPES.has(r.type) && !r.external,
  );
  const name = main?.target.replace(/^\//, '') ?? '';
  if (!name || !parts.has(name.toLowerCase()) || !WORD_MAIN_TYPES.has(contentTypeOf(types, name)))
    throw new DocxRefusedError('notDocx');
}

function sanitiseOrLeaveOut(
  name: string,
  text: string,
  links: PartLinks | undefined,
  mode: SanitiseMode,
): ReturnType<typeof sanitisePart> | null {
  try {
    return sanitisePart(text, links ?? NO_LINKS, mode);
  } catch (error) {
    if (error instanceof DocxRefusedError && error.reason === 'damaged' && !XML_PART.test(name))
      return null;
    throw error;
  }
}

export function sanitiseDocx(input: Uint8Array, options: SanitiseDocxOptions): SanitisedDocx {
  const entries = readZip(input, { maxUnpackedBytes: options.maxUnpackedBytes });
  const parts = new Map<string, { entry: ZipEntry; text: string | null }>();
  for (const entry of entries)
    parts.set(entry.name.toLowerCase(), { entry, text: xmlText(entryBytes(entry, options.codec)) });
  assertWordPackage(parts);

  const report = { fields: 0, elements: 0, attributes: 0, relationships: 0 };
  const links = new Map<string, PartLinks>();
  const replaced = new Map<string, string>();
  const left = new Set<string>();
  for (const [key, { text }] of parts) {
    if (!key.endsWith('.rels') || text === null) continue;
    const sanitised = sanitiseRelationships(text);
    report.relationships += sanitised.dropped.size;
    links.set(key, sanitised);
    replaced.set(key, sanitised.xml);
  }
  for (const [key, { text }] of parts) {
    if (key.endsWith('.rels') || text === null) continue;
    const result = sanitiseOrLeaveOut(key, text, links.get(relationshipsPartOf(key)), options.mode);
    if (!result) {
      left.add(key);
      continue;
    }
    report.fields += result.report.fields;
    report.elements += result.report.elements;
    report.attributes += result.report.attributes;
    if (result.xml !== text) replaced.set(key, result.xml);
  }
  const out = entries
    .filter((entry) => !left.has(entry.name.toLowerCase()))
    .map((entry) => {
      const xml = replaced.get(entry.name.toLowerCase());
      return xml === undefined
        ? entry
        : deflatedEntry(entry.name, encoder.encode(xml), options.codec);
    });
  return { bytes: writeZip(out), report };
}
