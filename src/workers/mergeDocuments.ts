import type Docxtemplater from 'docxtemplater';
import { compileTemplate, MAIN_DOCUMENT, type CompiledTemplate, type TemplatePart } from './template';
import { addPackageEntries, contentTypeOf, partPath, readRelationships, relsPathOf, type Relationship } from './docxPackage';
import { bodyContent, nextPageSectPr, remapReferences, sectionBreakParagraph, splitFinalSectPr } from './sections';
import { hasEnoughData, rowValues } from './rowData';
import { mergedFileName } from './fileNames';
import { CancelledError } from './errors';

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
interface CompiledPart {
  scopeManager: unknown;
  render(to: string): unknown;
  content?: Uint8Array;
  allErrors: { message: string; properties?: { explanation?: string } }[];
}
interface DocxtemplaterInternals {
  compiled: Record<string, CompiledPart>;
  scopeManagers: Record<string, unknown>;
  getScopeManager(to: string, part: CompiledPart, data: unknown): unknown;
}

/** Renders one compiled part with one row's values; docxtemplater returns it as UTF-8 bytes. */
function renderPart(doc: Docxtemplater, file: string, data: Record<string, string>): Uint8Array {
  const internals = doc as unknown as DocxtemplaterInternals;
  const part = internals.compiled[file];
  delete internals.scopeManagers[file];
  part.scopeManager = internals.getScopeManager(file, part, data);
  part.allErrors = [];
  part.render(file);
  const content = part.content;
  delete part.content;
  if (content === undefined) {
    const error = part.allErrors[0];
    throw new Error(error?.properties?.explanation ?? error?.message ?? `could not render ${file}`);
  }
  return content;
}

function hasTags(parts: TemplatePart[] | undefined): boolean {
  return (parts ?? []).some((p) => p.type === 'placeholder');
}

interface SectionPart {
  relationship: Relationship;
  path: string;
  contentType: string;
}

/** Header/footer parts that hold placeholders: each section gets its own rendered copy. */
function perSectionParts(template: CompiledTemplate): SectionPart[] {
  return readRelationships(template.zip)
    .filter((r) => /\/(header|footer)$/.test(r.type))
    .map((relationship) => ({ relationship, path: partPath(relationship.target) }))
    .filter(({ path }) => hasTags(template.trees.get(path)))
    .map((p) => ({
      ...p,
      contentType:
        contentTypeOf(template.zip, p.path) ??
        `application/vnd.openxmlformats-officedocument.wordprocessingml.${p.relationship.type.endsWith('/header') ? 'header' : 'footer'}+xml`,
    }));
}

function copyPath(path: string, section: number): string {
  return path.replace(/\.xml$/, `_s${section}.xml`);
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

/**
 * Merges the rows into one .docx: one section per row with enough data, separated by next-page
 * section breaks (sections − 1 of them; no extra page after the last), headers/footers rendered per row.
 */
export async function mergeDocuments(args: MergeArgs): Promise<MergeResult> {
  const { rows, mapping, onProgress, shouldCancel } = args;
  const total = rows.length;
  let finalSectPr: string | null = null;
  let referencesInBody = false;
  const template = compileTemplate(args.template, (zip) => {
    const split = splitFinalSectPr(zip.file(MAIN_DOCUMENT)?.asText() ?? '');
    finalSectPr = split.finalSectPr;
    referencesInBody = /<w:(?:header|footer)Reference\b/.test(split.xml);
    zip.file(MAIN_DOCUMENT, split.xml);
  });
  const { doc, zip } = template;
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
  const bodyHasReferences = sectionPaths.size > 0 && referencesInBody;
  let firstValues: Record<string, string> | null = null;
  let sections = 0;
  let skipped = 0;
  let lastSectionIds = new Map<string, string>();
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
      const rendered = renderPart(doc, MAIN_DOCUMENT, values);
      if (!shell) {
        const text = decoder.decode(rendered);
        const { start, end } = bodyContent(text);
        shell = { head: encoder.encode(text.slice(0, start)), tail: encoder.encode(text.slice(end)) };
      }
      const section = sections + 1;
      const ids = new Map<string, string>();
      const files: [string, Uint8Array | string][] = [];
      for (const part of sectionParts) {
        const content = renderPart(doc, part.path, values);
        if (section === 1) {
          files.push([part.path, content]);
          continue;
        }
        const id = `rIdMerge${section}_${part.relationship.id}`;
        const path = copyPath(part.path, section);
        ids.set(part.relationship.id, id);
        files.push([path, content]);
        newRelationships.push({ id, type: part.relationship.type, target: copyPath(part.relationship.target, section) });
        newOverrides.push({ part: path, contentType: part.contentType });
        const ownRels = zip.file(relsPathOf(part.path));
        if (ownRels) files.push([relsPathOf(path), ownRels.asText()]);
      }
      let rowBody = rendered.subarray(shell.head.length, rendered.length - shell.tail.length);
      if (bodyHasReferences && ids.size > 0) rowBody = encoder.encode(remapReferences(decoder.decode(rowBody), ids));
      for (const [path, content] of files) zip.file(path, content);
      if (sections > 0) body.push(sectionBreak(lastSectionIds));
      body.push(rowBody);
      lastSectionIds = ids;
      firstValues ??= values;
      sections = section;
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
    zip.file(MAIN_DOCUMENT, concatBytes(body));
    // Other templated parts (document properties…) take the first merged row's values.
    const internals = doc as unknown as DocxtemplaterInternals;
    for (const file of Object.keys(internals.compiled)) {
      if (file === MAIN_DOCUMENT || sectionPaths.has(file) || !hasTags(template.trees.get(file))) continue;
      zip.file(file, renderPart(doc, file, firstValues));
    }
    addPackageEntries(zip, newRelationships, newOverrides);
    const buffer = zip.generate({ type: 'arraybuffer', compression: 'DEFLATE' });
    return { buffer, fileName: mergedFileName(args.now ?? new Date()), sections, skipped };
  } catch (error) {
    throw new Error(`Failed to create merged document: ${failureMessage(error)}`);
  }
}
