// Word templates (.dotx) and macro-enabled documents (.docm) are accepted as templates (issue 21),
// but what the generator writes is always a .docx: the main part gets the .docx content type, and
// a .docm's macros (the VBA project, its data and key bindings) are dropped with every
// relationship and content type that names them, so Word opens the result without asking.
import type PizZip from 'pizzip';
import {
  CONTENT_TYPES,
  ContentTypes,
  findMainDocument,
  readPart,
  relsPathOf,
  resolveTarget,
  setOverrides,
} from './docxPackage';

const DOCX_MAIN =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
/** Content types and relationship types of the parts that carry macros. */
const MACRO_TYPE = /vbaProject|vbaData|keyMapCustomizations|attachedToolbars/i;

/** Makes the package a plain .docx; true when it had macros, which are now gone. */
export function asWordDocument(zip: PizZip): { macrosDropped: boolean } {
  const contentTypes = ContentTypes.of(zip);
  const main = findMainDocument(zip, contentTypes);
  const macroParts = Object.keys(zip.files).filter(
    (name) =>
      !zip.files[name].dir &&
      (MACRO_TYPE.test(contentTypes.typeOf(name) ?? '') || /(^|\/)vbaProject\.bin$/i.test(name)),
  );
  for (const part of macroParts) {
    zip.remove(part);
    if (zip.files[relsPathOf(part)]) zip.remove(relsPathOf(part));
  }
  if (macroParts.length > 0) {
    const dropped = new Set(macroParts.map((p) => p.toLowerCase()));
    const relsPath = relsPathOf(main);
    const rels = readPart(zip, relsPath);
    if (rels !== undefined) {
      zip.file(
        relsPath,
        rels.replace(
          /<(?:\w+:)?Relationship\b[^>]*?(?:\/>|>\s*<\/(?:\w+:)?Relationship>)/g,
          (tag) => {
            const type = /\bType="([^"]*)"/.exec(tag)?.[1] ?? '';
            const target = /\bTarget="([^"]*)"/.exec(tag)?.[1] ?? '';
            const external = /\bTargetMode="External"/.test(tag);
            return MACRO_TYPE.test(type) ||
              (!external && dropped.has(resolveTarget(main, target).toLowerCase()))
              ? ''
              : tag;
          },
        ),
      );
    }
    const types = readPart(zip, CONTENT_TYPES) ?? '';
    zip.file(
      CONTENT_TYPES,
      types.replace(
        /<(?:\w+:)?(?:Override|Default)\b[^>]*?(?:\/>|>\s*<\/(?:\w+:)?(?:Override|Default)>)/g,
        (tag) => (MACRO_TYPE.test(/\bContentType="([^"]*)"/.exec(tag)?.[1] ?? '') ? '' : tag),
      ),
    );
  }
  if (contentTypes.typeOf(main) !== DOCX_MAIN)
    setOverrides(zip, [{ part: main, contentType: DOCX_MAIN }]);
  return { macrosDropped: macroParts.length > 0 };
}
