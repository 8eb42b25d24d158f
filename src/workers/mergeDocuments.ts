import type Docxtemplater from 'docxtemplater';
import type PizZip from 'pizzip';
import { compileTemplate, type CompiledTemplate, type HeaderFooterPart, type TemplatePart } from './template';
import { addPackageEntries, readPart, relativeTarget, relsPathOf, type Relationship } from './docxPackage';
import { bodyContent, nextPageSectPr, remapReferences, sectionBreakParagraph, splitFinalSectPr } from './sections';
import { hasEnoughData, rowValues } from './rowData';
import { mergedFileName } from './fileNames';
import { CancelledError } from './errors';
import { withZip64End } from './zip64';
import { deflatedInFrame, deflatedOnce, partFrame, SMALL_PART_OPTIONS, type PartFrame } from './smallParts';

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
}

export { CancelledError };

/** Progress and cancel checks at least this often (the screen promises an update every 250 ms). */
const CHUNK_MS = 100;

// docxtemplater compiles each templated file once into an XmlTemplater; rendering that compiled
// part again with a fresh scope is what its own render() does per file. We do it per row so the
// template is parsed once, not once per row (the 5× slower approach this replaces).
interface RenderError {
  message: string;
  properties?: { id?: string; explanation?: string; xtag?: string; value?: unknown };
}
interface CompiledPart {
  scopeManager: unknown;
  render(to: string): unknown;
  content?: Uint8Array;
  allErrors: RenderError[];
}
interface DocxtemplaterInternals {
  compiled: Record<string, CompiledPart>;
  scopeManagers: Record<string, unknown>;
  getScopeManager(to: string, part: CompiledPart, data: unknown): unknown;
}

/** The docxtemplater internals renderPart uses; checked by tests/unit/workers/docxtemplaterInternals.test.ts. */
export const RENDER_INTERNALS = ['compiled', 'scopeManagers', 'getScopeManager', 'render', 'content', 'allErrors'] as const;

/** What went wrong with one row, in words the user can act on. */
function describeRenderError(error: RenderError | undefined, file: string): string {
  const p = error?.properties;
  if (p?.id === 'invalid_xml_characters' && typeof p.value === 'string') {
    // eslint-disable-next-line no-control-regex -- the characters XML 1.0 forbids are control characters
    const bad = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(p.value)?.[0];
    const code = bad ? ` (U+${bad.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})` : '';
    return `the value for {${p.xtag ?? ''}} holds a control character${code} that a Word document cannot contain`;
  }
  return p?.explanation ?? error?.message ?? `could not render ${file}`;
}

/**
 * Renders one compiled part with one row's values; docxtemplater returns it as UTF-8 bytes. The
 * merge renders the body and each header/footer per row with it, zipPerRow every templated part.
 */
export function renderPart(doc: Docxtemplater, file: string, data: Record<string, string>): Uint8Array {
  const internals = doc as unknown as DocxtemplaterInternals;
  const part = internals.compiled[file];
  delete internals.scopeManagers[file];
  part.scopeManager = internals.getScopeManager(file, part, data);
  part.allErrors = [];
  // Before its first render a compiled part's content is the template's own text: clear it, so
  // a failed render is never mistaken for a rendered part.
  delete part.content;
  part.render(file);
  const content = part.content;
  delete part.content;
  if (content === undefined) throw new Error(describeRenderError(part.allErrors[0], file));
  return content;
}

function hasTags(parts: TemplatePart[] | undefined): boolean {
  return (parts ?? []).some((p) => p.type === 'placeholder');
}

/**
 * A header/footer with placeholders: each section gets its own rendered copy, next to the original
 * (same folder, so the copy of its .rels resolves the same pictures). Sections whose rendering is
 * the same share one copy.
 */
interface SectionPart extends HeaderFooterPart {
  /** Every relationship id of the main document that names this part (usually one). */
  ids: string[];
  /** The part's own .rels (its logo picture…), copied with every copy; read once. */
  ownRels: PizZip.Data | undefined;
  /** Rendered text → relationship id of the copy holding it. */
  copies: Map<string, string>;
  /** The static text around the values, deflated once (null: the part has none worth framing). */
  frame?: PartFrame | null;
}

/** The part's frame, from two renderings in which every value differs ('a' / 'b'). */
function frameOf(doc: Docxtemplater, part: SectionPart, values: Record<string, string>): PartFrame | null {
  if (part.frame === undefined) {
    try {
      const probe = (text: string) => renderPart(doc, part.path, Object.fromEntries(Object.keys(values).map((key) => [key, text])));
      part.frame = partFrame(probe('a'), probe('b'));
    } catch {
      part.frame = null;
    }
  }
  return part.frame;
}

function perSectionParts(template: CompiledTemplate): SectionPart[] {
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
    const sectionPart = { ...part, ids: [part.id], ownRels: ownRels === undefined ? undefined : deflatedOnce(new TextEncoder().encode(ownRels)), copies: new Map() };
    byPath.set(part.path, sectionPart);
    parts.push(sectionPart);
  }
  return parts;
}

function copyPath(path: string, section: number): string {
  const dot = path.lastIndexOf('.');
  return `${path.slice(0, dot)}_s${section}${path.slice(dot)}`;
}

function concatBytes(chunks: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a template cannot be merged, checked before the first row (so no row is blamed for it). */
function templateProblem(main: string, xml: string): string | null {
  if (!/<(?:\w+:)?body\b/.test(xml) || !xml.includes('</w:body>')) return `the main document ${main} has no <w:body> element`;
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
  const sectionParts = perSectionParts(template);
  const sectionPaths = new Set(sectionParts.map((p) => p.path));

  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const body: Uint8Array[] = [];
  const failures: string[] = [];
  const newRelationships: Relationship[] = [];
  const newOverrides: { part: string; contentType: string }[] = [];
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
    ids.size === 0 ? plainBreak : encoder.encode(sectionBreakParagraph(remapReferences(sectPr, ids)));

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
      const rendered = renderPart(doc, main, values);
      if (!shell) {
        const text = decoder.decode(rendered);
        const { start, end } = bodyContent(text);
        shell = { head: encoder.encode(text.slice(0, start)), tail: encoder.encode(text.slice(end)) };
      }
      // Render every part of the row before touching the package, so a failing row leaves no trace.
      const renderedParts = sectionParts.map((part) => renderPart(doc, part.path, values));
      const ids = new Map<string, string>();
      sectionParts.forEach((part, p) => {
        const bytes = renderedParts[p];
        const text = decoder.decode(bytes);
        let id = part.copies.get(text);
        if (id === undefined) {
          if (part.copies.size === 0) {
            // The first rendering goes into the original part, under its own id.
            id = part.id;
            zip.file(part.path, bytes);
          } else {
            // Named after the first section that shows it: header1_s2.xml, rIdMerge2_rId7.
            id = `rIdMerge${sections + 1}_${part.id}`;
            const path = copyPath(part.path, sections + 1);
            const frame = frameOf(doc, part, values);
            const framed = frame && deflatedInFrame(frame, bytes);
            if (framed) zip.file(path, framed);
            else zip.file(path, bytes, SMALL_PART_OPTIONS);
            if (part.ownRels !== undefined) zip.file(relsPathOf(path), part.ownRels);
            newRelationships.push({ id, type: part.type, target: relativeTarget(main, path) });
            newOverrides.push({ part: path, contentType: part.contentType });
          }
          part.copies.set(text, id);
        }
        if (id !== part.id) for (const original of part.ids) ids.set(original, id);
      });
      let rowBody = rendered.subarray(shell.head.length, rendered.length - shell.tail.length);
      if (bodyHasReferences && ids.size > 0) rowBody = encoder.encode(remapReferences(decoder.decode(rowBody), ids));
      if (sections > 0) body.push(sectionBreak(lastSectionIds));
      body.push(rowBody);
      lastSectionIds = ids;
      firstValues ??= values;
      sections++;
    } catch (error) {
      failures.push(`Row ${args.rowNumbers?.[i] ?? i + 1}: ${failureMessage(error)}`);
    }
  }
  onProgress?.({ processed: total, total });
  if (failures.length > 0) throw new Error(`Some documents failed to generate:\n${failures.join('\n')}`);
  if (await shouldCancel?.()) throw new CancelledError();
  if (!shell || !firstValues) {
    throw new Error('Failed to create merged document: no selected row has at least 2 non-empty values');
  }

  try {
    body.unshift(shell.head);
    body.push(encoder.encode(remapReferences(sectPr, lastSectionIds)), shell.tail);
    zip.file(main, concatBytes(body));
    body.length = 0;
    // Other templated parts (document properties, footnotes, comments…) take the first merged row's values.
    const internals = doc as unknown as DocxtemplaterInternals;
    for (const file of Object.keys(internals.compiled)) {
      if (file === main || sectionPaths.has(file) || !hasTags(template.trees.get(file))) continue;
      zip.file(file, renderPart(doc, file, firstValues));
    }
    addPackageEntries(zip, mainRels, newRelationships, newOverrides);
    const bytes = withZip64End(zip.generate({ type: 'uint8array', compression: 'DEFLATE' }), Object.keys(zip.files).length);
    const buffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? (bytes.buffer as ArrayBuffer) : (bytes.slice().buffer as ArrayBuffer);
    return { buffer, fileName: mergedFileName(args.now ?? new Date()), sections, skipped };
  } catch (error) {
    throw new Error(`Failed to create merged document: ${failureMessage(error)}`);
  }
}
