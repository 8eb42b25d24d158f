import type PizZip from 'pizzip';

// Small string-level helpers for the OPC package around the main document: its relationships
// and content types. The files are tiny and machine-written, so attribute regexes are enough.

export const DOCUMENT_RELS = 'word/_rels/document.xml.rels';
export const CONTENT_TYPES = '[Content_Types].xml';

export interface Relationship {
  id: string;
  type: string;
  target: string;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

export function readRelationships(zip: PizZip, path = DOCUMENT_RELS): Relationship[] {
  const xml = zip.file(path)?.asText() ?? '';
  const relationships: Relationship[] = [];
  for (const match of xml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(match[0], 'Id');
    const type = attribute(match[0], 'Type');
    const target = attribute(match[0], 'Target');
    if (id && type && target) relationships.push({ id, type, target });
  }
  return relationships;
}

/** 'header1.xml' relative to word/, or '/word/header1.xml' absolute → 'word/header1.xml'. */
export function partPath(target: string): string {
  return target.startsWith('/') ? target.slice(1) : `word/${target}`;
}

export function relsPathOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash)}/_rels/${part.slice(slash + 1)}.rels`;
}

export function contentTypeOf(zip: PizZip, part: string): string | undefined {
  const xml = zip.file(CONTENT_TYPES)?.asText() ?? '';
  for (const match of xml.matchAll(/<Override\b[^>]*>/g)) {
    if (attribute(match[0], 'PartName') === `/${part}`) return attribute(match[0], 'ContentType');
  }
  return undefined;
}

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Appends relationships and content-type overrides in one rewrite of each file. */
export function addPackageEntries(
  zip: PizZip,
  relationships: Relationship[],
  overrides: { part: string; contentType: string }[],
): void {
  if (relationships.length > 0) {
    const rels = zip.file(DOCUMENT_RELS)?.asText() ?? '';
    const added = relationships
      .map((r) => `<Relationship Id="${escapeAttribute(r.id)}" Type="${escapeAttribute(r.type)}" Target="${escapeAttribute(r.target)}"/>`)
      .join('');
    zip.file(DOCUMENT_RELS, rels.replace('</Relationships>', `${added}</Relationships>`));
  }
  if (overrides.length > 0) {
    const types = zip.file(CONTENT_TYPES)?.asText() ?? '';
    const added = overrides
      .map((o) => `<Override PartName="/${escapeAttribute(o.part)}" ContentType="${escapeAttribute(o.contentType)}"/>`)
      .join('');
    zip.file(CONTENT_TYPES, types.replace('</Types>', `${added}</Types>`));
  }
}
