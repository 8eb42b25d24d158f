// Just enough XML for the sanitiser, over strings (no DOM: workers have no DOMParser): tags found
// by one scan, attributes read with their namespaces, entities decoded and escaped.

/** One match per comment, CDATA section, processing instruction, declaration or tag. */
export const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<(\/?)([^\s/>]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;

const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export interface Attribute {
  /** As written, with its prefix. */
  name: string;
  /** Namespace URI of a prefixed name; '' for unprefixed attributes. */
  namespace: string;
  local: string;
  /** Decoded. */
  value: string;
}

export type Scope = ReadonlyMap<string, string>;

const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] !== '#') return NAMED[body] ?? whole;
    const code =
      body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export function escapeAttribute(text: string): string {
  return text.replace(
    /[&<>"]/g,
    (c) => `&${c === '&' ? 'amp' : c === '<' ? 'lt' : c === '>' ? 'gt' : 'quot'};`,
  );
}

/** Text content of an element's inside: comments dropped, CDATA unwrapped, entities decoded. */
export function textContent(inner: string): string {
  return inner
    .replace(/<!--[\s\S]*?-->/g, '')
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((piece, i) => (i % 2 ? piece.slice(9, -3) : decodeEntities(piece.replace(/<[^>]*>/g, ''))))
    .join('');
}

/** The scope of an element: its parent's, plus the xmlns declarations it makes. */
export function scopeOf(rawAttributes: string, parent: Scope): Scope {
  if (!rawAttributes.includes('xmlns')) return parent;
  let scope: Map<string, string> | null = null;
  for (const m of rawAttributes.matchAll(ATTRIBUTE)) {
    const name = m[1];
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) continue;
    scope ??= new Map(parent);
    scope.set(name === 'xmlns' ? '' : name.slice(6), decodeEntities(m[2] ?? m[3]));
  }
  return scope ?? parent;
}

export function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

/** Attributes other than namespace declarations. */
export function attributesOf(rawAttributes: string, scope: Scope): Attribute[] {
  const out: Attribute[] = [];
  for (const m of rawAttributes.matchAll(ATTRIBUTE)) {
    const name = m[1];
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const colon = name.indexOf(':');
    out.push({
      name,
      namespace: colon < 0 ? '' : (scope.get(name.slice(0, colon)) ?? ''),
      local: colon < 0 ? name : name.slice(colon + 1),
      value: decodeEntities(m[2] ?? m[3]),
    });
  }
  return out;
}

/** The start tag again, without the attributes named in `drop` (by their written name). */
export function withoutAttributes(tag: string, drop: ReadonlySet<string>): string {
  return tag.replace(ATTRIBUTE, (whole, name: string) => (drop.has(name) ? '' : whole));
}
