// Pictures per row (docs/pictures.md): a template picture whose alt text is a tag, or a tag typed
// in the text, becomes a field of kind "image" in the mapping step. Which tag is which kind, how
// the field is named, and how an image file is found by the name a row gives. Pure.

export type PictureKind = 'qr' | 'qris' | 'image';

export interface PictureField {
  readonly kind: PictureKind;
  /** The column the tag names (the mapping step maps the field to a column like any other). */
  readonly column: string;
}

const KINDS: readonly PictureKind[] = ['qr', 'qris', 'image'];

/** `{%qr:Column}`, `{%qris:Column}`, `{%image:Column}` or `{%Column}` (an image file), without braces. */
export function pictureTag(tag: string): PictureField | null {
  const text = tag.trim();
  if (!text.startsWith('%')) return null;
  const body = text.slice(1).trim();
  const colon = body.indexOf(':');
  const kind = body.slice(0, colon).trim().toLowerCase();
  if (colon > 0 && (KINDS as readonly string[]).includes(kind)) {
    const column = body.slice(colon + 1).trim();
    return column === '' ? null : { kind: kind as PictureKind, column };
  }
  return body === '' ? null : { kind: 'image', column: body };
}

/** The field's name in the mapping step: `qr:Column`, `qris:Column`, `image:Column`. */
export function pictureFieldName({ kind, column }: PictureField): string {
  return `${kind}:${column}`;
}

/** The picture field a placeholder of the mapping step names; null for a text field. */
export function pictureFieldOf(placeholder: string): PictureField | null {
  const colon = placeholder.indexOf(':');
  const kind = placeholder.slice(0, colon);
  const column = placeholder.slice(colon + 1);
  return colon > 0 && (KINDS as readonly string[]).includes(kind) && column.trim() !== ''
    ? { kind: kind as PictureKind, column }
    : null;
}

/** Image files are looked up by name without case, folder or (when it is unique) extension. */
function baseName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').trim().toLowerCase();
}

function stem(name: string): string {
  const base = baseName(name);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * The name of the image file a row's text names, among `names` (the files chosen, zips opened):
 * the same name, else the same file name in any folder or case, else the only file of that name
 * without extension. Null when none (the row gets a warning) or the text is empty.
 */
export function findImageName(names: readonly string[], wanted: string): string | null {
  const text = wanted.trim();
  if (text === '') return null;
  if (names.includes(text)) return text;
  const base = baseName(text);
  const byBase = names.find((name) => baseName(name) === base);
  if (byBase !== undefined) return byBase;
  const byStem = names.filter((name) => stem(name) === stem(text));
  return byStem.length === 1 ? byStem[0] : null;
}
