// Reads e-Faktur XML back with a real parser (@xmldom/xmldom), failing on any parse error.
import { DOMParser, type Element } from '@xmldom/xmldom';

export function parseXml(text: string) {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(text, 'text/xml');
  if (errors.length) throw new Error(`XML does not parse: ${errors.join('; ')}`);
  return doc;
}

/** The element children of `el`. */
export function childElements(el: Element): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1) out.push(n as Element);
  return out;
}

/** Every element as 'path: text' (text only for leaves), in document order. */
export function structure(text: string): string[] {
  const doc = parseXml(text);
  const lines: string[] = [];
  const walk = (el: Element, path: string) => {
    const here = `${path}/${el.tagName}`;
    const kids = childElements(el);
    lines.push(kids.length ? here : `${here}: ${el.textContent ?? ''}`);
    for (const kid of kids) walk(kid, here);
  };
  walk(doc.documentElement as unknown as Element, '');
  return lines;
}
