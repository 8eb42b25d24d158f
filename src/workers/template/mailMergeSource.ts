// A template saved from Word's Mailings tab remembers its data source: `w:mailMerge` in the
// settings part (a connection string, the SQL query, the ODSO field map), the settings part's
// relationships to the source file (`mailMergeSource`, often an absolute path on the author's
// disk) and to a copy of the recipients (`recipientData`). A document that still has them makes
// Word ask, on opening, to run that query again. What the generator writes is the merged result,
// so all of it goes, with `w:updateFields` (Word would recompute fields when the file opens),
// `w:attachedTemplate` (a link to a .dotm on the author's disk) and `w:linkStyles` (restyle the
// document from that template, or from the reader's Normal.dotm). The rules: docs/wordfields.md.
import type PizZip from 'pizzip';
import {
  CONTENT_TYPES,
  findMainDocument,
  readPart,
  readRelationships,
  relsPathOf,
  resolveTarget,
} from './docxPackage';

const SETTINGS_TYPE = /\/relationships\/settings$/;
/** Relationships of the settings part that point at the data source or the attached template. */
const SOURCE_TYPE = /\/(mailMergeSource|mailMergeHeaderSource|recipientData|attachedTemplate)$/;
/** Settings elements the merged document must not keep. */
const SETTINGS_ELEMENTS = ['mailMerge', 'updateFields', 'attachedTemplate', 'linkStyles'];
const RELATIONSHIP_TAG = /<(?:\w+:)?Relationship\b[^>]*?(?:\/>|>\s*<\/(?:\w+:)?Relationship>)/g;
const OVERRIDE_TAG = /<(?:\w+:)?Override\b[^>]*?(?:\/>|>\s*<\/(?:\w+:)?Override>)/g;

/** One element of the settings part (with its content, or self-closed) removed, by local name. */
function withoutElement(xml: string, local: string): string {
  const element = new RegExp(
    `<(?:\\w+:)?${local}\\b[^>]*?(?:/>|>[\\s\\S]*?</(?:\\w+:)?${local}>)`,
    'g',
  );
  return xml.replace(element, '');
}

/** What was removed: the settings elements and the parts (recipient copies) by name. */
interface DroppedSource {
  elements: string[];
  parts: string[];
}

/** Takes the mail-merge data source, `updateFields` and the attached template out of the package. */
export function dropMailMergeSource(zip: PizZip): DroppedSource {
  const dropped: DroppedSource = { elements: [], parts: [] };
  const main = findMainDocument(zip);
  const settings = readRelationships(zip, relsPathOf(main)).find(
    (r) => SETTINGS_TYPE.test(r.type) && r.targetMode !== 'External',
  );
  if (!settings) return dropped;
  const settingsPath = resolveTarget(main, settings.target);
  const xml = readPart(zip, settingsPath);
  if (xml !== undefined) {
    let cleaned = xml;
    for (const local of SETTINGS_ELEMENTS) {
      const next = withoutElement(cleaned, local);
      if (next !== cleaned) dropped.elements.push(local);
      cleaned = next;
    }
    if (cleaned !== xml) zip.file(settingsPath, cleaned);
  }
  const relsPath = relsPathOf(settingsPath);
  const rels = readPart(zip, relsPath);
  if (rels === undefined) return dropped;
  const partsGone = new Set<string>();
  for (const r of readRelationships(zip, relsPath)) {
    if (!SOURCE_TYPE.test(r.type) || r.targetMode === 'External') continue;
    const path = resolveTarget(settingsPath, r.target);
    if (Object.hasOwn(zip.files, path)) {
      zip.remove(path);
      if (Object.hasOwn(zip.files, relsPathOf(path))) zip.remove(relsPathOf(path));
      partsGone.add(path.toLowerCase());
      dropped.parts.push(path);
    }
  }
  zip.file(
    relsPath,
    rels.replace(RELATIONSHIP_TAG, (tag) =>
      SOURCE_TYPE.test(/\bType="([^"]*)"/.exec(tag)?.[1] ?? '') ? '' : tag,
    ),
  );
  if (partsGone.size > 0) {
    const types = readPart(zip, CONTENT_TYPES) ?? '';
    zip.file(
      CONTENT_TYPES,
      types.replace(OVERRIDE_TAG, (tag) => {
        const name = /\bPartName="([^"]*)"/.exec(tag)?.[1] ?? '';
        return partsGone.has(resolveTarget('', name).toLowerCase()) ? '' : tag;
      }),
    );
  }
  return dropped;
}
