// Generate in the worker (docs/generator.md, "Outputs"): the job's rows are read once through its
// mapping, then the output's entry of OUTPUTS compiles the template it needs and makes the file.
// A new output is one member of GenerationOutput (src/domain/generator/generationJob.ts) and one entry here.
import {
  OUTPUT_MIME,
  type GenerationResult,
  type Mapping,
  type OutputKind,
  type QrisSource,
  type StageResult,
  type WorkerJob,
} from '../domain/generator/generationJob';
import { safeFileBase, uniqueFileNames } from '../domain/generator/outputFileName';
import {
  createTemplateCache,
  mergeDocuments,
  QRIS_INVOICE_KEY,
  readSelection,
  zipPerRow,
  type MergeProgress,
  type PictureSources,
} from './merge';
import { hasEnoughData, type SheetCells } from './read';
import { sectionTags, type CompiledTemplate } from './template';

type Templates = ReturnType<typeof createTemplateCache>;

/** What an output is made with: the job, its sheet, the template cache, progress and pictures. */
export interface GenerateContext {
  readonly job: WorkerJob;
  readonly data: SheetCells;
  readonly templates: Templates;
  readonly onProgress?: (progress: MergeProgress) => void;
  readonly pictures: () => Promise<PictureSources>;
}

/**
 * A stage's result with its file as a Blob of its type, made here rather than on the page (the zip
 * of one file per row comes as a Blob already: package/sharedZip.ts).
 */
export function answer({ bytes, ...result }: StageResult): GenerationResult {
  const file =
    bytes instanceof Blob ? bytes : new Blob([bytes], { type: OUTPUT_MIME[result.kind] });
  return { ...result, file };
}

/** A job's mapping with the column of the QRIS's invoice number, read like a field's. */
export function withInvoiceColumn(mapping: Mapping, qris: QrisSource | undefined): Mapping {
  return qris?.invoiceColumn ? { ...mapping, [QRIS_INVOICE_KEY]: qris.invoiceColumn } : mapping;
}

/** 'Row n: …' names a row as the preview numbers it (1-based). */
const rowNumbers = (rows: ArrayLike<number>) => Array.from(rows, (index) => index + 1);

/** The selected rows read through the mapping for a template's sections and Word fields. */
async function selected(
  { job, data, onProgress, pictures }: GenerateContext,
  { trees, wordFields }: Pick<CompiledTemplate, 'trees' | 'wordFields'>,
) {
  // Grouped, a section stands for its group's first row (sectionRows): it names it in messages.
  const { rows, mapping, warnings, groups, sectionRows } = readSelection({
    sheet: data,
    rowIndexes: job.rows,
    mapping: withInvoiceColumn(job.mapping, job.qris),
    formats: job.formats,
    groupBy: job.groupBy,
    sections: sectionTags(trees.values()),
    wordFields,
  });
  const common = {
    rows,
    mapping,
    rowNumbers: rowNumbers(sectionRows),
    now: job.now,
    onProgress: onProgress ? (p: MergeProgress) => void onProgress(p) : undefined,
    groups,
    pictures: await pictures(),
  };
  /** Each section's text of `column`. */
  const namesBy = (column: string) => {
    const nameAt = data.headers.indexOf(column);
    return Array.from(sectionRows, (index) =>
      nameAt < 0 ? '' : (data.cells[index][nameAt] ?? ''),
    );
  };
  return { warnings, common, namesBy };
}

/**
 * One merged document, a section per row. For the PDF outputs its sections are marked: the server
 * converts a long document in chunks cut at the markers, and for 'pdfPerRow' the PDF is split at
 * them and its sections named (docs/pdf-chunks.md).
 */
async function merged(context: GenerateContext): Promise<GenerationResult> {
  const { output } = context.job;
  const template = await context.templates.forMerge(context.job);
  const { warnings, common, namesBy } = await selected(context, template.template);
  // 'pdf' and 'pdfPerRow' answer the merged .docx; the page has the server convert it.
  const made = await mergeDocuments({
    ...common,
    template,
    markSections: output.kind === 'pdfPerRow' || output.kind === 'pdf',
    asBlob: true,
  });
  let sectionNames: string[] | undefined;
  if (output.kind === 'pdfPerRow') {
    const names = namesBy(output.nameColumn);
    const kept = common.groups
      ? common.groups.first.map((_, g) => g)
      : common.rows.flatMap((row, i) => (hasEnoughData(row) ? [i] : []));
    sectionNames = uniqueFileNames(
      kept.map((i) => safeFileBase(names[i] ?? '', `Row ${common.rowNumbers[i] ?? i + 1}`)),
      '.pdf',
    );
  }
  return answer({
    ...made,
    warnings: [...warnings, ...made.warnings],
    ...(sectionNames ? { sectionNames } : {}),
  });
}

/** One .docx per row in a zip, each named by the text of the output's column. */
async function perRow(context: GenerateContext): Promise<GenerationResult> {
  const { output } = context.job;
  if (output.kind !== 'zip') throw new TypeError(`perRow made for ${output.kind}`);
  const template = await context.templates.forZip(context.job);
  const { warnings, common, namesBy } = await selected(context, template);
  const zip = await zipPerRow({ ...common, template, names: namesBy(output.nameColumn) });
  return answer({ ...zip, warnings: [...warnings, ...zip.warnings] });
}

/** What makes each output. */
const OUTPUTS: Record<OutputKind, (context: GenerateContext) => Promise<GenerationResult>> = {
  merged,
  zip: perRow,
  pdf: merged,
  pdfPerRow: merged,
};

/** Runs a job: the file its output names. */
export function generate(context: GenerateContext): Promise<GenerationResult> {
  return OUTPUTS[context.job.output.kind](context);
}
