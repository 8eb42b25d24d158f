import type PizZip from 'pizzip';

// The OPC package around the main document, read the way Word reads it: the main part is whatever
// _rels/.rels names as officeDocument (Word for the web writes word/document2.xml), headers and
// footers are whatever the main part's own .rels names, content types come from
// [Content_Types].xml. The files are small and machine-written, so attribute regexes are enough.
// Parts are looked up in zip.files directly: pizzip's zip.file(name) walks (and clones) every
// entry, which made any per-row look-up cost grow with the merged package.

export const CONTENT_TYPES = '[Content_Types].xml';
const PACKAGE_RELS = '_rels/.rels';

const MAIN_CONTENT_TYPES = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  'application/vnd.ms-word.document.macroEnabled.main+xml',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml',
  'application/vnd.ms-word.template.macroEnabledTemplate.main+xml',
];

export interface Relationship {
  id: string;
  type: string;
  target: string;
  /** 'External' for hyperlinks and linked pictures (their target is a URL, not a part). */
  targetMode?: string;
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)
    .exec(tag)
    ?.slice(1)
    .find((v) => v !== undefined);
}

function unescapeXml(value: string): string {
  return value.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e] ?? '',
  );
}

/** A part's text, or undefined when the package has no such part (O(1), unlike zip.file(name)). */
export function readPart(zip: PizZip, path: string): string | undefined {
  const file = Object.hasOwn(zip.files, path) ? zip.files[path] : undefined;
  return file && !file.dir ? file.asText() : undefined;
}

export function hasPart(zip: PizZip, path: string): boolean {
  return Object.hasOwn(zip.files, path) && !zip.files[path].dir;
}

export function relsPathOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

function parseRelationships(xml: string): Relationship[] {
  const relationships: Relationship[] = [];
  for (const match of xml.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attribute(match[0], 'Id');
    const type = attribute(match[0], 'Type');
    const target = attribute(match[0], 'Target');
    const targetMode = attribute(match[0], 'TargetMode');
    if (id && type && target !== undefined)
      relationships.push({ id, type, target: unescapeXml(target), targetMode });
  }
  return relationships;
}

export function readRelationships(zip: PizZip, relsPath: string): Relationship[] {
  return parseRelationships(readPart(zip, relsPath) ?? '');
}

/** Package path of a relationship target, resolved against its source part ('' = the package root). */
export function resolveTarget(sourcePart: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A stray '%' is taken literally.
  }
  const base = decoded.startsWith('/') ? [] : sourcePart.split('/').slice(0, -1);
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') base.pop();
    else base.push(segment);
  }
  return base.join('/');
}

/** The relative target from a source part to another part (both package paths). */
export function relativeTarget(sourcePart: string, path: string): string {
  const from = sourcePart.split('/').slice(0, -1);
  const to = path.split('/');
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  return [...Array<string>(from.length - common).fill('..'), ...to.slice(common)].join('/');
}

/** [Content_Types].xml, parsed once: overrides by part name, defaults by extension. */
export class ContentTypes {
  readonly overrides = new Map<string, string>();
  readonly defaults = new Map<string, string>();

  constructor(xml: string) {
    for (const match of xml.matchAll(/<(?:\w+:)?(Override|Default)\b[^>]*>/g)) {
      const type = attribute(match[0], 'ContentType');
      if (!type) continue;
      if (match[1] === 'Override') {
        const part = attribute(match[0], 'PartName');
        if (part) this.overrides.set(resolveTarget('', unescapeXml(part)).toLowerCase(), type);
      } else {
        const extension = attribute(match[0], 'Extension');
        if (extension) this.defaults.set(extension.toLowerCase(), type);
      }
    }
  }

  static of(zip: PizZip): ContentTypes {
    return new ContentTypes(readPart(zip, CONTENT_TYPES) ?? '');
  }

  /** Part names are compared case-insensitively, as OPC says. */
  typeOf(part: string): string | undefined {
    const override = this.overrides.get(part.toLowerCase());
    if (override) return override;
    const dot = part.lastIndexOf('.');
    return dot < 0 ? undefined : this.defaults.get(part.slice(dot + 1).toLowerCase());
  }
}

const OFFICE_DOCUMENT = /\/relationships\/officeDocument$/;

/**
 * The main document part: the officeDocument relationship of _rels/.rels (transitional or strict),
 * else the one part typed as a Word main document. Throws 'Invalid DOCX file: …' naming what is missing.
 */
export function findMainDocument(zip: PizZip, contentTypes = ContentTypes.of(zip)): string {
  const named = readRelationships(zip, PACKAGE_RELS).find(
    (r) => OFFICE_DOCUMENT.test(r.type) && r.targetMode !== 'External',
  );
  if (named) {
    const path = resolveTarget('', named.target);
    if (!hasPart(zip, path))
      throw new Error(
        `Invalid DOCX file: ${path} is missing (${PACKAGE_RELS} names it as the main document)`,
      );
    return path;
  }
  const typed = [...contentTypes.overrides]
    .filter(([, type]) => MAIN_CONTENT_TYPES.includes(type))
    .map(([part]) => part);
  const present = Object.keys(zip.files).filter((name) => typed.includes(name.toLowerCase()));
  if (present.length === 1) return present[0];
  if (hasPart(zip, 'word/document.xml')) return 'word/document.xml';
  throw new Error(
    `Invalid DOCX file: no main document (${PACKAGE_RELS} names no officeDocument part and no part has a Word document type)`,
  );
}

/** True when docxtemplater will treat the part as the main document (it goes by content type). */
export function isMainContentType(type: string | undefined): boolean {
  return type !== undefined && MAIN_CONTENT_TYPES.includes(type);
}

const NEEDS_ESCAPE = /[&"<]/;

/** An attribute value escaped; most (ids, types, part names) need nothing, and are returned as they are. */
function escapeAttribute(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** A package part the merge adds lines to: its text before and after where they go. */
export interface InsertionPoint {
  readonly path: string;
  readonly head: string;
  readonly tail: string;
}

const EMPTY_RELATIONSHIPS =
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';

/**
 * Where added relationships go in `relsPath` and added overrides in [Content_Types].xml: before
 * the root's closing tag (the package itself is left as it is: a compiled template serves many merges).
 */
export function insertionPoints(
  zip: PizZip,
  relsPath: string,
): { relationships: InsertionPoint; overrides: InsertionPoint } {
  const split = (path: string, xml: string, root: string): InsertionPoint => {
    const marked = insertBeforeClose(xml, root, '\u0000');
    const at = marked.lastIndexOf('\u0000');
    return { path, head: marked.slice(0, at), tail: marked.slice(at + 1) };
  };
  return {
    relationships: split(relsPath, readPart(zip, relsPath) ?? EMPTY_RELATIONSHIPS, 'Relationships'),
    overrides: split(CONTENT_TYPES, readPart(zip, CONTENT_TYPES) ?? '', 'Types'),
  };
}

/** A relationship as a .rels line. */
export function relationshipLine({ id, type, target }: Relationship): string {
  return `<Relationship Id="${escapeAttribute(id)}" Type="${escapeAttribute(type)}" Target="${escapeAttribute(target)}"/>`;
}

/** A part's content type as a [Content_Types].xml override line. */
export function overrideLine(part: string, contentType: string): string {
  return `<Override PartName="/${escapeAttribute(part)}" ContentType="${escapeAttribute(contentType)}"/>`;
}

/** Sets the content type of parts, replacing any override they had. */
export function setOverrides(
  zip: PizZip,
  overrides: { part: string; contentType: string }[],
): void {
  if (overrides.length === 0) return;
  const parts = new Set(overrides.map((o) => o.part.toLowerCase()));
  const xml = (readPart(zip, CONTENT_TYPES) ?? '').replace(
    /<(?:\w+:)?Override\b[^>]*?(?:\/>|>\s*<\/(?:\w+:)?Override>)/g,
    (tag) => {
      const name = attribute(tag, 'PartName');
      return name !== undefined && parts.has(resolveTarget('', unescapeXml(name)).toLowerCase())
        ? ''
        : tag;
    },
  );
  const added = overrides.map((o) => overrideLine(o.part, o.contentType)).join('');
  zip.file(CONTENT_TYPES, insertBeforeClose(xml, 'Types', added));
}

/** Inserts before the root's closing tag; a self-closed root (<Relationships/>) is opened first. */
function insertBeforeClose(xml: string, root: string, added: string): string {
  const close = new RegExp(`</((?:\\w+:)?${root})>\\s*$`).exec(xml);
  if (close) return xml.slice(0, close.index) + added + xml.slice(close.index);
  const selfClosed = new RegExp(`<((?:\\w+:)?${root})\\b([^>]*?)/>`).exec(xml);
  if (selfClosed) {
    const [whole, name, attrs] = selfClosed;
    return (
      xml.slice(0, selfClosed.index) +
      `<${name}${attrs}>${added}</${name}>` +
      xml.slice(selfClosed.index + whole.length)
    );
  }
  throw new Error(
    `${root === 'Types' ? CONTENT_TYPES : 'a relationships part'} has no <${root}> element`,
  );
}
