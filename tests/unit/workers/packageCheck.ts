// Checks a merged .docx as a package, the way Word would refuse it, and reads what each section
// shows. Used by the corpus tests and the merge bench.
import PizZip from 'pizzip';
import { assertWellFormed, textOf } from './docxBuilder';

interface Rel {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

function rels(xml: string): Rel[] {
  return [...xml.matchAll(/<Relationship\b[^>]*>/g)].map(([tag]) => ({
    id: attr(tag, 'Id') ?? '',
    type: attr(tag, 'Type') ?? '',
    target: attr(tag, 'Target') ?? '',
    external: attr(tag, 'TargetMode') === 'External',
  }));
}

function resolve(source: string, target: string): string {
  const parts = target.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const segment of decodeURIComponent(target).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/');
}

/** 'word/_rels/header1.xml.rels' → 'word/header1.xml'; '_rels/.rels' → '' (the package). */
function sourceOf(relsPath: string): string {
  const m = /^(.*?)_rels\/([^/]*)\.rels$/.exec(relsPath);
  return m ? m[1] + m[2] : '';
}

function relsOf(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** Files of the zip (no folder entries), by name, read through zip.files. */
function files(zip: PizZip): string[] {
  return Object.keys(zip.files).filter((name) => !zip.files[name].dir);
}

/** Every problem Word would trip over: an empty list means the package is sound. */
export function packageProblems(buffer: ArrayBuffer | Uint8Array): string[] {
  const zip = new PizZip(buffer);
  const problems: string[] = [];
  const names = new Set(files(zip));
  const text = (name: string) => zip.files[name].asText();
  for (const name of names) {
    if (!/\.(xml|rels)$/i.test(name)) continue;
    try {
      assertWellFormed(text(name), name);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  // Content types: every part has one, every override names a part.
  const types = names.has('[Content_Types].xml') ? text('[Content_Types].xml') : '';
  if (!types) problems.push('[Content_Types].xml is missing');
  const overrides = new Set(
    [...types.matchAll(/<Override\b[^>]*>/g)].map(([t]) =>
      (attr(t, 'PartName') ?? '').slice(1).toLowerCase(),
    ),
  );
  const defaults = new Set(
    [...types.matchAll(/<Default\b[^>]*>/g)].map(([t]) =>
      (attr(t, 'Extension') ?? '').toLowerCase(),
    ),
  );
  const overrideList = [...types.matchAll(/<Override\b[^>]*>/g)].map(([t]) =>
    (attr(t, 'PartName') ?? '').slice(1).toLowerCase(),
  );
  if (overrideList.length !== overrides.size)
    problems.push('[Content_Types].xml overrides a part twice');
  const lowerNames = new Set([...names].map((n) => n.toLowerCase()));
  for (const part of overrides)
    if (!lowerNames.has(part)) problems.push(`content type override for missing part /${part}`);
  for (const name of names) {
    if (name === '[Content_Types].xml') continue;
    const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    if (!overrides.has(name.toLowerCase()) && !defaults.has(extension))
      problems.push(`${name} has no content type`);
  }
  // Relationships: unique ids, internal targets present, every r:id/r:embed of a part declared.
  for (const name of names) {
    if (!name.endsWith('.rels')) continue;
    const source = sourceOf(name);
    if (source && !names.has(source)) problems.push(`${name} belongs to missing part ${source}`);
    const list = rels(text(name));
    const ids = new Set<string>();
    for (const r of list) {
      if (ids.has(r.id)) problems.push(`${name}: duplicate relationship id ${r.id}`);
      ids.add(r.id);
      if (!r.external && !names.has(resolve(source, r.target)))
        problems.push(`${name}: ${r.id} points at missing ${resolve(source, r.target)}`);
    }
  }
  for (const name of names) {
    if (!/\.xml$/i.test(name) || name.includes('_rels/')) continue;
    const used = new Set(
      [...text(name).matchAll(/\br:(?:id|embed|link|pict)="([^"]+)"/g)].map((m) => m[1]),
    );
    if (used.size === 0) continue;
    const declared = new Set(
      names.has(relsOf(name)) ? rels(text(relsOf(name))).map((r) => r.id) : [],
    );
    for (const id of used)
      if (!declared.has(id))
        problems.push(`${name} uses relationship ${id} that ${relsOf(name)} does not declare`);
  }
  return problems;
}

export interface SectionView {
  /** Body text of the section. */
  text: string;
  /** Header/footer text by type (default, first, even), inherited from earlier sections as Word does. */
  headers: Record<string, string>;
  footers: Record<string, string>;
  /** Header parts (package paths) by type, to look at their relationships. */
  headerParts: Record<string, string>;
  titlePg: boolean;
}

export function mainPart(zip: PizZip): string {
  const root = rels(zip.files['_rels/.rels'].asText()).find((r) =>
    r.type.endsWith('/officeDocument'),
  );
  return resolve('', root!.target);
}

/** The sections of a document in order, with the header and footer text each one shows. */
export function sectionsOf(buffer: ArrayBuffer | Uint8Array): SectionView[] {
  const zip = new PizZip(buffer);
  const main = mainPart(zip);
  const document = zip.files[main].asText();
  const mainRels = new Map(
    rels(zip.files[relsOf(main)]?.asText() ?? '').map((r) => [r.id, resolve(main, r.target)]),
  );
  const body = document.slice(document.indexOf('<w:body'), document.lastIndexOf('</w:body>'));
  const sections: SectionView[] = [];
  const inherited = { header: {} as Record<string, string>, footer: {} as Record<string, string> };
  let from = 0;
  for (const match of body.matchAll(/<w:sectPr\b[\s\S]*?<\/w:sectPr>|<w:sectPr\b[^>]*\/>/g)) {
    const sectPr = match[0];
    for (const kind of ['header', 'footer'] as const) {
      for (const [tag] of sectPr.matchAll(new RegExp(`<w:${kind}Reference\\b[^>]*>`, 'g'))) {
        const part = mainRels.get(attr(tag, 'r:id') ?? '');
        inherited[kind] = {
          ...inherited[kind],
          [attr(tag, 'w:type') ?? 'default']: part ?? `missing ${attr(tag, 'r:id')}`,
        };
      }
    }
    const partText = (path: string) => (zip.files[path] ? textOf(zip.files[path].asText()) : path);
    // A sectPr in a paragraph's properties ends its section after that paragraph.
    const at = match.index ?? 0;
    const closesParagraph =
      body.lastIndexOf('<w:pPr', at) > body.lastIndexOf('</w:p>', at) &&
      body.lastIndexOf('<w:pPr', at) >= 0;
    const end = closesParagraph ? body.indexOf('</w:p>', at) + '</w:p>'.length : at;
    sections.push({
      text: textOf(body.slice(from, end)),
      headers: Object.fromEntries(
        Object.entries(inherited.header).map(([t, p]) => [t, partText(p)]),
      ),
      footers: Object.fromEntries(
        Object.entries(inherited.footer).map(([t, p]) => [t, partText(p)]),
      ),
      headerParts: { ...inherited.header },
      titlePg: /<w:titlePg(?:\s+w:val="(?:1|true|on)")?\s*\/>/.test(sectPr),
    });
    from = Math.max(end, at + sectPr.length);
  }
  return sections;
}

/** The relationships a part declares in its own .rels (empty when it has none). */
export function partRelationships(buffer: ArrayBuffer | Uint8Array, part: string): Rel[] {
  const zip = new PizZip(buffer);
  const file = zip.files[relsOf(part)];
  return file ? rels(file.asText()) : [];
}
