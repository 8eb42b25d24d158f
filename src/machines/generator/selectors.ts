// What the generator's screen reads from the machine, named: the components select through these,
// never by digging in the context; the machine builds its jobs through the same functions.
import type { SnapshotFrom } from 'xstate';
import type { DataSource, GenerationResult } from '../../domain/generator/generationJob';
import {
  documentOutput,
  exportBlocker,
  generateBlocker,
  isFullyMapped,
  selectedRowAt,
  selectedRowIndexes,
  zipNameColumn,
} from './rules';
import type {
  ChosenFile,
  DownloadParams,
  ExportInput,
  GeneratorContext,
  Job,
  PreviewInput,
} from './types';
import type { GeneratorMachine } from './machine';
import { required } from '../shared/required';
import { documentCount, groupFirstRows, groupingBlocker, positionCount } from './groups';
import { hasQrisField, qrisInvoiceColumn } from './pictures';

type Snapshot = SnapshotFrom<GeneratorMachine>;

// ---- the jobs the machine hands its actors ----

/** The sheet read; a job runs only in a state entered through a guard that checked the file. */
export function dataSource(context: GeneratorContext): DataSource<ChosenFile> {
  const source = {
    file: required(context.dataFile, 'The data file'),
    sheet: context.selectedSheet,
  };
  return context.headerRow === null ? source : { ...source, headerRow: context.headerRow };
}

/** Generate's job: the selected rows of the sheet read, through the template, as the output chosen. */
export function generationJob(context: GeneratorContext): Job {
  return {
    template: required(context.templateFile, 'The template'),
    data: dataSource(context),
    rows: selectedRowIndexes(context),
    mapping: context.mapping,
    formats: context.formats,
    output: outputOf(context),
    ...(context.groupBy ? { groupBy: context.groupBy } : {}),
    ...pictureSources(context),
  };
}

function outputOf(context: GeneratorContext): Job['output'] {
  const kind = documentOutput(context);
  return kind === 'zip' || kind === 'pdfPerRow'
    ? { kind, nameColumn: zipNameColumn(context) }
    : { kind };
}

/** The images and the QRIS a job's picture fields are drawn from (none when the template has none). */
function pictureSources(context: GeneratorContext): Pick<Job, 'images' | 'qris'> {
  const images = context.imageFiles.map((file) => ({ name: file.name, file }));
  return {
    ...(images.length > 0 ? { images } : {}),
    ...(hasQrisField(context)
      ? { qris: { payload: context.qrisPayload, invoiceColumn: qrisInvoiceColumn(context) } }
      : {}),
  };
}

/** The table index of the row Preview Row shows at `position`: a selected row, or a group's first. */
export function previewRowAt(context: GeneratorContext, position: number): number {
  if (!context.groupBy) return selectedRowAt(context, position);
  return groupFirstRows(context)[position] ?? -1;
}

/** Preview Row's job: the selected row at previewPosition, or (grouped) its group among the selected rows. */
export function previewInput(context: GeneratorContext): PreviewInput {
  const { templateFile, mapping, formats, groupBy } = context;
  const job = {
    template: required(templateFile, 'The template'),
    data: dataSource(context),
    mapping,
    formats,
    ...pictureSources(context),
  };
  return {
    job: groupBy ? { ...job, groupBy, rows: selectedRowIndexes(context) } : job,
    row: previewRowAt(context, context.previewPosition),
  };
}

/** Export to XLSX's job: the mapped columns of the selected rows. */
export function exportJob(context: GeneratorContext): ExportInput {
  return { data: dataSource(context), rows: selectedRowIndexes(context), mapping: context.mapping };
}

export function downloadOf(result: GenerationResult): DownloadParams {
  return { file: result.file, fileName: result.fileName };
}

// ---- what the steps show ----

/**
 * Step 3 is shown when data rows exist and there is something to map: the template's placeholders
 * (docs/product.md#flows), or with the e-Faktur output Coretax's fields (docs/efaktur.md).
 */
export function showsMappingStep(context: GeneratorContext): boolean {
  return (
    context.table.rowCount > 0 && (context.placeholders.length > 0 || context.output === 'efaktur')
  );
}

/**
 * Step 4 is shown when data rows exist and either a template with placeholders
 * (docs/product.md#flows) or none yet: its Output control offers e-Faktur XML, which needs no
 * template (docs/efaktur.md). A template without placeholders hides it, unless e-Faktur is the output.
 */
export function showsGenerateStep(context: GeneratorContext): boolean {
  if (context.table.rowCount === 0) return false;
  return (
    context.output === 'efaktur' || context.templateFile === null || context.placeholders.length > 0
  );
}

/** The work in progress, as the processing panel names it; null when idle. */
function processingStep(s: Snapshot) {
  // The split is short and follows the conversion: the panel names both 'converting'.
  if (s.matches({ generating: 'converting' }) || s.matches({ generating: 'splitting' }))
    return 'converting';
  if (s.matches('generating')) return 'generating';
  if (s.matches('exporting')) return 'exporting';
  if (s.matches('analysingTemplate')) return 'analysing';
  if (s.matches('readingWorkbook') || s.matches('readingSheet') || s.matches('readingHeaderRow'))
    return 'reading';
  if (s.matches('previewing')) return 'previewing';
  return null;
}

export const select = {
  processing: (s: Snapshot) => s.hasTag('processing'),
  processingStep,
  progress: (s: Snapshot) => s.context.progress,
  /** Pages converted and expected while the server converts; null before it says. */
  pdfPages: (s: Snapshot) =>
    s.matches({ generating: 'converting' }) ? (s.context.pdfRun?.progress ?? null) : null,
  // step 1
  templateFile: (s: Snapshot) => s.context.templateFile,
  dataFile: (s: Snapshot) => s.context.dataFile,
  sheetNames: (s: Snapshot) => s.context.sheetNames,
  selectedSheet: (s: Snapshot) => s.context.selectedSheet,
  imageFiles: (s: Snapshot) => s.context.imageFiles,
  imageNames: (s: Snapshot) => s.context.imageNames,
  // step 2
  headers: (s: Snapshot) => s.context.headers,
  /** The sheet's row the columns were read from (1-based); null before a sheet is read. */
  headerRow: (s: Snapshot) => s.context.table.headerRow,
  /** The header row the user chose; null while the reader's own is used. */
  chosenHeaderRow: (s: Snapshot) => s.context.headerRow,
  table: (s: Snapshot) => s.context.table,
  hasRows: (s: Snapshot) => s.context.table.rowCount > 0,
  selection: (s: Snapshot) => s.context.selection,
  selectedCount: (s: Snapshot) => s.context.selectedCount,
  /** The row filter's text, and the table indexes it shows (null: every row). */
  filterQuery: (s: Snapshot) => s.context.filter.query,
  filterMatches: (s: Snapshot) => s.context.filter.matches,
  // step 3
  showsMappingStep: (s: Snapshot) => showsMappingStep(s.context),
  placeholders: (s: Snapshot) => s.context.placeholders,
  mapping: (s: Snapshot) => s.context.mapping,
  formats: (s: Snapshot) => s.context.formats,
  fieldFormats: (s: Snapshot) => s.context.fieldFormats,
  groupBy: (s: Snapshot) => s.context.groupBy,
  sections: (s: Snapshot) => s.context.sections,
  groupingProblem: (s: Snapshot) => groupingBlocker(s.context),
  hasQrisField: (s: Snapshot) => hasQrisField(s.context),
  qrisInvoiceColumn: (s: Snapshot) => qrisInvoiceColumn(s.context),
  qrisPayload: (s: Snapshot) => s.context.qrisPayload,
  /** Documents Generate makes: groups when grouped, else selected rows. */
  documentCount: (s: Snapshot) => documentCount(s.context),
  /** Rows (grouped: groups) Preview Row walks through. */
  positionCount: (s: Snapshot) => positionCount(s.context),
  // step 4
  showsGenerateStep: (s: Snapshot) => showsGenerateStep(s.context),
  canGenerate: (s: Snapshot) => s.can({ type: 'generator.generate' }),
  canExport: (s: Snapshot) => s.can({ type: 'generator.export' }),
  canPreview: (s: Snapshot) => s.can({ type: 'generator.previewRow' }),
  /** Why Generate / Export cannot run, shown while nothing runs. */
  generateHint: (s: Snapshot) => (s.hasTag('processing') ? null : generateBlocker(s.context)),
  exportHint: (s: Snapshot) => (s.hasTag('processing') ? null : exportBlocker(s.context)),
  unmapped: (s: Snapshot) => !isFullyMapped(s.context),
  generating: (s: Snapshot) => s.matches('generating'),
  exporting: (s: Snapshot) => s.matches('exporting'),
  output: (s: Snapshot) => s.context.output,
  pdfAvailable: (s: Snapshot) => s.context.pdfAvailable,
  lastRun: (s: Snapshot) => (s.hasTag('processing') ? null : s.context.lastRun),
  nameColumn: (s: Snapshot) => zipNameColumn(s.context),
  // the preview and the messages
  preview: (s: Snapshot) => s.context.preview,
  canPreviewNext: (s: Snapshot) => s.can({ type: 'generator.previewNext' }),
  canPreviewPrevious: (s: Snapshot) => s.can({ type: 'generator.previewPrevious' }),
  error: (s: Snapshot) => s.context.error,
  warning: (s: Snapshot) => s.context.warning,
  success: (s: Snapshot) => s.context.success,
};
