// EMVCo's merchant-presented QR payload is a list of data objects, each written as a two-digit
// tag, a two-digit length and that many characters of value; templates (26–51, 62, 64, 80–99) hold
// a list of their own inside the value. Parsed and written here as data, so a change to one
// object never touches text inside another (docs/pictures.md).

export interface DataObject {
  readonly tag: string;
  readonly value: string;
}

/** Lengths count characters (code points): EMVCo's Length is the value's number of characters. */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is one character.
    if (code < 0xd800 || code > 0xdbff) count++;
  }
  return count;
}

/** The first `count` characters of `text` from `start` (UTF-16 index), as [value, end index]. */
function takeCharacters(text: string, start: number, count: number): [string, number] | null {
  let end = start;
  for (let n = 0; n < count; n++) {
    if (end >= text.length) return null;
    const code = text.charCodeAt(end);
    end += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  }
  return end > text.length ? null : [text.slice(start, end), end];
}

const TWO_DIGITS = /^\d\d$/;

/** The data objects of a payload (or of a template's value), in order; throws naming what is wrong. */
export function parseDataObjects(text: string): DataObject[] {
  const objects: DataObject[] = [];
  let at = 0;
  while (at < text.length) {
    const tag = text.slice(at, at + 2);
    const length = text.slice(at + 2, at + 4);
    if (!TWO_DIGITS.test(tag)) throw new Error(`"${tag}" at character ${at + 1} is not a tag`);
    if (!TWO_DIGITS.test(length))
      throw new Error(`tag ${tag} at character ${at + 1} has no two-digit length`);
    const taken = takeCharacters(text, at + 4, Number(length));
    if (!taken) throw new Error(`tag ${tag} says ${Number(length)} characters, fewer follow`);
    objects.push({ tag, value: taken[0] });
    at = taken[1];
  }
  return objects;
}

/** The payload text of data objects; throws when a value is longer than two digits can say. */
export function writeDataObjects(objects: readonly DataObject[]): string {
  let text = '';
  for (const { tag, value } of objects) {
    const length = characterCount(value);
    if (length > 99) throw new Error(`tag ${tag} holds ${length} characters, at most 99 fit`);
    text += tag + String(length).padStart(2, '0') + value;
  }
  return text;
}
