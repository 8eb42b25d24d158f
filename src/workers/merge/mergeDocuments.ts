import { relsPathOf, joinChunks, shortBytes } from '../template';
import { CopyNames } from './copyNames';
import { bodyContent, breakFrame, remapReferences, sectionBreakParagraph } from './sections';
import { hasEnoughData, rowValues } from '../read';
import { mergedFileName } from './fileNames';
import { renderPart } from '../internals';
import { deflatedInFrame, deflateSmall, framedLength, writeFromChunks } from '../package';
import { StreamingDeflate } from '../package';
import {
  deflatedEntry,
  EntryBlock,
  entriesOf,
  MAX_CLASSIC_ENTRIES,
  sealingEntryBlock,
  writeZip,
  zipBlob,
  type ZipEntry,
} from '../package';
import { hasTags, PartRenderer, type RenderedPart, type TemplateValues } from './partRenderer';
import { copyPath, frameOf, perSectionParts } from './sectionParts';
import { prepareMergeTemplate, type MergeTemplate } from './mergeTemplate';
import { SECTION_MARKER_PARAGRAPH } from './splitPdf';
import { PicturePlacer, type Media, type PictureSources } from './pictures';
import { remapNoteReferences, SectionNotes } from './sectionNotes';
import { errorText } from '../../domain/text/errorText';
import { OUTPUT_MIME, type StageResult } from '../../domain/generator/generationJob';

export interface MergeProgress {
  processed: number;
  total: number;
}

interface MergeArgs {
  /** The template's bytes, or the template compiled for merging once (the worker's cache). */
  template: ArrayBuffer | MergeTemplate;
  /** The selected rows, in output order. */
  rows: Record<string, string>[];
  /** placeholder → column. */
  mapping: Record<string, string>;
  /** Row numbers for error messages ('Row n: …'); defaults to the 1-based position in `rows`. */
  rowNumbers?: number[];
  onProgress?: (progress: MergeProgress) => void;
  now?: Date;
  /** Start each section with the outline marker the PDF split looks for (see splitPdf.ts). */
  markSections?: boolean;
  /**
   * Grouped rows (groupRows.ts): a section per group, rendered with its values, instead of one per
   * row of `rows`; `skipped` counts the rows left out of every group. `rowNumbers` are then per group.
   */
  groups?: { readonly values: readonly TemplateValues[]; readonly skipped: number };
  /** What the template's picture tags are drawn from (merge/pictures.ts). */
  pictures?: PictureSources;
  /**
   * The document as the Blob the page gets (package/zipBlob.ts: its bytes written once, into the
   * Blob) rather than as an ArrayBuffer.
   */
  asBlob?: boolean;
}

/**
 * A merged document of more parts than a classic zip counts is written as ZIP64, which Word and
 * zip tools read; LibreOffice (7.4 and 25.2 tried) refuses any package of more than 65,535 parts.
 */
export function largeDocumentWarning(parts: number): string | null {
  if (parts <= MAX_CLASSIC_ENTRIES) return null;
  return `The merged document has ${parts.toLocaleString('en-US')} parts: Word opens it, LibreOffice opens documents of at most ${MAX_CLASSIC_ENTRIES.toLocaleString('en-US')} parts. To open it in LibreOffice, generate fewer rows at a time or one file per row.`;
}

/** Progress at least this often (the screen promises an update every 250 ms). */
const CHUNK_MS = 100;

/**
 * Merges the rows into one .docx: one section per row with enough data, separated by next-page
 * section breaks (sections − 1 of them; no extra page after the last), headers/footers rendered per row.
 * Its count is the sections; its warnings name picture fields some rows got no picture for, and a
 * package past what LibreOffice opens. Cancel ends the worker (bridge.ts): no check here.
 * Every step per row costs the same whatever the row number: the package grows only by appending
 * (no look-up walks the zip's entries), the body is a list of byte chunks joined once at the end.
 */
export async function mergeDocuments(
  args: MergeArgs & { asBlob: true },
): Promise<StageResult<Blob>>;
export async function mergeDocuments(args: MergeArgs): Promise<StageResult<ArrayBuffer>>;
export async function mergeDocuments(args: MergeArgs): Promise<StageResult> {
  const prepared =
    args.template instanceof ArrayBuffer ? prepareMergeTemplate(args.template) : args.template;
  const total = args.groups ? args.groups.values.length : args.rows.length;
  const pictures = new PicturePlacer(prepared.template, args.pictures, total);
  // The picture thread (if any) ends with the run, whichever way it ends.
  try {
    return await merge(args, prepared, pictures);
  } finally {
    pictures.close();
  }
}

async function merge(
  args: MergeArgs,
  prepared: MergeTemplate,
  pictures: PicturePlacer,
): Promise<StageResult> {
  const { rows, mapping, onProgress, groups } = args;
  const total = groups ? groups.values.length : rows.length;
  const { template, sectPr, referencesInBody } = prepared;
  const { doc, zip, main, mainRels } = template;
  const encoder = new TextEncoder();
  // A part saved with a byte order mark keeps it: the frame's segments are compared byte for byte.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  const sectionParts = perSectionParts(template, encoder);
  const sectionPaths = new Set(sectionParts.map((p) => p.path));
  const mainRenderer = new PartRenderer(doc, main, template.trees.get(main), encoder);
  const notes = new SectionNotes(doc, template);
  const notesPaths = notes.paths;
  /** Pictures the body shows: each named once in the main part's .rels. */
  const bodyMedia = new Set<Media>();

  /** The merged main part, deflated as each row is rendered (started with the first row: it needs the shell). */
  let body: StreamingDeflate | null = null;
  const failures: string[] = [];
  const names = new CopyNames(zip, main, mainRels);
  /** The header/footer copies and their .rels, written after the template's own parts. */
  // Written into the page's Blob 4 MB at a time as they come, the QR codes with them.
  const copies: EntryBlock<Blob> = args.asBlob
    ? sealingEntryBlock(args.now)
    : new EntryBlock(args.now);
  if (args.asBlob) pictures.writeCodesInto(copies);
  /** Template parts written as this merge renders them (the compiled template is never changed). */
  const replaced = new Map<string, ZipEntry>();
  // The text around the body has no tags, so it renders to the same bytes for every row.
  let shell: { head: Uint8Array; tail: Uint8Array } | null = null;
  // A template with its own section breaks references headers inside the body too.
  const bodyHasReferences = sectionParts.length > 0 && referencesInBody;
  let firstValues: TemplateValues | null = null;
  let sections = 0;
  let skipped = groups?.skipped ?? 0;
  let lastSectionIds: ReadonlyMap<string, string> = new Map();
  let chunkStart = Date.now();
  const marker = args.markSections ? encoder.encode(SECTION_MARKER_PARAGRAPH) : null;
  // The section break after a row, pointing at that row's header/footer copies.
  const sectionBreak = breakFrame(sectionBreakParagraph(sectPr), encoder);
  const pushBreak = (body: StreamingDeflate, ids: ReadonlyMap<string, string>) => {
    const { segments } = sectionBreak;
    for (let k = 0; k < segments.length; k++) {
      body.push(segments[k]);
      if (k < sectionBreak.ids.length) {
        const id = sectionBreak.ids[k];
        body.push(shortBytes(ids.get(id) ?? id, encoder));
      }
    }
  };
  /** The row's body with its header/footer and note references pointing at the row's copies. */
  const remapBody = (
    rendered: RenderedPart,
    ids: ReadonlyMap<string, string>,
    noteIds: ReadonlyMap<string, string>,
  ): Uint8Array[] =>
    rendered.chunks.map((chunk, c) => {
      // Escaped values hold no '<', so no reference; of the frame's segments only those naming one change.
      if (rendered.framed && (c % 2 === 1 || !mainRenderer.segmentNamesPart(c / 2))) return chunk;
      const xml = decoder.decode(chunk);
      return encoder.encode(remapNoteReferences(remapReferences(xml, ids), noteIds));
    });

  onProgress?.({ processed: 0, total });
  for (let i = 0; i < total; i++) {
    if (Date.now() - chunkStart >= CHUNK_MS) {
      onProgress?.({ processed: i, total });
      chunkStart = Date.now();
    }
    let values: TemplateValues;
    if (groups) values = groups.values[i];
    else if (hasEnoughData(rows[i])) values = rowValues(rows[i], mapping);
    else {
      skipped++;
      continue;
    }
    if (pictures.active) values = pictures.startRow(values, args.rowNumbers?.[i] ?? i + 1);
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
      const rendered = pictures.place(mainRenderer.render(values));
      const renderedParts = sectionParts.map((part) =>
        pictures.place(part.renderer.render(values)),
      );
      const ids = new Map<string, string>();
      sectionParts.forEach((part, p) => {
        const { chunks, key, framed, media } = renderedParts[p];
        // The rendering joined into one array, made at most once and only when needed.
        let joined: Uint8Array | null = null;
        const bytes = () => (joined ??= joinChunks(chunks));
        const copyKey = key ?? `\u0001${decoder.decode(bytes())}`;
        let id = part.copies.get(copyKey);
        if (id === undefined) {
          if (part.copies.size === 0) {
            // The first rendering goes into the original part, under its own id.
            id = part.id;
            replaced.set(part.path, deflatedEntry(part.path, bytes()));
            if (media.length > 0) {
              const rels = relsPathOf(part.path);
              const xml = pictures.partRels(part.path, media);
              replaced.set(rels, deflatedEntry(rels, encoder.encode(xml)));
            }
          } else {
            // Named after the first section that shows it: header1_s2.xml, rIdMerge2_rId7.
            id = names.add(part, sections + 1);
            const path = copyPath(part.path, sections + 1);
            const frame = frameOf(doc, part, values);
            if (frame && framed && part.renderer.ends()) {
              copies.add(path, framedLength(frame, chunks), (out, at) =>
                writeFromChunks(frame, chunks, out, at),
              );
            } else {
              copies.addDeflated(
                path,
                (frame && deflatedInFrame(frame, bytes())) ?? deflateSmall(bytes()),
              );
            }
            if (media.length > 0) {
              copies.addDeflated(relsPathOf(path), pictures.deflatedRels(part.path, media, path));
            } else if (part.ownRels !== undefined)
              copies.addDeflated(relsPathOf(path), part.ownRels);
          }
          part.copies.set(copyKey, id);
        }
        if (id !== part.id) for (const original of part.ids) ids.set(original, id);
      });
      // The notes render last of the row's parts: a row that fails leaves no copy of them.
      const noteIds = notes.render(values, sections);
      if (!body) {
        body = new StreamingDeflate();
        body.push(shell.head);
      }
      for (const media of rendered.media) {
        if (bodyMedia.has(media)) continue;
        bodyMedia.add(media);
        names.addRelationships(pictures.relationshipLines(main, [media]));
      }
      if (sections > 0) pushBreak(body, lastSectionIds);
      if (marker) body.push(marker);
      for (const chunk of (bodyHasReferences && ids.size > 0) || noteIds.size > 0
        ? remapBody(rendered, bodyHasReferences ? ids : new Map(), noteIds)
        : rendered.chunks)
        body.push(chunk);
      lastSectionIds = ids;
      firstValues ??= values;
      sections++;
    } catch (error) {
      failures.push(`Row ${args.rowNumbers?.[i] ?? i + 1}: ${errorText(error)}`);
    }
  }
  onProgress?.({ processed: total, total });
  if (failures.length > 0)
    throw new Error(`Some documents failed to generate:\n${failures.join('\n')}`);
  if (!shell || !firstValues || !body) {
    throw new Error(
      'Failed to create merged document: no selected row has at least 2 non-empty values',
    );
  }

  await pictures.finish();
  try {
    body.push(encoder.encode(remapReferences(sectPr, lastSectionIds)));
    body.push(shell.tail);
    replaced.set(main, { name: main, method: 8, ...body.finish() });
    for (const [file, xml] of notes.entries())
      replaced.set(file, deflatedEntry(file, encoder.encode(xml)));
    // Other templated parts (document properties, comments…) take the first merged row's values.
    for (const file of template.trees.keys()) {
      if (file === main || sectionPaths.has(file) || notesPaths.has(file)) continue;
      if (!hasTags(template.trees.get(file))) continue;
      replaced.set(file, deflatedEntry(file, renderPart(doc, file, firstValues)));
    }
    for (const entry of names.entries()) replaced.set(entry.name, entry);
    for (const entry of pictures.mediaEntries()) replaced.set(entry.name, entry);
    const entries = entriesOf(zip, replaced);
    const bytes = args.asBlob
      ? zipBlob(entries, OUTPUT_MIME.merged, args.now, copies)
      : writeZip(entries, args.now, copies).buffer;
    // Parts (zip entries): a header, footer and .rels copy per section add up.
    const large = largeDocumentWarning(entries.length + copies.count);
    return {
      kind: 'merged',
      bytes,
      fileName: mergedFileName(args.now ?? new Date()),
      count: sections,
      skipped,
      warnings: large ? [...pictures.warnings(), large] : pictures.warnings(),
    };
  } catch (error) {
    throw new Error(`Failed to create merged document: ${errorText(error)}`, { cause: error });
  }
}
