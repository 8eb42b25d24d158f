// Rules and texts of the generator (docs/product.md#flows, #input-rules, #messages, #limits) as pure functions of the machine's
// context: the machine's guards use them, and so may the screen (step visibility, hints).
import { autoMapFields, documentCount, groupingBlocker, needsColumn } from './groups';
import { pictureBlocker } from './pictures';
import { dataFileTooLarge, GENERATOR_FILE_TOO_LARGE, LIMITS } from '../../domain/constants';
import { formatFileSize } from '../../domain/text/fileSize';
import { isValueFormat, type ValueFormat } from '../../domain/values/valueFormat';
import type { OutputKind } from '../../domain/generator/generationJob';
import type { ChosenFile, Formats, GeneratorContext, Mapping } from './types';

// ---- rules and texts of docs/product.md#input-rules / #messages / #limits ----

const MAX_UPLOAD_BYTES = LIMITS.generatorFileBytes;

export const messages = {
  invalidDocx: 'Please select a valid Word template (.docx, .dotx or .docm)',
  macrosDropped:
    "The template's macros were dropped: the generated document is a .docx without them.",
  invalidExcel:
    'Please select a valid Excel, ODS or CSV file (.xlsx, .xls, .xlsm, .ods, .csv, .tsv or .txt)',
  tooLarge: GENERATOR_FILE_TOO_LARGE,
  noPlaceholders:
    'Warning: No placeholders found in template. Make sure your template contains {placeholder} tags.',
  needTemplateAndRows: 'Please upload a template and select data rows',
  efakturOutput:
    'The e-Faktur XML output is made from the rows, not the template: use Download e-Faktur.',
  mailOutput: 'The e-mail outputs are sent by the server, not downloaded: use Send e-mails.',
  noRowMakesDocument:
    'No document to make: every selected row has fewer than 2 values. Select rows with at least 2 values, or choose a sheet with more columns.',
  needRowsToExport: 'Please select data rows to export',
  needMappingToExport: 'Please map all template fields before exporting',
  reset: 'All data has been reset. You can start fresh!',
  generationCancelled: 'Generation cancelled',
  exportCancelled: 'Export cancelled',
  analysisCancelled: 'Template analysis cancelled',
  readingCancelled: 'Reading the Excel file cancelled',
  readExcel: (detail: string) => `Error reading Excel file: ${detail}`,
  headerRowInvalid: 'The header row is a row number: 1 or more.',
  /** A header row the sheet cannot take, named with its file (the detail names row and sheet). */
  headerRow: (fileName: string, detail: string) => `${fileName}: ${detail}`,
  readSheet: (detail: string) => `Error reading Excel sheet: ${detail}`,
  generate: (detail: string) => `Error generating documents: ${detail}`,
  exportXlsx: (detail: string) => `Error exporting to XLSX: ${detail}`,
  generated: (sections: number, skipped: number) =>
    `Successfully generated merged document with ${count(sections, 'section')}` +
    skippedNote(skipped),
  zipped: (files: number, fileName: string, skipped: number) =>
    `Successfully generated ${count(files, 'file')} in ${fileName}` + skippedNote(skipped),
  generatedPdf: (sections: number, skipped: number) =>
    `Successfully generated a PDF with ${count(sections, 'section')}` + skippedNote(skipped),
  preview: (detail: string) => `Error previewing row: ${detail}`,
  exported: (rows: number, fileName: string) =>
    `Successfully exported ${count(rows, 'row')} to ${fileName}`,
} as const;

/** `1 row`, `2 rows`: a count with its noun, singular for one. */
function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function skippedNote(skipped: number): string {
  return skipped > 0 ? ` (${count(skipped, 'row')} skipped due to insufficient data)` : '';
}

/**
 * The notice for Word fields the merge leaves as they are (IF, ASK, NEXT…): named, with what
 * happens to them; '' when there are none.
 */
function notFilledWarning(kinds: readonly string[]): string {
  if (kinds.length === 0) return '';
  return `${NOT_FILLED_PREFIX}${kinds.join(', ')}. They keep the result the template shows.`;
}

const NOT_FILLED_PREFIX = 'Word fields not filled by the generator: ';

/** The template's notices together: Word fields not filled, macros dropped; '' when none. */
export function templateWarning(kinds: readonly string[], macrosDropped = false): string {
  return [notFilledWarning(kinds), macrosDropped ? messages.macrosDropped : '']
    .filter(Boolean)
    .join(' ');
}

/** Whether a warning is the template's own (it stays while that template does). */
export function isNotFilledWarning(warning: string): boolean {
  return warning.startsWith(NOT_FILLED_PREFIX) || warning === messages.macrosDropped;
}

/** A row number the Header row control may ask for. */
export function isHeaderRow(row: number): boolean {
  return Number.isInteger(row) && row >= 1;
}

/** Word documents, templates and macro-enabled documents; the generated file is always a .docx. */
export const TEMPLATE_FILE_TYPES = ['.docx', '.dotx', '.docm'] as const;

/** The docs/product.md#input-rules upload check of a template; null when the file may be analysed. */
export function checkTemplateFile(file: ChosenFile): string | null {
  const name = file.name.toLowerCase();
  if (!TEMPLATE_FILE_TYPES.some((type) => name.endsWith(type))) return messages.invalidDocx;
  if (file.size > MAX_UPLOAD_BYTES) return messages.tooLarge;
  return null;
}

/**
 * The data files the generator reads: workbooks (Excel, LibreOffice/OpenDocument) and delimited
 * text exports (CSV, TSV; `.txt` as billing systems often name them).
 */
export const DATA_FILE_TYPES = ['.xlsx', '.xls', '.xlsm', '.ods', '.csv', '.tsv', '.txt'] as const;

/** The docs/product.md#input-rules upload check of a data file; null when the file may be read. */
export function checkDataFile(file: ChosenFile): string | null {
  const name = file.name.toLowerCase();
  if (!DATA_FILE_TYPES.some((type) => name.endsWith(type))) return messages.invalidExcel;
  if (file.size > LIMITS.dataFileBytes)
    return dataFileTooLarge(file.name, formatFileSize(file.size));
  return null;
}

/** Every field has its column, except those that fill themselves (groups.ts: needsColumn). */
export function isFullyMapped(
  context: Pick<GeneratorContext, 'placeholders' | 'mapping' | 'headers' | 'sections' | 'groupBy'>,
): boolean {
  return context.placeholders.every((p) => !needsColumn(p, context));
}

/** Why Generate cannot run now (the docs/product.md#input-rules texts), or null when it can. */
export function generateBlocker(context: GeneratorContext): string | null {
  if (context.output === 'efaktur') return messages.efakturOutput;
  if (context.output === 'mailPdf' || context.output === 'mailDocx') return messages.mailOutput;
  if (!context.templateFile || context.selectedCount === 0) return messages.needTemplateAndRows;
  // The merge skips rows with fewer than 2 values: with only those selected, nothing is made.
  if (!context.groupBy && documentCount(context) === 0) return messages.noRowMakesDocument;
  if (context.placeholders.length === 0 || !isFullyMapped(context))
    return messages.needMappingToExport;
  return groupingBlocker(context) ?? pictureBlocker(context);
}

/**
 * The document output Generate makes: the one chosen, or the merged one while e-Faktur or an
 * e-mail output is chosen.
 */
export function documentOutput(context: Pick<GeneratorContext, 'output'>): OutputKind {
  const { output } = context;
  return output === 'efaktur' || output === 'mailPdf' || output === 'mailDocx' ? 'merged' : output;
}

/** Why Export cannot run now (the docs/product.md#input-rules texts), or null when it can. */
export function exportBlocker(context: GeneratorContext): string | null {
  if (context.selectedCount === 0) return messages.needRowsToExport;
  if (context.placeholders.length === 0 || !isFullyMapped(context))
    return messages.needMappingToExport;
  return null;
}

/** The column that names the zip's files: the one chosen, else the first column. */
export function zipNameColumn(context: Pick<GeneratorContext, 'nameColumn' | 'headers'>): string {
  return context.headers.includes(context.nameColumn)
    ? context.nameColumn
    : (context.headers[0] ?? '');
}

/** Preview Row needs a template and at least one selected row. */
export function canPreview(
  context: Pick<GeneratorContext, 'templateFile' | 'selectedCount'>,
): boolean {
  return context.templateFile !== null && context.selectedCount > 0;
}

/** The table index of the selected row at `position` (selected rows in table order), or -1. */
export function selectedRowAt(
  context: Pick<GeneratorContext, 'selection' | 'selectedCount'>,
  position: number,
): number {
  if (position < 0 || position >= context.selectedCount) return -1;
  let seen = 0;
  for (let i = 0; i < context.selection.length; i++) {
    if (context.selection[i] === 1 && seen++ === position) return i;
  }
  return -1;
}

/** selectedRowIndexes of each selection array (a selection changes by being replaced). */
const indexesOf = new WeakMap<Uint8Array, Uint32Array>();

/**
 * 0-based indexes of the selected rows, in table order (what the worker merges or exports). Worked
 * out once per selection: the page's render, its e-mail step and each job ask for them, and at
 * 100,000 rows each walk of the selection was a slice of the longest main-thread task. The array is
 * shared: read it, never write it.
 */
export function selectedRowIndexes(
  context: Pick<GeneratorContext, 'selection' | 'selectedCount'>,
): Uint32Array {
  const { selection, selectedCount } = context;
  const known = indexesOf.get(selection);
  if (known && known.length === selectedCount) return known;
  const out = new Uint32Array(selectedCount);
  let n = 0;
  if (selectedCount === selection.length) for (; n < out.length; n++) out[n] = n;
  else
    for (let i = 0; i < selection.length && n < out.length; i++)
      if (selection[i] === 1) out[n++] = i;
  const indexes = n === out.length ? out : out.slice(0, n);
  indexesOf.set(selection, indexes);
  return indexes;
}

/** A template's analysis error; a syntax error names the template file it is in. */
export function templateErrorText(file: ChosenFile | null, error: unknown): string {
  const text = errorText(error);
  return file && text.startsWith('Template syntax error: ') ? `${text} (${file.name})` : text;
}

export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

export function emptyMapping(placeholders: readonly string[]): Mapping {
  const mapping: Record<string, string> = Object.create(null);
  for (const p of placeholders) mapping[p] = '';
  return mapping;
}

/** Keep the mapped columns that the newly read sheet still has; everything else becomes ''. */
export function mappingForHeaders(
  placeholders: readonly string[],
  previous: Mapping,
  headers: readonly string[],
): Mapping {
  const known = new Set(headers);
  const mapping: Record<string, string> = Object.create(null);
  for (const p of placeholders) {
    const column = previous[p] ?? '';
    mapping[p] = known.has(column) ? column : '';
  }
  return mapping;
}

/**
 * A remembered mapping applied when a template meets a sheet: it comes first, each field taking its
 * remembered column (with its remembered format) when the sheet has that column; the fields it
 * does not name are auto-mapped again around it, so no column ends up on two fields by accident.
 */
export function recallMapping(
  context: Pick<GeneratorContext, 'placeholders' | 'headers' | 'mapping' | 'formats'>,
  remembered: { mapping: Mapping; formats: Formats },
): { mapping: Mapping; formats: Formats } {
  const known = new Set(context.headers);
  const recalled: Record<string, string> = Object.create(null);
  const formats: Record<string, ValueFormat> = Object.create(null);
  for (const p of Object.keys(context.formats)) formats[p] = context.formats[p];
  for (const p of context.placeholders) {
    const column = Object.hasOwn(remembered.mapping, p) ? remembered.mapping[p] : '';
    if (typeof column !== 'string' || !known.has(column)) continue;
    recalled[p] = column;
    const format = Object.hasOwn(remembered.formats, p) ? remembered.formats[p] : undefined;
    if (isValueFormat(format)) formats[p] = format;
  }
  return { mapping: autoMapFields(context.placeholders, context.headers, recalled), formats };
}
