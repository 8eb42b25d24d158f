// Template pictures whose alt text is a picture tag (`{%qr:Column}`, `{%qris:Column}`,
// `{%image:Column}`, `{%Column}`), in the body, headers and footers, table cells included: each
// becomes a tag of a key of its own (PICTURE_KEY_PREFIX + n) where the picture was, so it renders
// like any placeholder, and its drawing is kept as a template (pictures/drawing.ts) that the merge
// fills per row. A picture Word saved inside mc:AlternateContent (a Choice with its DrawingML, a
// Fallback with VML) is replaced whole. Tags typed in the text (`{%Logo}`) are placeholders
// already; they are listed after the compile (addTypedPictureTags).
import type PizZip from 'pizzip';
import { pictureFieldName, pictureTag } from '../../domain/word/pictureField';
import { drawingTemplate, INLINE_DRAWING, type DrawingTemplate } from '../pictures';
import { CONTENT_TYPES, ContentTypes, readPart } from './docxPackage';
import type { TemplatePart } from './compile';

/** Tags that stand for a placeholder picture start with this private-use character. */
const PICTURE_KEY_PREFIX = '\uE006';

export interface PictureSlot {
  /** The mapping step's field: `qr:Column`, `qris:Column`, `image:Column`. */
  readonly field: string;
  readonly drawing: DrawingTemplate;
}

export interface TemplatePictures {
  /** Tag key → its picture. */
  readonly slots: Record<string, PictureSlot>;
  /** The largest docPr id of the template: placed pictures are numbered after it. */
  readonly maxDrawingId: number;
}

const PICTURE_DEFAULTS: [string, string][] = [
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
];

function decodeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The picture tag an alt text holds (`{%…}`, nothing else), or null. */
function altTextTag(descr: string): ReturnType<typeof pictureTag> {
  const text = decodeXml(descr).trim();
  return text.startsWith('{') && text.endsWith('}') ? pictureTag(text.slice(1, -1)) : null;
}

/** Top-level `<w:drawing>` elements of a part (a text box's drawings inside them are not). */
function drawings(xml: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  const tags = /<w:drawing>|<w:drawing\s[^>]*>|<\/w:drawing>/g;
  let depth = 0;
  let start = 0;
  for (const m of xml.matchAll(tags)) {
    if (m[0] === '</w:drawing>') {
      if (--depth === 0) found.push({ start, end: m.index + m[0].length });
    } else if (depth++ === 0) start = m.index;
  }
  return found;
}

/** The mc:AlternateContent whose Choice holds the drawing at [start, end), if it is in one. */
function alternateContent(xml: string, start: number, end: number) {
  const open = xml.lastIndexOf('<mc:AlternateContent', start);
  if (open < 0) return null;
  const choiceEnd = xml.indexOf('</mc:Choice>', end);
  const close = xml.indexOf('</mc:AlternateContent>', end);
  const between = xml.slice(open, start);
  if (choiceEnd < 0 || close < 0 || choiceEnd > close || between.includes('</mc:AlternateContent>'))
    return null;
  return { start: open, end: close + '</mc:AlternateContent>'.length };
}

/** Adds the Defaults for PNG, JPEG and GIF that [Content_Types].xml lacks. */
function addPictureDefaults(zip: PizZip): void {
  const xml = readPart(zip, CONTENT_TYPES);
  if (xml === undefined) return;
  const known = new ContentTypes(xml).defaults;
  const missing = PICTURE_DEFAULTS.filter(([extension]) => !known.has(extension));
  if (missing.length === 0) return;
  const lines = missing.map(([e, type]) => `<Default Extension="${e}" ContentType="${type}"/>`);
  const close = xml.lastIndexOf('</');
  zip.file(CONTENT_TYPES, xml.slice(0, close) + lines.join('') + xml.slice(close));
}

/**
 * Replaces the placeholder pictures of `parts` (the main part, its headers and footers) by tags
 * of their own keys, and answers their drawings by key.
 */
export function preparePictures(zip: PizZip, parts: readonly string[]): TemplatePictures {
  const slots: Record<string, PictureSlot> = Object.create(null);
  let maxDrawingId = 0;
  let n = 0;
  for (const path of Object.keys(zip.files)) {
    if (!/\.xml$/.test(path)) continue;
    const xml = readPart(zip, path) ?? '';
    for (const m of xml.matchAll(/<wp:docPr\b[^>]*?\bid="(\d+)"/g))
      maxDrawingId = Math.max(maxDrawingId, Number(m[1]));
  }
  for (const path of new Set(parts)) {
    const xml = readPart(zip, path);
    if (xml === undefined || !xml.includes('<w:drawing')) continue;
    let out = '';
    let from = 0;
    for (const { start, end } of drawings(xml)) {
      const element = xml.slice(start, end);
      const descr = /<wp:docPr\b[^>]*?\bdescr="([^"]*)"/.exec(element)?.[1];
      const field = descr === undefined ? null : altTextTag(descr);
      const drawing = field && drawingTemplate(element);
      if (!field || !drawing) continue;
      const replaced = alternateContent(xml, start, end) ?? { start, end };
      if (replaced.start < from) continue;
      const key = `${PICTURE_KEY_PREFIX}${n++}`;
      slots[key] = { field: pictureFieldName(field), drawing };
      out += `${xml.slice(from, replaced.start)}<w:t xml:space="preserve">{${key}}</w:t>`;
      from = replaced.end;
    }
    if (from > 0) zip.file(path, out + xml.slice(from));
  }
  if (n > 0) addPictureDefaults(zip);
  return { slots, maxDrawingId };
}

/**
 * Adds the picture tags typed in the text (`{%Logo}`, `{%qr:Portal}`) of the compiled parse trees:
 * each is placed inline at the default size. Answers whether any was found.
 */
export function addTypedPictureTags(
  pictures: TemplatePictures,
  trees: Iterable<TemplatePart[]>,
  zip: PizZip,
): void {
  let found = false;
  const walk = (parts: TemplatePart[]) => {
    for (const part of parts) {
      if (part.type !== 'placeholder') continue;
      const key = part.value?.trim() ?? '';
      const field = part.module ? null : pictureTag(key);
      if (field && !Object.hasOwn(pictures.slots, key)) {
        pictures.slots[key] = { field: pictureFieldName(field), drawing: INLINE_DRAWING };
        found = true;
      }
      if (part.subparsed) walk(part.subparsed);
    }
  };
  for (const tree of trees) walk(tree);
  if (found) addPictureDefaults(zip);
}
