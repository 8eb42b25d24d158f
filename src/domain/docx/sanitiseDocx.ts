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
import { sanitisePart, type SanitiseMode, type SanitiseReport } from './sanitisePart';
import { classifyPart, type PartText } from './classifyPart';
import type { PartLinks } from './partRules';
import { attributesOf, localName, TOKEN } from './xml';
import { deflatedEntry, readZip, writeZip, type DeflateCodec } from './zip';

export interface SanitiseDocxOptions {
  /** 'pdf': embedded OLE objects and chart workbooks become their pictures too (nothing is lost in a PDF). */
  mode: SanitiseMode;
  codec: DeflateCodec;
  /** Sum of the parts' unpacked sizes allowed. */
  maxUnpackedBytes: number;
  /** One part's unpacked size allowed; the sum's limit by default. */
  maxPartBytes?: number;
  /** Tags, comments and other markup allowed in one XML part (DEFAULT_MAX_TOKENS by default). */
  maxTokens?: number;
  /**
   * An XML part (its exact name) whose sanitised text the caller reads next (the PDF route cuts
   * the main part in chunks): returned as `kept`, so it is not inflated and decoded again.
   */
  keepText?: string;
}

export interface SanitisedDocx {
  bytes: Uint8Array;
  report: SanitiseReport & {
    relationships: number;
    /** Parts left out: neither a picture, nor XML, nor an SVG that could be made safe. */
    parts: number;
  };
  /** What was left out and why, one line a part, for the log. */
  notes: string[];
  /** The text of `keepText` as the package holds it now; absent when it is not an XML part kept. */
  kept?: string;
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
const encoder = new TextEncoder();

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
function assertWordPackage(parts: Map<string, PartText>): void {
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
  options: SanitiseDocxOptions,
): ReturnType<typeof sanitisePart> | null {
  try {
    return sanitisePart(text, links ?? NO_LINKS, options.mode, options.maxTokens);
  } catch (error) {
    if (error instanceof DocxRefusedError && error.reason === 'damaged' && !XML_PART.test(name))
      return null;
    throw error;
  }
}

export function sanitiseDocx(input: Uint8Array, options: SanitiseDocxOptions): SanitisedDocx {
  const entries = readZip(input, { maxUnpackedBytes: options.maxUnpackedBytes });
  const parts = new Map<string, PartText>();
  const replaced = new Map<string, string | Uint8Array>();
  const left = new Set<string>();
  const notes: string[] = [];
  const report = { fields: 0, elements: 0, attributes: 0, relationships: 0, parts: 0 };
  const budget = { left: options.maxUnpackedBytes };
  for (const entry of entries) {
    if (entry.size > (options.maxPartBytes ?? options.maxUnpackedBytes))
      throw new DocxRefusedError('partTooLarge');
    const key = entry.name.toLowerCase();
    const part = classifyPart(entry, options.codec, budget);
    if (part.kind === 'xml') parts.set(key, part);
    if (part.kind === 'xml' && part.converted) replaced.set(key, part.text);
    if (part.kind === 'replaced') replaced.set(key, part.bytes);
    if (part.kind === 'replaced') report.attributes += part.removed;
    if (part.kind === 'left out') {
      left.add(key);
      report.parts++;
      notes.push(`${entry.name}: ${part.why}`);
    }
  }
  assertWordPackage(parts);

  const links = new Map<string, PartLinks>();
  for (const [key, { text }] of parts) {
    if (!key.endsWith('.rels')) continue;
    const sanitised = sanitiseRelationships(text);
    report.relationships += sanitised.dropped.size;
    links.set(key, sanitised);
    replaced.set(key, sanitised.xml);
  }
  const keep = entries.some((entry) => entry.name === options.keepText)
    ? options.keepText?.toLowerCase()
    : undefined;
  let kept: string | undefined;
  for (const [key, { text, converted }] of parts) {
    if (key.endsWith('.rels')) continue;
    const result = sanitiseOrLeaveOut(key, text, links.get(relationshipsPartOf(key)), options);
    if (!result) {
      left.add(key);
      continue;
    }
    report.fields += result.report.fields;
    report.elements += result.report.elements;
    report.attributes += result.report.attributes;
    if (result.xml !== text || converted) replaced.set(key, result.xml);
    if (key === keep) kept = result.xml;
  }
  const out = entries
    .filter((entry) => !left.has(entry.name.toLowerCase()))
    .map((entry) => {
      const content = replaced.get(entry.name.toLowerCase());
      if (content === undefined) return entry;
      const bytes = typeof content === 'string' ? encoder.encode(content) : content;
      return deflatedEntry(entry.name, bytes, options.codec);
    });
  return { bytes: writeZip(out), report, notes, ...(kept === undefined ? {} : { kept }) };
}
