// The headers and footers with placeholders of a merge: each section gets its own rendered copy,
// deflated around its static text, and sections whose rendering is the same share one copy.
import type Docxtemplater from 'docxtemplater';
import { readPart, relsPathOf, type CompiledTemplate, type HeaderFooterPart } from '../template';
import { renderPart } from '../internals';
import { hasTags, PartRenderer, type TemplateValues } from './partRenderer';
import {
  deflateSmall,
  partFrame,
  staticFrame,
  type DeflatedPart,
  type PartFrame,
} from '../package';

/**
 * A header/footer with placeholders: each section gets its own rendered copy, next to the original
 * (same folder, so the copy of its .rels resolves the same pictures). Sections whose rendering is
 * the same share one copy.
 */
interface SectionPart extends HeaderFooterPart {
  /** Every relationship id of the main document that names this part (usually one). */
  ids: string[];
  /** The part's own .rels (its logo picture…), copied with every copy; read and deflated once. */
  ownRels: DeflatedPart | undefined;
  /** Rendered text (or, when framed, the values that decide it) → relationship id of the copy holding it. */
  copies: Map<string, string>;
  renderer: PartRenderer;
  /** The static text around the values, deflated once (null: the part has none worth framing). */
  frame?: PartFrame | null;
}

/**
 * The part's static head and tail, deflated once: the first and last segments of its render frame
 * when it has one (every framed rendering starts and ends with exactly those chunks), else found
 * from two renderings in which every value differs ('a' / 'b').
 */
export function frameOf(
  doc: Docxtemplater,
  part: SectionPart,
  values: TemplateValues,
): PartFrame | null {
  if (part.frame === undefined) {
    const ends = part.renderer.ends();
    try {
      const probe = (text: string) =>
        renderPart(
          doc,
          part.path,
          Object.fromEntries(Object.keys(values).map((key) => [key, text])),
        );
      part.frame = ends ? staticFrame(ends.first, ends.last) : partFrame(probe('a'), probe('b'));
    } catch {
      part.frame = null;
    }
  }
  return part.frame;
}

export function perSectionParts(template: CompiledTemplate, encoder: TextEncoder): SectionPart[] {
  const byPath = new Map<string, SectionPart>();
  const parts: SectionPart[] = [];
  for (const part of template.headersFooters) {
    if (!hasTags(template.trees.get(part.path))) continue;
    const known = byPath.get(part.path);
    if (known) {
      if (!known.ids.includes(part.id)) known.ids.push(part.id);
      continue;
    }
    const ownRels = readPart(template.zip, relsPathOf(part.path));
    const sectionPart = {
      ...part,
      ids: [part.id],
      ownRels: ownRels === undefined ? undefined : deflateSmall(encoder.encode(ownRels)),
      copies: new Map(),
      renderer: new PartRenderer(template.doc, part.path, template.trees.get(part.path), encoder),
    };
    byPath.set(part.path, sectionPart);
    parts.push(sectionPart);
  }
  return parts;
}

/** A copy's part name: the original's with `_s<section>` before the extension (header1_s2.xml). */
export function copyPath(path: string, section: number | string): string {
  const dot = path.lastIndexOf('.');
  return `${path.slice(0, dot)}_s${section}${path.slice(dot)}`;
}
