// One XML part of a Word package with every way out of the document taken away: links to
// relationships that were dropped, fields that fetch (INCLUDETEXT, LINK, DDE…) reduced to their
// cached results, linked OLE objects to their pictures, settings that pull in other files.
import { fetches, isFetchingInstruction } from './fieldKeyword';
import { DocxRefusedError } from './messages';
import {
  ALWAYS_REMOVED,
  DELETED_TEXT,
  HYPERLINK_ELEMENTS,
  IMAGE_SOURCES,
  INSTRUCTION_CONTENT,
  INSTRUCTION_TEXT,
  LINK_ATTRIBUTES,
  LINK_ATTRIBUTE_NAME,
  RULED_ELEMENTS,
  SOURCE_ATTRIBUTES,
  URL_VALUE,
  WORD_NAMESPACES,
  elementNamespace,
  isRelationshipAttribute,
  linkPrefixesOf,
  DEFAULT_MAX_TOKENS,
  type Field,
  type Open,
  type PartLinks,
  type Range,
} from './partRules';
import {
  attributesOf,
  localName,
  scopeOf,
  textContent,
  TOKEN,
  withoutAttributes,
  type Attribute,
  type Scope,
} from './xml';

export type SanitiseMode = 'pdf' | 'document';

export interface SanitiseReport {
  /** Fields reduced to their results. */
  fields: number;
  /** Elements removed (OLE links, linked pictures, template and mail-merge links…). */
  elements: number;
  /** Attributes removed (links to dropped relationships, image sources). */
  attributes: number;
}

class PartSanitiser {
  private readonly stack: Open[] = [];
  /** Every field of the part, and those whose end is still to come (innermost last). */
  private readonly fields: Field[] = [];
  private readonly openFields: Field[] = [];
  private readonly edits: { start: number; end: number; text: string }[] = [];
  readonly report: SanitiseReport = { fields: 0, elements: 0, attributes: 0 };

  constructor(
    private readonly xml: string,
    private readonly links: PartLinks,
    private readonly mode: SanitiseMode,
    private readonly maxTokens: number,
  ) {}

  run(): string {
    const root: Scope = new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]);
    let tokens = 0;
    for (const m of this.xml.matchAll(TOKEN)) {
      if (++tokens > this.maxTokens) throw new DocxRefusedError('tooComplex');
      const start = m.index;
      const end = start + m[0].length;
      if (m[2] === undefined) this.other(m[0], start, end);
      else if (m[1]) this.close(m[2], start, end);
      else this.open(m[0], m[2], m[3], m[4] === '/', start, end, this.stack.at(-1)?.scope ?? root);
    }
    if (this.stack.length) throw new DocxRefusedError('damaged');
    for (const field of this.fields)
      if (field.fetching || fetches(field.instruction)) this.dropField(field);
    return this.assemble();
  }

  private other(token: string, start: number, end: number) {
    if (token.startsWith('<!--') || token.startsWith('<![CDATA[')) return;
    if (token.startsWith('<?')) {
      if (start === 0 && /^<\?xml\s/.test(token)) {
        const encoding = /encoding\s*=\s*["']([^"']*)["']/.exec(token)?.[1];
        if (encoding && !/^utf-?8$/i.test(encoding)) throw new DocxRefusedError('encoding');
        return;
      }
      this.edits.push({ start, end, text: '' }); // stylesheet and application instructions
      return;
    }
    throw new DocxRefusedError('doctype');
  }

  private open(
    tag: string,
    name: string,
    raw: string,
    empty: boolean,
    start: number,
    end: number,
    parentScope: Scope,
  ) {
    const scope = scopeOf(raw, parentScope);
    const local = localName(name);
    const element: Open = { name, local, scope, start, contentStart: end };
    const attributes = this.mayMatter(local, raw, scope) ? attributesOf(raw, scope) : [];
    const drop = this.attributesToDrop(local, attributes);
    if (drop.size) {
      this.report.attributes += drop.size;
      this.edits.push({ start, end, text: withoutAttributes(tag, drop) });
    }
    const kept = attributes.filter((a) => !drop.has(a.name));
    this.elementRules(element, kept, drop.size > 0);
    this.fieldRules(element, attributes, start, end, empty);
    if (empty) {
      if (element.remove) this.remove(start, end);
      if (element.range) element.range.end = end;
    } else this.stack.push(element);
  }

  /** Most tags (w:p, w:r, w:t…) carry nothing a rule looks at; their attributes are not read. */
  private mayMatter(local: string, raw: string, scope: Scope): boolean {
    if (!raw.includes('=')) return false;
    if (RULED_ELEMENTS.has(local) || LINK_ATTRIBUTE_NAME.test(raw)) return true;
    if (!this.links.dropped.size && !this.links.hyperlinks.size) return false;
    return linkPrefixesOf(scope).some((prefix) => raw.includes(prefix));
  }

  private attributesToDrop(local: string, attributes: Attribute[]): Set<string> {
    const drop = new Set<string>();
    for (const a of attributes) {
      if (isRelationshipAttribute(a)) {
        const id = a.value.trim();
        if (
          this.links.dropped.has(id) ||
          (this.links.hyperlinks.has(id) && !HYPERLINK_ELEMENTS.has(local))
        )
          drop.add(a.name);
      } else if (IMAGE_SOURCES.has(local) && SOURCE_ATTRIBUTES.has(a.local)) drop.add(a.name);
      else if (LINK_ATTRIBUTES.has(a.local) && URL_VALUE.test(a.value)) drop.add(a.name);
    }
    return drop;
  }

  private elementRules(element: Open, kept: Attribute[], lostLink: boolean) {
    const { local } = element;
    const hasPicture = kept.some(
      (a) => isRelationshipAttribute(a) && (local !== 'blip' || a.local === 'embed'),
    );
    if (ALWAYS_REMOVED.has(local)) element.remove = true;
    else if (local === 'externalData') element.remove = this.mode === 'pdf' || lostLink;
    else if (local === 'OLEObject') {
      const linked = kept.some(
        (a) => a.local === 'Type' && a.value.trim().toLowerCase() === 'link',
      );
      element.remove = linked || this.mode === 'pdf';
    } else if (
      (local === 'blip' || local === 'imagedata') &&
      !hasPicture &&
      (lostLink || local === 'imagedata')
    )
      this.removeAncestor(local === 'blip' ? ['drawing', 'pict', 'object'] : ['pict', 'object']);
    if (element.remove) this.report.elements++;
  }

  /** The nearest enclosing element of one of these names goes, with all it holds. */
  private removeAncestor(names: string[]) {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      if (!names.includes(this.stack[i].local)) continue;
      if (!this.stack[i].remove) this.report.elements++;
      this.stack[i].remove = true;
      return;
    }
  }

  private fieldRules(
    element: Open,
    attributes: Attribute[],
    start: number,
    end: number,
    empty: boolean,
  ) {
    const { local } = element;
    const inWord = WORD_NAMESPACES.has(elementNamespace(element));
    const wordAttribute = (name: string) =>
      attributes.find((a) => a.local === name && WORD_NAMESPACES.has(a.namespace))?.value;
    if (local === 'fldSimple' && inWord) {
      const instruction = wordAttribute('instr') ?? '';
      if (isFetchingInstruction(instruction)) {
        this.report.fields++;
        if (empty) element.remove = true;
        else element.unwrap = { start, end };
      }
    }
    if (!INSTRUCTION_CONTENT.has(local)) return;
    // Outside an instruction only a field's markers need their place kept.
    if (local !== 'fldChar' && !this.openFields.some((f) => !f.separated)) return;
    const range: Range = { start, end: -1 };
    element.range = range;
    const type = local === 'fldChar' && inWord ? wordAttribute('fldCharType')?.trim() : undefined;
    if (type === 'begin') {
      this.inInstruction().forEach((f) => f.parts.push(range));
      const field: Field = {
        instruction: { codes: '', withDeleted: '' },
        separated: false,
        fetching: false,
        parts: [range],
      };
      this.fields.push(field);
      this.openFields.push(field);
      return;
    }
    const top = this.openField();
    if (type === 'separate' && top && !top.separated) {
      top.parts.push(range);
      top.separated = true;
      top.fetching = fetches(top.instruction);
    } else if (type === 'end' && top) {
      top.parts.push(range);
      this.closeField(top);
    }
    this.inInstruction().forEach((f) => f.parts.push(range));
  }

  private openField(): Field | undefined {
    return this.openFields.at(-1);
  }
  private inInstruction(): Field[] {
    return this.openFields.filter((f) => !f.separated);
  }
  private closeField(field: Field) {
    field.fetching ||= fetches(field.instruction);
    this.openFields.pop();
  }

  private close(name: string, start: number, end: number) {
    const element = this.stack.pop();
    if (!element || element.name !== name) throw new DocxRefusedError('damaged');
    if (element.range) element.range.end = end;
    const deleted = DELETED_TEXT.has(element.local);
    if (
      (deleted || INSTRUCTION_TEXT.has(element.local)) &&
      WORD_NAMESPACES.has(elementNamespace(element))
    ) {
      // A field's instruction is its own codes plus the results of fields nested in it.
      const target = this.inInstruction().at(-1);
      const text = target ? textContent(this.xml.slice(element.contentStart, start)) : '';
      if (target && !deleted) target.instruction.codes += text;
      if (target) target.instruction.withDeleted += text;
    }
    if (element.remove) this.remove(element.start, end);
    if (element.unwrap) {
      this.remove(element.unwrap.start, element.unwrap.end);
      this.remove(start, end);
    }
  }

  private dropField(field: Field) {
    this.report.fields++;
    for (const part of field.parts) if (part.end > part.start) this.remove(part.start, part.end);
  }

  private remove(start: number, end: number) {
    this.edits.push({ start, end, text: '' });
  }

  private assemble(): string {
    if (!this.edits.length) return this.xml;
    // Outer ranges first; a removal before an edit of the same tag.
    this.edits.sort((a, b) => a.start - b.start || b.end - a.end || a.text.length - b.text.length);
    const out: string[] = [];
    let last = 0;
    for (const edit of this.edits) {
      if (edit.start < last) continue; // inside something already removed
      out.push(this.xml.slice(last, edit.start), edit.text);
      last = edit.end;
    }
    out.push(this.xml.slice(last));
    return out.join('');
  }
}

/** The part's XML with its links and fetching fields taken out; the same string when it had none. */
export function sanitisePart(
  xml: string,
  links: PartLinks,
  mode: SanitiseMode,
  maxTokens = DEFAULT_MAX_TOKENS,
): { xml: string; report: SanitiseReport } {
  const sanitiser = new PartSanitiser(xml, links, mode, maxTokens);
  const out = sanitiser.run();
  return { xml: out, report: sanitiser.report };
}
