// 'One file per row (.zip)': each row with enough data fills the template on its own and the
// documents are packed in a zip. The template is compiled once (compileTemplate) and its templated
// parts rendered again per row the way the merge renders them (PartRenderer: through their frame,
// else docxtemplater): merging each row with mergeDocuments recompiled the template every time,
// 13× the time of the merged document at 10,000 rows (npm run bench). Each row's .docx is written
// as writeZip would write it: the template's other parts keep the compressed bytes they were read
// with, and only the row's rendered parts are deflated. The zip is a Blob that holds the untouched
// parts once and refers to them from every row's file (sharedZip.ts).
import { safeFileBase, uniqueFileNames } from '../../domain/generator/outputFileName';
import { localDateStamp } from './fileNames';
import type { MergeProgress } from './mergeDocuments';
import { PartRenderer, type RenderedPart, type TemplateValues } from './partRenderer';
import { hasEnoughData, rowValues } from '../read';
import { compileTemplate, type CompiledTemplate, joinChunks, relsPathOf } from '../template';
import { PicturePlacer, type Media, type PictureSources } from './pictures';
import { deflateSmall } from '../package';
import { FramedDeflate } from '../package';
import { entriesOf, type ZipEntry } from '../package';
import { SharedZip } from '../package';
import { OUTPUT_MIME, type StageResult } from '../../domain/generator/generationJob';
import { errorText } from '../../domain/text/errorText';

interface ZipPerRowArgs {
  /** The template's bytes, or the template compiled once (the worker's cache). */
  template: ArrayBuffer | CompiledTemplate;
  rows: Record<string, string>[];
  /** placeholder → row key. */
  mapping: Record<string, string>;
  /** Per row, the text its file is named by ('' → 'Row n'). */
  names: string[];
  /** Row numbers as the preview shows them, for names and messages. */
  rowNumbers: number[];
  onProgress?: (progress: MergeProgress) => void;
  now?: Date;
  /** Grouped rows: a file per group (names and rowNumbers then per group), as in mergeDocuments. */
  groups?: { readonly values: readonly TemplateValues[]; readonly skipped: number };
  /** What the template's picture tags are drawn from (merge/pictures.ts). */
  pictures?: PictureSources;
}

const PROGRESS_MS = 100;
/** Frames of one part with and without each picture: a few; past this a row is deflated whole. */
const MAX_SHAPES = 8;

function zipFileName(now: Date): string {
  return `Invoices_${localDateStamp(now)}.zip`;
}

/** The parts that hold placeholders: the only ones that differ from row to row. */
function templatedParts(template: CompiledTemplate): string[] {
  return [...template.trees].flatMap(([file, tree]) =>
    tree.some((part) => part.type === 'placeholder') ? [file] : [],
  );
}

/**
 * One .docx per row in one zip; the same skip rule (2 filled values) and error texts as the merge.
 * Its count is the files, its section names the files' names in order, its warnings the picture
 * fields some rows got no picture for; the zip comes as a Blob (application/zip).
 */
export async function zipPerRow(args: ZipPerRowArgs): Promise<StageResult<Blob>> {
  const { rows, groups } = args;
  const total = groups ? groups.values.length : rows.length;
  const kept: number[] = [];
  for (let i = 0; i < total; i++) if (groups || hasEnoughData(rows[i])) kept.push(i);
  const skipped = groups ? groups.skipped : total - kept.length;
  if (kept.length === 0) {
    throw new Error(
      'Failed to create merged document: no selected row has at least 2 non-empty values',
    );
  }
  const names = uniqueFileNames(
    kept.map((i) => safeFileBase(args.names[i] ?? '', `Row ${args.rowNumbers[i] ?? i + 1}`)),
    '.docx',
  );
  const template =
    args.template instanceof ArrayBuffer ? compileTemplate(args.template) : args.template;
  const now = args.now ?? new Date();
  const pictures = new PicturePlacer(template, args.pictures, kept.length);
  try {
    return await writeFiles({ ...args, template, kept, names, skipped, now }, pictures);
  } finally {
    pictures.close();
  }
}

/** A row's file waiting for its QR codes (drawn in a thread: pictures/qrDrawer.ts). */
interface Waiting {
  readonly name: string;
  readonly entries: ZipEntry[];
  readonly media: readonly Media[];
}

const NO_MEDIA: readonly Media[] = [];

/** Lets the picture thread's answers in (they come as messages). */
const answersIn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function writeFiles(
  args: ZipPerRowArgs & {
    template: CompiledTemplate;
    kept: number[];
    names: string[];
    skipped: number;
    now: Date;
  },
  pictures: PicturePlacer,
): Promise<StageResult<Blob>> {
  const { template, kept, names, now, onProgress, groups, rows } = args;
  const total = groups ? groups.values.length : rows.length;
  const valuesAt = (i: number): TemplateValues =>
    groups ? groups.values[i] : rowValues(rows[i], args.mapping);
  const encoder = new TextEncoder();
  const renderers = new Map(
    templatedParts(template).map((part) => [
      part,
      new PartRenderer(template.doc, part, template.trees.get(part), encoder),
    ]),
  );
  /**
   * Per part, its frame's deflaters (framedDeflate.ts), each made from the first framed rendering
   * of its shape: a row whose picture tag draws nothing has fewer segments than one that draws.
   */
  const deflaters = new Map<string, FramedDeflate[]>();
  const deflated = (part: string, { chunks, framed }: RenderedPart) => {
    if (!framed) return deflateSmall(joinChunks(chunks));
    let known = deflaters.get(part);
    if (!known) deflaters.set(part, (known = []));
    let deflater = known.find((d) => d.fits(chunks));
    if (!deflater && known.length < MAX_SHAPES) {
      deflater = new FramedDeflate(chunks.filter((_, c) => c % 2 === 0));
      known.push(deflater);
    }
    return deflater ? deflater.encode(chunks) : deflateSmall(joinChunks(chunks));
  };
  // The template's entries in its own order; the templated ones are replaced per row.
  const base = entriesOf(template.zip);
  const files = new SharedZip(base, now);
  /** Per templated part, its renderer and where its entry is in `base` (-1: none). */
  const parts = [...renderers].map(([part, renderer]) => ({
    part,
    renderer,
    at: base.findIndex((entry) => entry.name === part),
  }));
  /** Sets the .rels of `part`, which shows `media`, in `entries` (replaced, or added at the end). */
  const withPictureRels = (entries: ZipEntry[], part: string, media: readonly Media[]) => {
    const rels = relsPathOf(part);
    const { data, size, crc } = pictures.deflatedRels(part, media);
    const at = base.findIndex((entry) => entry.name === rels);
    if (at >= 0) entries[at] = { name: rels, date: base[at].date, method: 8, data, size, crc };
    else entries.push({ name: rels, method: 8, data, size, crc });
  };
  // Files are written in row order, each once its QR codes are drawn.
  const waiting: Waiting[] = [];
  const writeDrawn = () => {
    while (waiting.length > 0 && PicturePlacer.drawn(waiting[0].media)) {
      const { name, entries, media } = waiting.shift()!;
      files.add(name, media.length > 0 ? [...entries, ...pictures.mediaEntries(media)] : entries);
    }
  };
  const failures: string[] = [];
  let lastReport = Date.now();
  onProgress?.({ processed: 0, total });
  for (let k = 0; k < kept.length; k++) {
    const i = kept[k];
    if (Date.now() - lastReport >= PROGRESS_MS) {
      onProgress?.({ processed: i, total });
      if (waiting.length > 0) await answersIn();
      lastReport = Date.now();
    }
    try {
      let values = valuesAt(i);
      if (pictures.active) values = pictures.startRow(values, args.rowNumbers[i] ?? i + 1);
      // Render every part of the row before writing its file, so a failing row leaves no file.
      const placed = parts.map(({ renderer }) => pictures.place(renderer.render(values), true));
      // The base's entries, the templated ones replaced by the row's (object literals, not
      // spreads: a spread here cost ≈ 2.5 µs an entry in V8, more than deflating the part).
      const entries = base.slice();
      for (let p = 0; p < parts.length; p++) {
        const { part, at } = parts[p];
        if (at < 0) continue;
        const { data, size, crc } = deflated(part, placed[p]);
        const { name, date } = base[at];
        entries[at] = { name, date, method: 8, data, size, crc };
      }
      // A part showing pictures names them in its .rels; each picture is one media part.
      const shown: Media[] = [];
      for (let p = 0; p < parts.length; p++) {
        const { media } = placed[p];
        if (media.length === 0) continue;
        withPictureRels(entries, parts[p].part, media);
        shown.push(...media);
      }
      // A .docx is already deflated: stored as it is, the zip is built much faster.
      const media = shown.length > 0 ? [...new Set(shown)] : NO_MEDIA;
      waiting.push({ name: names[k], entries, media });
      writeDrawn();
    } catch (error) {
      failures.push(`Row ${args.rowNumbers[i] ?? i + 1}: ${errorText(error)}`);
    }
  }
  onProgress?.({ processed: total, total });
  if (failures.length > 0)
    throw new Error(`Some documents failed to generate:\n${failures.join('\n')}`);
  await pictures.finish();
  writeDrawn();
  return {
    kind: 'zip',
    bytes: files.finish(OUTPUT_MIME.zip),
    fileName: zipFileName(now),
    count: kept.length,
    sectionNames: names,
    skipped: args.skipped,
    warnings: pictures.warnings(),
  };
}
