// A part's relationships, rebuilt from what they say: external targets survive only as
// hyperlinks, internal ones only as paths inside the package.
import { attributesOf, escapeAttribute, localName, TOKEN } from './xml';

const TRANSITIONAL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
const STRICT = 'http://purl.oclc.org/ooxml/officeDocument/relationships/';
const MICROSOFT = 'http://schemas.microsoft.com/office/2006/relationships/';

/** Relationship types dropped even inside the package: macros, toolbars, and alternative-format chunks (HTML, RTF) with links of their own. */
const DROPPED_TYPES = new Set(
  [
    'vbaProject',
    'wordVbaData',
    'keyMapCustomizations',
    'attachedToolbars',
    'vbaProjectSignature',
  ].map((t) => MICROSOFT + t),
);
const DROPPED_LOCAL_TYPES = new Set(['aFChunk', 'attachedTemplate', 'subDocument', 'frame']);

export const OFFICE_DOCUMENT_TYPES = new Set([
  TRANSITIONAL + 'officeDocument',
  STRICT + 'officeDocument',
]);

export interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

export interface SanitisedRelationships {
  xml: string;
  kept: Relationship[];
  /** Ids whose relationship was removed. */
  dropped: Set<string>;
  /** Ids of external hyperlinks: only hyperlink elements may point at them. */
  hyperlinks: Set<string>;
}

const isHyperlink = (type: string) =>
  type === TRANSITIONAL + 'hyperlink' || type === STRICT + 'hyperlink';
const typeName = (type: string) =>
  type.startsWith(TRANSITIONAL)
    ? type.slice(TRANSITIONAL.length)
    : type.startsWith(STRICT)
      ? type.slice(STRICT.length)
      : '';

/** A target that leaves the package: a URL scheme, a UNC or protocol-relative path. */
export function leavesPackage(target: string): boolean {
  return /^\s*([a-z][a-z0-9+.-]*:|[\\/]{2})/i.test(target) || target.includes('\\');
}

/** Every Relationship element of a .rels part, whatever its prefix. */
export function readRelationships(xml: string): Relationship[] {
  const out: Relationship[] = [];
  for (const m of xml.matchAll(TOKEN)) {
    if (m[2] === undefined || m[1] || localName(m[2]) !== 'Relationship') continue;
    const attributes = attributesOf(m[3], new Map());
    const get = (name: string) => attributes.find((a) => a.local === name)?.value ?? '';
    out.push({
      id: get('Id'),
      type: get('Type').trim(),
      target: get('Target'),
      external: get('TargetMode').trim().toLowerCase() === 'external',
    });
  }
  return out;
}

function keeps(r: Relationship): boolean {
  if (DROPPED_TYPES.has(r.type) || DROPPED_LOCAL_TYPES.has(typeName(r.type))) return false;
  return r.external ? isHyperlink(r.type) : !leavesPackage(r.target);
}

export function sanitiseRelationships(xml: string): SanitisedRelationships {
  const all = readRelationships(xml);
  const kept = all.filter(keeps);
  const dropped = new Set(all.filter((r) => !keeps(r)).map((r) => r.id));
  const lines = kept.map(
    (r) =>
      `<Relationship Id="${escapeAttribute(r.id)}" Type="${escapeAttribute(r.type)}" Target="${escapeAttribute(r.target)}"${r.external ? ' TargetMode="External"' : ''}/>`,
  );
  return {
    xml: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${lines.join('')}</Relationships>`,
    kept,
    dropped,
    hyperlinks: new Set(kept.filter((r) => r.external).map((r) => r.id)),
  };
}

/** `word/header1.xml` → `word/_rels/header1.xml.rels`. */
export function relationshipsPartOf(partName: string): string {
  const slash = partName.lastIndexOf('/');
  return `${partName.slice(0, slash + 1)}_rels/${partName.slice(slash + 1)}.rels`;
}
