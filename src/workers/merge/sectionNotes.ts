// Footnotes, endnotes and comments of the merged document, filled per section
// (docs/wordfields.md): a note (or comment) whose text holds placeholders is rendered with each section's row, the first section keeps the
// note's own id, every later section gets a copy under a new id, and that section's reference in
// the body is pointed at its copy. Notes without placeholders are left shared, as the template has them.
import type Docxtemplater from 'docxtemplater';
import {
  joinChunks,
  readPart,
  readRelationships,
  resolveTarget,
  type CompiledTemplate,
  type TemplatePart,
} from '../template';
import { renderPart } from '../internals';
import { hasTags, PartRenderer, type TemplateValues } from './partRenderer';

type NoteKind = 'footnote' | 'endnote' | 'comment';

interface NotesPart {
  kind: NoteKind;
  path: string;
  /** Ids of the notes whose text changes with the row. */
  templated: Set<string>;
  /** The next free id for a copy. */
  next: number;
  /** The first section's rendering of the whole part (its notes keep their ids). */
  first: string | null;
  /** The copies for later sections, as XML, in section order. */
  copies: string[];
  /** Renders the part per row, through its frame when it has one. */
  renderer: PartRenderer;
}

const NOTES_TYPE = /\/relationships\/(footnotes|endnotes|comments)$/;

/** Every note element of a notes part, by id. */
function notesOf(xml: string, kind: NoteKind): Map<string, string> {
  const notes = new Map<string, string>();
  const re = new RegExp(`<w:${kind}\\b[^>]*?(?:/>|>[\\s\\S]*?</w:${kind}>)`, 'g');
  for (const m of xml.matchAll(re)) {
    const id = /\bw:id="(-?\d+)"/.exec(m[0].slice(0, m[0].indexOf('>')))?.[1];
    if (id !== undefined) notes.set(id, m[0]);
  }
  return notes;
}

/** The values with every text replaced by `text` (loops and their rows kept). */
function probeValues(values: TemplateValues, text: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? text : value]),
  );
}

/** A note's reference in the body; a comment has three (its range's start and end, its mark). */
const REFERENCE =
  /(<w:(footnote|endnote|comment)(?:Reference|RangeStart|RangeEnd)\b[^>]*?\bw:id=")(-?\d+)(")/g;

/** Points a section's note references at its copies (`footnote:1` → new id); others stay. */
export function remapNoteReferences(xml: string, ids: ReadonlyMap<string, string>): string {
  if (ids.size === 0 || !/noteReference|<w:comment/.test(xml)) return xml;
  return xml.replace(REFERENCE, (whole, head: string, kind: string, id: string, tail: string) => {
    const mapped = ids.get(`${kind}:${id}`);
    return mapped ? head + mapped + tail : whole;
  });
}

export class SectionNotes {
  private readonly parts: NotesPart[] = [];
  private probed = false;
  private readonly decoder = new TextDecoder();
  /** The note ids the body references, by kind (`footnote:1`). */
  private readonly referenced = new Set<string>();

  constructor(
    private readonly doc: Docxtemplater,
    template: CompiledTemplate,
  ) {
    for (const r of readRelationships(template.zip, template.mainRels)) {
      const kind = NOTES_TYPE.exec(r.type)?.[1];
      if (!kind || r.targetMode === 'External') continue;
      const path = resolveTarget(template.main, r.target);
      const tree: TemplatePart[] | undefined = template.trees.get(path);
      if (!hasTags(tree) || this.parts.some((p) => p.path === path)) continue;
      const type = kind.slice(0, -1) as NoteKind;
      const renderer = new PartRenderer(doc, path, tree, new TextEncoder());
      this.parts.push({
        kind: type,
        path,
        templated: new Set(),
        next: 0,
        first: null,
        copies: [],
        renderer,
      });
    }
    if (this.parts.length === 0) return;
    const body = readPart(template.zip, template.main) ?? '';
    for (const m of body.matchAll(REFERENCE)) this.referenced.add(`${m[2]}:${m[3]}`);
  }

  /** The notes parts this merge renders per section (the others take no row's values). */
  get paths(): Set<string> {
    return new Set(this.parts.map((p) => p.path));
  }

  /** Which notes change with the row: those whose rendering differs between two probe rows. */
  private probe(values: TemplateValues): void {
    this.probed = true;
    for (const part of this.parts) {
      const render = (text: string) =>
        notesOf(
          new TextDecoder().decode(renderPart(this.doc, part.path, probeValues(values, text))),
          part.kind,
        );
      const [a, b, empty] = [render('a'), render('b'), render('')];
      let max = 0;
      for (const [id, note] of a) {
        max = Math.max(max, Number(id));
        // Only a note the body points at is copied (an orphan stays as it is).
        if (!this.referenced.has(`${part.kind}:${id}`)) continue;
        if (note !== b.get(id) || note !== empty.get(id)) part.templated.add(id);
      }
      part.next = max + 1;
    }
  }

  /**
   * Renders the notes for one section; answers the ids its body's references take
   * (`footnote:1` → `7`), empty for the first section (it keeps the notes' own ids).
   * Throws before changing anything when a note does not render.
   */
  render(values: TemplateValues, section: number): Map<string, string> {
    if (!this.probed) this.probe(values);
    const ids = new Map<string, string>();
    const rendered = this.parts.map((part) =>
      this.decoder.decode(joinChunks(part.renderer.render(values).chunks)),
    );
    this.parts.forEach((part, p) => {
      if (section === 0) {
        part.first = rendered[p];
        return;
      }
      for (const [id, note] of notesOf(rendered[p], part.kind)) {
        if (!part.templated.has(id)) continue;
        const copy = String(part.next++);
        let renamed = note.replace(/(<w:\w+\b[^>]*?\bw:id=")-?\d+(")/, `$1${copy}$2`);
        // A comment's paragraph ids tie it to commentsExtended (done, replies): a copy has none,
        // so no two comments claim the same entry there.
        if (part.kind === 'comment')
          renamed = renamed.replace(/\s+w14:(?:paraId|textId)="[^"]*"/g, '');
        part.copies.push(renamed);
        ids.set(`${part.kind}:${id}`, copy);
      }
    });
    return ids;
  }

  /** Each notes part as the merge writes it: the first section's notes, then every copy. */
  *entries(): Generator<[string, string]> {
    for (const part of this.parts) {
      if (part.first === null) continue;
      const close = part.first.lastIndexOf(`</w:${part.kind}s>`);
      yield [
        part.path,
        close < 0
          ? part.first
          : part.first.slice(0, close) + part.copies.join('') + part.first.slice(close),
      ];
    }
  }
}
