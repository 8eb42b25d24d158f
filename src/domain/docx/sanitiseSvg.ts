// An SVG picture (plain or gzip-compressed) as LibreOffice's SVG importer would read it, with
// nothing left that loads another file: it follows href and xlink:href to file: URLs whatever
// its settings say (docs/sanitiser.md).
import { imageFormat } from './partKind';
import { attributesOf, localName, scopeOf, TOKEN, withoutAttributes, type Scope } from './xml';

/** Elements that go with everything they hold: scripts and foreign content. */
const REMOVED_ELEMENTS = new Set(['script', 'foreignObject', 'handler', 'listener']);
/** Attributes that name a resource to load. */
const LINK_ATTRIBUTES = new Set(['href', 'src', 'base']);
/** A url(…) that is not a #fragment of the same picture, an @import, or a CSS escape hiding one. */
const CSS_REACHES_OUT = /url\s*\(\s*(?!['"]?\s*#)|@import|\\|image-set|expression\s*\(/i;
const DATA_IMAGE = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9=.-]+)*;base64,([a-z0-9+/=\s]*)$/i;

export interface SanitisedSvg {
  text: string;
  /** Attributes and elements taken out. */
  removed: number;
}

function base64Bytes(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text.replace(/\s+/g, '')), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** #fragment, or a data: picture whose bytes are a raster or metafile picture (not another SVG). */
function safeLink(value: string): boolean {
  const v = value.trim();
  if (v.startsWith('#')) return true;
  const data = DATA_IMAGE.exec(v);
  const bytes = data ? base64Bytes(data[1]) : null;
  return bytes !== null && imageFormat(bytes) !== null;
}

/**
 * The SVG with its outward links, scripts and foreign objects taken out; null when it cannot be
 * made safe (a document type declaration, tags that do not nest): the picture is then left out.
 */
export function sanitiseSvg(svg: string): SanitisedSvg | null {
  const out: string[] = [];
  const stack: { name: string; scope: Scope; removed: boolean }[] = [];
  let removed = 0;
  let last = 0;
  /** Depth of the outermost open element being removed; -1 when none. */
  let cutFrom = -1;
  const root: Scope = new Map();
  for (const m of svg.matchAll(TOKEN)) {
    const start = m.index;
    const end = start + m[0].length;
    const keep = (text: string) => {
      if (cutFrom < 0) out.push(svg.slice(last, start), text);
      last = end;
    };
    if (m[2] === undefined) {
      const token = m[0];
      if (token.startsWith('<!--')) keep('');
      else if (token.startsWith('<![CDATA[')) keep(token);
      else if (token.startsWith('<?')) keep(start === 0 && /^<\?xml\s/.test(token) ? token : '');
      else return null; // <!DOCTYPE …>, <!ENTITY …>
      continue;
    }
    if (m[1]) {
      const open = stack.pop();
      if (!open || open.name !== m[2]) return null;
      if (open.removed && cutFrom === stack.length) {
        cutFrom = -1;
        last = end;
        continue;
      }
      keep(m[0]);
      continue;
    }
    const scope = scopeOf(m[3], stack.at(-1)?.scope ?? root);
    const local = localName(m[2]);
    const drop = new Set<string>();
    for (const a of attributesOf(m[3], scope)) {
      const reachesOut =
        (LINK_ATTRIBUTES.has(a.local) && !safeLink(a.value)) ||
        /^on/i.test(a.local) ||
        CSS_REACHES_OUT.test(a.value);
      if (reachesOut) drop.add(a.name);
    }
    const styleEnd = local === 'style' && m[4] !== '/' ? svg.indexOf('</', end) : -1;
    const removeElement =
      REMOVED_ELEMENTS.has(local) ||
      (styleEnd >= 0 && CSS_REACHES_OUT.test(svg.slice(end, styleEnd)));
    if (cutFrom < 0 && removeElement) {
      removed++;
      out.push(svg.slice(last, start));
      last = end;
      if (m[4] === '/') continue;
      cutFrom = stack.length;
      stack.push({ name: m[2], scope, removed: true });
      continue;
    }
    removed += drop.size;
    keep(drop.size ? withoutAttributes(m[0], drop) : m[0]);
    if (m[4] !== '/') stack.push({ name: m[2], scope, removed: false });
  }
  if (stack.length) return null;
  out.push(cutFrom < 0 ? svg.slice(last) : '');
  return { text: out.join(''), removed };
}
