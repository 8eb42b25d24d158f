// Each part of a package sorted by its bytes (docs/sanitiser.md): XML goes on to the sanitiser,
// pictures pass unchanged, SVG (plain or gzip) is sanitised here, anything else is left out.
import { DocxRefusedError } from './messages';
import { gunzip, imageFormat, isGzip, isSvg, xmlTextOf } from './partKind';
import { sanitiseSvg } from './sanitiseSvg';
import { entryBytes, type DeflateCodec, type ZipEntry } from './zip';

export interface PartText {
  kind: 'xml';
  text: string;
  /** Read from UTF-16: written back as UTF-8 whatever the sanitiser finds. */
  converted: boolean;
}

export type ClassifiedPart =
  | PartText
  | { kind: 'picture' }
  /** New content for the part: a sanitised SVG, or the picture a gzip held. */
  | { kind: 'replaced'; bytes: Uint8Array; removed: number }
  | { kind: 'left out'; why: string };

const encoder = new TextEncoder();

function svgPart(text: string): ClassifiedPart {
  const svg = sanitiseSvg(text);
  if (!svg) return { kind: 'left out', why: 'an SVG picture that cannot be made safe' };
  return { kind: 'replaced', bytes: encoder.encode(svg.text), removed: svg.removed };
}

/** Parts LibreOffice reads as XML by their names: one that does not decode refuses the package. */
const XML_NAME = /\.(xml|rels|vml)$/i;

function textOrLeftOut(name: string, bytes: Uint8Array) {
  try {
    return xmlTextOf(bytes);
  } catch (error) {
    if (!(error instanceof DocxRefusedError) || XML_NAME.test(name)) throw error;
    return { kind: 'left out' as const, why: 'text that is neither UTF-8 nor UTF-16' };
  }
}

/** What the part is; `budget.left` is what inflating a gzip may still add (shared by all parts). */
export function classifyPart(
  entry: ZipEntry,
  codec: DeflateCodec,
  budget: { left: number },
): ClassifiedPart {
  const bytes = entryBytes(entry, codec);
  if (imageFormat(bytes)) return { kind: 'picture' };
  const xml = textOrLeftOut(entry.name, bytes);
  if (xml && 'why' in xml) return xml;
  if (xml) return isSvg(xml.text) ? svgPart(xml.text) : { kind: 'xml', ...xml };
  if (!isGzip(bytes)) return { kind: 'left out', why: 'not a picture, XML or SVG' };
  const inner = gunzip(bytes, codec, budget.left);
  if (!inner) return { kind: 'left out', why: 'a damaged gzip stream' };
  budget.left -= inner.length;
  if (imageFormat(inner)) return { kind: 'replaced', bytes: inner, removed: 0 };
  const innerXml = xmlTextOf(inner);
  if (innerXml && isSvg(innerXml.text)) return svgPart(innerXml.text);
  return { kind: 'left out', why: 'a gzip stream holding neither a picture nor an SVG' };
}
