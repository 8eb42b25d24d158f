// The rules of sanitisePart.ts by name: which elements, attributes and namespaces carry links,
// and what makes a field's instruction (docs/sanitiser.md).
import type { InstructionPieces } from './fieldKeyword';
import type { Attribute, Scope } from './xml';

/** Markup tokens one part may hold: a merged run of thousands of invoices stays well under it. */
export const DEFAULT_MAX_TOKENS = 5_000_000;

export interface PartLinks {
  /** Relationship ids that were removed from this part's .rels. */
  dropped: ReadonlySet<string>;
  /** Ids of the external hyperlinks kept: only hyperlink elements may name them. */
  hyperlinks: ReadonlySet<string>;
}

export const RELATIONSHIP_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  'http://purl.oclc.org/ooxml/officeDocument/relationships',
]);
export const OFFICE_NAMESPACE = 'urn:schemas-microsoft-com:office:office';
export const HYPERLINK_ELEMENTS = new Set([
  'hyperlink',
  'hlinkClick',
  'hlinkHover',
  'hlinkMouseOver',
]);
/** VML elements whose src/href name a picture to load. */
export const IMAGE_SOURCES = new Set(['imagedata', 'image', 'fill', 'stroke']);
export const SOURCE_ATTRIBUTES = new Set(['src', 'href']);
/** Elements that only point at other files: a template, a data source, a sub-document, a foreign-format chunk. */
export const ALWAYS_REMOVED = new Set([
  'altChunk',
  'subDoc',
  'attachedTemplate',
  'linkStyles',
  'updateFields',
  'mailMerge',
]);
/** What a fetching field's instruction holds: its codes and nested fields, none of it shown. */
export const INSTRUCTION_CONTENT = new Set([
  'fldChar',
  'instrText',
  'delInstrText',
  't',
  'delText',
  'tab',
  'br',
  'cr',
  'sym',
  'drawing',
  'pict',
  'object',
]);
/** Text that makes a field's instruction; deleted text only in the reading that keeps it. */
export const INSTRUCTION_TEXT = new Set(['instrText', 't']);
export const DELETED_TEXT = new Set(['delInstrText', 'delText']);
/** Fields are WordprocessingML's: an element or attribute of another namespace is none of theirs. */
export const WORD_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main',
]);
/** Attribute names that carry a link to load, and values that are URLs or network paths. */
export const LINK_ATTRIBUTES = new Set(['src', 'link', 'source', 'url', 'file']);
export const URL_VALUE =
  /^\s*(?:[a-z][a-z0-9+.-]*:\/\/|(?:file|smb|jar|private|macro|uno|slot|service|expand|vnd\.sun\.star\.[a-z.]+):|[\\/]{2})/i;

/** Elements whose own rules read their attributes. */
export const RULED_ELEMENTS = new Set([
  ...ALWAYS_REMOVED,
  ...IMAGE_SOURCES,
  'externalData',
  'OLEObject',
  'blip',
  'fldSimple',
  'fldChar',
]);
export const LINK_ATTRIBUTE_NAME = /(?:^|[\s:])(?:src|link|source|url|file)\s*=/;

export interface Range {
  start: number;
  end: number;
}

export interface Field {
  instruction: InstructionPieces;
  separated: boolean;
  fetching: boolean;
  /** Its begin, separate and end markers and the elements of its instruction. */
  parts: Range[];
}

export interface Open {
  name: string;
  local: string;
  scope: Scope;
  start: number;
  contentStart: number;
  range?: Range;
  remove?: boolean;
  unwrap?: Range;
}

/** Prefixes bound to the relationship or Office namespaces in a scope, worked out once per scope. */
const linkPrefixes = new WeakMap<Scope, string[]>();
export function linkPrefixesOf(scope: Scope): string[] {
  let prefixes = linkPrefixes.get(scope);
  if (!prefixes) {
    prefixes = [...scope]
      .filter(([, uri]) => RELATIONSHIP_NAMESPACES.has(uri) || uri === OFFICE_NAMESPACE)
      .map(([prefix]) => `${prefix}:`);
    linkPrefixes.set(scope, prefixes);
  }
  return prefixes;
}

export const isRelationshipAttribute = (a: Attribute) =>
  RELATIONSHIP_NAMESPACES.has(a.namespace) ||
  (a.namespace === OFFICE_NAMESPACE && a.local === 'relid');

export function elementNamespace(element: Open): string {
  const colon = element.name.indexOf(':');
  return element.scope.get(colon < 0 ? '' : element.name.slice(0, colon)) ?? '';
}
