import type Docxtemplater from 'docxtemplater';
import {
  compileTemplate,
  type CompiledTemplate,
  type HeaderFooterPart,
  type TemplatePart,
  addPackageEntries,
  readPart,
  relativeTarget,
  relsPathOf,
  type Relationship,
  compileFrame,
  joinChunks,
  renderFramed,
  verifyFrame,
  type RenderFrame,
} from '../template';
import {
  bodyContent,
  nextPageSectPr,
  remapReferences,
  sectionBreakParagraph,
  splitFinalSectPr,
} from './sections';
import { hasEnoughData, rowValues } from '../read';
import { mergedFileName } from './fileNames';
import { CancelledError } from '../errors';
import {
  deflatedFromChunks,
  deflatedInFrame,
  deflateSmall,
  partFrame,
  staticFrame,
  type DeflatedPart,
  type PartFrame,
} from './smallParts';
import { StreamingDeflate } from './compressedParts';
import { renderPart } from '../internals';
import { entriesOf, MAX_CLASSIC_ENTRIES, writeZip, type ZipEntry } from './zipWriter';

export interface MergeProgress {
  processed: number;
  total: number;
}

export interface MergeArgs {
  template: ArrayBuffer;
  /** The selected rows, in output order. */
  rows: Record<string, string>[];
  /** placeholder → column. */
  mapping: Record<string, string>;
  /** Row numbers for error messages ('Row n: …'); defaults to the 1-based position in `rows`. */
  rowNumbers?: number[];
  onProgress?: (progress: MergeProgress) => void;
  shouldCancel?: () => boolean | Promise<boolean>;
  now?: Date;
}

export interface MergeResult {
  buffer: ArrayBuffer;
  fileName: string;
  sections: number;
  skipped: number;
  /** Parts (zip entries) of the merged .docx: a header, footer and .rels copy per section add up. */
  parts: number;
}

/**
 * A merged document of more parts than a classic zip counts is written as ZIP64, which Word and
 * zip tools read; LibreOffice (7.4 and 25.2 tried) refuses any package of more than 65,535 parts.
 */
export function largeDocumentWarning(parts: number): string | null {
  if (parts <= MAX_CLASSIC_ENTRIES) return null;
  return `The merged document has ${parts.toLocaleString('en-US')} parts: Word opens it, LibreOffice opens documents of at most ${MAX_CLASSIC_ENTRIES.toLocaleString('en-US')} parts. To open it in LibreOffice, generate fewer rows at a time or one file per row.`;
}

export { CancelledError };

/** Progress and cancel checks at least this often (the screen promises an update every 250 ms). */
const CHUNK_MS = 100;

function hasTags(parts: TemplatePart[] | undefined): boolean {
  return (parts ?? []).some((p) => p.type === 'placeholder');
}

/** One row's rendering of a part: byte chunks, and what decides it when it was framed. */
interface RenderedPart {
  chunks: Uint8Array[];
  /** The row's values of the part's keys (a framed rendering is decided by them); null: rendered by docxtemplater. */
  key: string | null;
  /** True when chunks alternate the frame's segments (even) and escaped values (odd). */
  framed: boolean;
}

/**
 * Renders one templated part per row: through its frame when it has one (see partFrames.ts) and
 * the row's values allow, else through docxtemplater. Each way a frame renders (chunks, or text
 * when a value is empty) is compared once with docxtemplater's rendering before it is trusted;
 * a frame that differs is dropped, and the part renders through docxtemplater from then on.
 */
export class PartRenderer {
  private frame: RenderFrame | null | undefined;
  private checked = { chunks: false, text: false };
  private trimmed = { head: 0, tail: 0 };

  constructor(
    private readonly doc: Docxtemplater,
    readonly path: string,
    private readonly tree: TemplatePart[] | undefined,
    private readonly encoder: TextEncoder,
  ) {}

  /** The frame, compiled on first use (null: this part renders through docxtemplater). */
  private frameOf(): RenderFrame | null {
    if (this.frame === undefined)
      this.frame = compileFrame(this.tree, (data) => renderPart(this.doc, this.path, data));
    return this.frame;
  }

  /** Cuts `head` bytes off the start and `tail` off the end of every rendering (the main part's shell). */
  trim(head: string, tail: string): void {
    this.trimmed = {
      head: this.encoder.encode(head).length,
      tail: this.encoder.encode(tail).length,
    };
    const frame = this.frameOf();
    if (!frame) return;
    const segments = [...frame.segments];
    const last = segments.length - 1;
    if (
      !segments[0].startsWith(head) ||
      !segments[last].endsWith(tail) ||
      (last === 0 && segments[0].length < head.length + tail.length)
    ) {
      this.frame = null;
      return;
    }
    segments[0] = segments[0].slice(head.length);
    segments[last] = segments[last].slice(0, segments[last].length - tail.length);
    this.frame = {
      ...frame,
      segments,
      segmentBytes: segments.map((text) => this.encoder.encode(text)),
    };
  }

  /** docxtemplater's rendering, trimmed like the frame. */
  private renderFull(values: Record<string, string>): Uint8Array {
    const bytes = renderPart(this.doc, this.path, values);
    const { head, tail } = this.trimmed;
    return head === 0 && tail === 0 ? bytes : bytes.subarray(head, bytes.length - tail);
  }

  render(values: Record<string, string>): RenderedPart {
    const frame = this.frameOf();
    const chunks = frame && renderFramed(frame, values, this.encoder);
    if (!frame || !chunks) return { chunks: [this.renderFull(values)], key: null, framed: false };
    const framed = chunks.length === frame.segments.length * 2 - 1;
    const way = framed ? 'chunks' : 'text';
    if (!this.checked[way]) {
      const expected = this.renderFull(values);
      if (!verifyFrame(frame, values, expected, this.encoder)) {
        this.frame = null;
        return { chunks: [expected], key: null, framed: false };
      }
      this.checked[way] = true;
    }
    let key = '';
    for (const k of frame.keys) key += `${values[k] ?? ''}\u0000`;
    return { chunks, key, framed };
  }

  /** The render frame's first and last segments, when it has values between them. */
  ends(): { first: Uint8Array; last: Uint8Array } | null {
    const segments = this.frame?.segmentBytes;
    return segments && segments.length > 1
      ? { first: segments[0], last: segments[segments.length - 1] }
      : null;
  }

  /** Whether the frame's segment `index` names a header or footer (a section break's references). */
  segmentNamesPart(index: number): boolean {
    return this.frame?.segments[index]?.includes('Reference') ?? true;
  }
}

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

/** The part's frame, from two renderings in which every value differs ('a' / 'b'). */
/**
 * The part's static head and tail, deflated once: the first and last segments of its render frame
 * when it has one (every framed rendering starts and ends with exactly those chunks), else found
 * from two renderings in which every value differs ('a' / 'b').
 */
function frameOf(
  doc: Docxtemplater,
  part: SectionPart,
  values: Record<string, string>,
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

function perSectionParts(template: CompiledTemplate, encoder: TextEncoder): SectionPart[] {
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

function copyPath(path: string, section: number): string {
  const dot = path.lastIndexOf('.');
  return `${path.slice(0, dot)}_s${section}${path.slice(dot)}`;
}

function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a template cannot be merged, checked before the first row (so no row is blamed for it). */
function templateProblem(main: string, xml: string): string | null {
  if (!/<(?:\w+:)?body\b/.test(xml) || !xml.includes('</w:body>'))
    return `the main document ${main} has no <w:body> element`;
  return null;
}

/**
 * Merges the rows into one .docx: one section per row with enough data, separated by next-page
 * section breaks (sections − 1 of them; no extra page after the last), headers/footers rendered per row.
 * Every step per row costs the same whatever the row number: the package grows only by appending
 * (no look-up walks the zip's entries), the body is a list of byte chunks joined once at the end.
 */
export async function mergeDocuments(args: MergeArgs): Promise<MergeResult> {
  const { rows, mapping, onProgress, shouldCancel } = args;
  const total = rows.length;
  let finalSectPr: string | null = null;
  let referencesInBody = false;
  let problem: string | null = null;
  const template = compileTemplate(args.template, (zip, { main }) => {
    const xml = readPart(zip, main) ?? '';
    problem = templateProblem(main, xml);
    const split = splitFinalSectPr(xml);
    finalSectPr = split.finalSectPr;
    referencesInBody = /<w:(?:header|footer)Reference\b/.test(split.xml);
    zip.file(main, split.xml);
  });
  if (problem) throw new Error(`Failed to create merged document: ${problem}`);
  const { doc, zip, main, mainRels } = template;
  const sectPr = nextPageSectPr(finalSectPr);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const sectionParts = perSectionParts(template, encoder);
  const sectionPaths = new Set(sectionParts.map((p) => p.path));
  const mainRenderer = new PartRenderer(doc, main, template.trees.get(main), encoder);

  /** The merged main part, deflated as each row is rendered (started with the first row: it needs the shell). */
  let body: StreamingDeflate | null = null;
  const failures: string[] = [];
  const newRelationships: Relationship[] = [];
  const newOverrides: { part: string; contentType: string }[] = [];
  /** The header/footer copies and their .rels, written after the template's own parts. */
  const copies: ZipEntry[] = [];
  // The text around the body has no tags, so it renders to the same bytes for every row.
  let shell: { head: Uint8Array; tail: Uint8Array } | null = null;
  // A template with its own section breaks references headers inside the body too.
  const bodyHasReferences = sectionParts.length > 0 && referencesInBody;
  let firstValues: Record<string, string> | null = null;
  let sections = 0;
  let skipped = 0;
  let lastSectionIds: ReadonlyMap<string, string> = new Map();
  let chunkStart = Date.now();
  const plainBreak = encoder.encode(sectionBreakParagraph(sectPr));
  const sectionBreak = (ids: ReadonlyMap<string, string>): Uint8Array =>
    ids.size === 0
      ? plainBreak
      : encoder.encode(sectionBreakParagraph(remapReferences(sectPr, ids)));
  /** The row's body with its header/footer references pointing at the row's copies. */
  const remapBody = (rendered: RenderedPart, ids: ReadonlyMap<string, string>): Uint8Array[] =>
    rendered.chunks.map((chunk, c) => {
      // Escaped values hold no '<', so no reference; of the frame's segments only those naming one change.
      if (rendered.framed && (c % 2 === 1 || !mainRenderer.segmentNamesPart(c / 2))) return chunk;
      return encoder.encode(remapReferences(decoder.decode(chunk), ids));
    });

  onProgress?.({ processed: 0, total });
  for (let i = 0; i < total; i++) {
    if (Date.now() - chunkStart >= CHUNK_MS) {
      onProgress?.({ processed: i, total });
      if (await shouldCancel?.()) throw new CancelledError();
      chunkStart = Date.now();
    }
    const row = rows[i];
    if (!hasEnoughData(row)) {
      skipped++;
      continue;
    }
    const values = rowValues(row, mapping);
    try {
      if (!shell) {
        const text = decoder.decode(renderPart(doc, main, values));
        const { start, end } = bodyContent(text);
        shell = {
          head: encoder.encode(text.slice(0, start)),
          tail: encoder.encode(text.slice(end)),
        };
        mainRenderer.trim(text.slice(0, start), text.slice(end));
      }
      // Render every part of the row before touching the package, so a failing row leaves no trace.
      const rendered = mainRenderer.render(values);
      const renderedParts = sectionParts.map((part) => part.renderer.render(values));
      const ids = new Map<string, string>();
      sectionParts.forEach((part, p) => {
        const { chunks, key, framed } = renderedParts[p];
        // The rendering joined into one array, made at most once and only when needed.
        let joined: Uint8Array | null = null;
        const bytes = () => (joined ??= joinChunks(chunks));
        const copyKey = key ?? `\u0001${decoder.decode(bytes())}`;
        let id = part.copies.get(copyKey);
        if (id === undefined) {
          if (part.copies.size === 0) {
            // The first rendering goes into the original part, under its own id.
            id = part.id;
            zip.file(part.path, bytes());
          } else {
            // Named after the first section that shows it: header1_s2.xml, rIdMerge2_rId7.
            id = `rIdMerge${sections + 1}_${part.id}`;
            const path = copyPath(part.path, sections + 1);
            const frame = frameOf(doc, part, values);
            const deflated =
              (frame && framed && part.renderer.ends()
                ? deflatedFromChunks(frame, chunks)
                : null) ??
              (frame && deflatedInFrame(frame, bytes())) ??
              deflateSmall(bytes());
            copies.push({ name: path, method: 8, ...deflated });
            if (part.ownRels !== undefined)
              copies.push({ name: relsPathOf(path), method: 8, ...part.ownRels });
            newRelationships.push({ id, type: part.type, target: relativeTarget(main, path) });
            newOverrides.push({ part: path, contentType: part.contentType });
          }
          part.copies.set(copyKey, id);
        }
        if (id !== part.id) for (const original of part.ids) ids.set(original, id);
      });
      if (!body) {
        body = new StreamingDeflate();
        body.push(shell.head);
      }
      if (sections > 0) body.push(sectionBreak(lastSectionIds));
      for (const chunk of bodyHasReferences && ids.size > 0
        ? remapBody(rendered, ids)
        : rendered.chunks)
        body.push(chunk);
      lastSectionIds = ids;
      firstValues ??= values;
      sections++;
    } catch (error) {
      failures.push(`Row ${args.rowNumbers?.[i] ?? i + 1}: ${failureMessage(error)}`);
    }
  }
  onProgress?.({ processed: total, total });
  if (failures.length > 0)
    throw new Error(`Some documents failed to generate:\n${failures.join('\n')}`);
  if (await shouldCancel?.()) throw new CancelledError();
  if (!shell || !firstValues || !body) {
    throw new Error(
      'Failed to create merged document: no selected row has at least 2 non-empty values',
    );
  }

  try {
    body.push(encoder.encode(remapReferences(sectPr, lastSectionIds)));
    body.push(shell.tail);
    const mainEntry: ZipEntry = { name: main, method: 8, ...body.finish() };
    // Other templated parts (document properties, footnotes, comments…) take the first merged row's values.
    for (const file of template.trees.keys()) {
      if (file === main || sectionPaths.has(file) || !hasTags(template.trees.get(file))) continue;
      zip.file(file, renderPart(doc, file, firstValues));
    }
    addPackageEntries(zip, mainRels, newRelationships, newOverrides);
    const entries = [...entriesOf(zip, new Map([[main, mainEntry]])), ...copies];
    const bytes = writeZip(entries, args.now);
    const buffer = bytes.buffer;
    return {
      buffer,
      fileName: mergedFileName(args.now ?? new Date()),
      sections,
      skipped,
      parts: entries.length,
    };
  } catch (error) {
    throw new Error(`Failed to create merged document: ${failureMessage(error)}`, { cause: error });
  }
}
