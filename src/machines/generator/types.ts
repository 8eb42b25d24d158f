// Types of the generator machine (docs/product.md#data "Generator working data", #flows "Generator flow").
// The worker is reached through injected actors, so these types describe what the machine
// needs from it, not how the bridge is called: the job and its result are the domain's own.
import type { SheetRowValues, SheetTable } from '../../domain/sheet/sheetTable';
import type { DocumentPreview } from '../../domain/word/documentPreview';
import type {
  DataSource,
  ExportJob,
  Formats,
  GenerationJob,
  GenerationResult,
  Mapping,
  OutputKind,
  PreviewJob,
} from '../../domain/generator/generationJob';

import type { PdfPages } from '../../domain/generator/pdfProgress';
import type { MailState } from './mailTypes';

export type { DocumentPreview, Formats, Mapping, SheetTable };
// The e-mail outputs' types and the machine's events live beside this file.
export type * from './mailTypes';
export type * from './events';

/**
 * What the Output control offers: the documents Generate makes from the template, the e-Faktur
 * XML (Coretax) built from the rows alone (docs/efaktur.md), which downloads with its own button,
 * or an e-mail of each row (grouped: each group) with its PDF or .docx attached, which the page
 * hands to the server with Send e-mails (docs/delivery.md, "The page").
 */
export type OutputChoice = OutputKind | 'efaktur' | MailOutput;

/** The e-mail outputs: the PDF attached (offered when the server converts), or the .docx. */
export type MailOutput = 'mailPdf' | 'mailDocx';

/** A file the user chose: a browser File satisfies it. */
export type ChosenFile = Blob & { readonly name: string };

/** One data row keyed by column name (header of the first row); values are display text. */
export type DataRow = SheetRowValues;

/** The document one selected row (grouped: one group) produces (Preview Row). */
export interface RowPreview {
  /**
   * Position among the selected rows (grouped: among the groups, 0-based), and the 0-based table
   * index of that row (grouped: of the group's first row).
   */
  readonly position: number;
  readonly rowIndex: number;
  readonly document: DocumentPreview;
}

/** What a successful Generate made, and from which files (the page may record it). */
export interface GeneratedRun {
  /** Counts the runs of this page: a new run is a new recording. */
  readonly number: number;
  readonly templateFile: ChosenFile;
  readonly dataFile: ChosenFile;
  readonly rows: number;
  readonly documents: number;
  readonly output: OutputKind;
}

export interface Progress {
  readonly processed: number;
  readonly total: number;
}

export interface GeneratorContext {
  readonly templateFile: ChosenFile | null;
  readonly dataFile: ChosenFile | null;
  readonly sheetNames: readonly string[];
  readonly selectedSheet: string;
  /** The header row the user chose (1-based); null: the one the reader found. */
  readonly headerRow: number | null;
  readonly headers: readonly string[];
  /**
   * The rows of the selected sheet, packed (cells decoded when shown): 50,000 row objects would
   * cost the main thread a long task to receive. The worker keeps the rows themselves.
   */
  readonly table: SheetTable;
  /** selection[i] === 1 when row i is selected; replaced (never mutated) on change. */
  readonly selection: Uint8Array;
  readonly selectedCount: number;
  /** The preview's row filter: its text, and the table indexes it matched (null: every row shows). */
  readonly filter: RowFilter;
  readonly placeholders: readonly string[];
  /** The template's section tags ({#name}/{^name}): loops over a group's rows, or conditions. */
  readonly sections: readonly string[];
  /** Group rows by this column (a document per key, src/domain/generator/grouping.ts); '' for (none). */
  readonly groupBy: string;
  readonly mapping: Mapping;
  readonly formats: Formats;
  /** Formats the template's own fields ask for (a MERGEFIELD's switches); the user's choice wins. */
  readonly fieldFormats: Formats;
  readonly output: OutputChoice;
  /** The e-mail outputs' settings and hand-over (docs/delivery.md, "The page"). */
  readonly mail: MailState;
  /** The server converts to PDF (its capability answer): only then are the PDF outputs offered. */
  readonly pdfAvailable: boolean;
  /** The images chosen next to the data file (docs/pictures.md), and the names read from them. */
  readonly imageFiles: readonly ChosenFile[];
  readonly imageNames: readonly string[];
  /** The merchant's static QRIS from the company settings; null when none is stored (or not yet read). */
  readonly qrisPayload: string | null;
  /** The column holding each row's invoice number, which a QRIS carries ('' until chosen). */
  readonly qrisInvoiceColumn: string;
  /** The last Generate that succeeded, for recording it in a period's progress; null before one. */
  readonly lastRun: GeneratedRun | null;
  /** With the zip, the column whose text names each file ('' until chosen: the first column). */
  readonly nameColumn: string;
  /** The preview shown, or null; previewPosition is the selected row asked for (shown or on its way). */
  readonly preview: RowPreview | null;
  readonly previewPosition: number;
  readonly progress: Progress;
  /** A PDF run between its hops (merging → converting → splitting); null outside a PDF run. */
  readonly pdfRun: PdfRun | null;
  readonly error: string;
  readonly warning: string;
  readonly success: string;
}

// ---- what the injected actors take and give ----

export interface AnalyseTemplateInput {
  readonly file: ChosenFile;
}
export interface AnalyseTemplateOutput {
  readonly placeholders: readonly string[];
  /** Word fields the generator does not fill (IF, ASK, …), left as the template shows them. */
  readonly notFilled?: readonly string[];
  /** Formats asked for by the fields' switches (`\* Upper`, `\# "#.##0"`, `\@ "d MMMM yyyy"`). */
  readonly fieldFormats?: Formats;
  /** A .docm's macros were dropped (the generated document is a .docx). */
  readonly macrosDropped?: boolean;
  /** The template's section tags ({#name}…{/name}, {^name}…{/name}). */
  readonly sections?: readonly string[];
}

export interface ReadImagesInput {
  readonly files: readonly ChosenFile[];
}
export interface ReadImagesOutput {
  readonly files: readonly ChosenFile[];
  readonly names: readonly string[];
}

export interface ReadWorkbookInput {
  readonly file: ChosenFile;
}
export interface ReadWorkbookOutput {
  readonly sheetNames: readonly string[];
  /** The sheet that was read: the first that holds a table (docs/rows.md). */
  readonly sheet: string;
  readonly table: SheetTable;
  /** Several sheets and none could be read: why the sheet shown has no rows (the picker stays). */
  readonly sheetError?: string;
}

export type ReadSheetInput = DataSource<ChosenFile>;

/** The job Generate runs, with the files as the user chose them. */
export type Job = GenerationJob<ChosenFile>;
export type ExportInput = ExportJob<ChosenFile>;
export interface PreviewInput {
  readonly job: PreviewJob<ChosenFile>;
  /** The row's 0-based index in the table. */
  readonly row: number;
}

/**
 * What a PDF run carries from one hop to the next: the merge's result (its counts and warnings
 * are the run's), then the PDF the server made of it, which per-row PDFs split.
 */
export interface PdfRun {
  readonly merged: GenerationResult;
  readonly pdf: Blob | null;
  /** The random id the conversion is sent with and its progress polled by. */
  readonly progressId: string;
  /** Pages converted and expected; null before the server reports the first chunk done. */
  readonly progress: PdfPages | null;
}
/**
 * The conversion hop's input: the merged .docx, converted by the server, and its progress id.
 * `dropMarkers`: one PDF is wanted, so the section markers (which let the server convert in
 * chunks) must not become bookmarks of it (docs/pdf-chunks.md, "One PDF").
 */
export interface ConvertInput {
  readonly file: Blob;
  readonly progressId: string;
  readonly dropMarkers: boolean;
}
/** The conversion's progress watcher's input: it polls the server by this id. */
export interface WatchPdfInput {
  readonly progressId: string;
}
/** The split hop's input: the converted PDF and each section's file name, in section order. */
export interface SplitInput {
  readonly pdf: Blob;
  readonly sectionNames: readonly string[];
}

export interface RowFilter {
  readonly query: string;
  readonly matches: Uint32Array | null;
}
/** The row filter's search: the rows of the sheet read (the worker holds them), and the text. */
export interface FilterInput {
  readonly data: DataSource<ChosenFile>;
  readonly query: string;
}

export interface DownloadParams {
  readonly file: Blob;
  readonly fileName: string;
}
