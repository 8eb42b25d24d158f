// Types of the generator machine (docs/product.md#data "Generator working data", #flows "Generator flow").
// The worker is reached through injected actors, so these types describe what the machine
// needs from it, not how the bridge is called: the job and its result are the domain's own.
import type { SheetRowValues, SheetTable } from '../../domain/sheet/sheetTable';
import type { ValueFormat } from '../../domain/values/valueFormat';
import type { DocumentPreview } from '../../domain/word/documentPreview';
import type { RowMail } from '../../domain/delivery/mailRows';
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

export type { DocumentPreview, Formats, Mapping, SheetTable };

/**
 * What the Output control offers: the documents Generate makes from the template, the e-Faktur
 * XML (Coretax) built from the rows alone (docs/efaktur.md), which downloads with its own button,
 * or an e-mail of each row (grouped: each group) with its PDF or .docx attached, which the page
 * hands to the server with Send e-mails (docs/delivery.md, "The page").
 */
export type OutputChoice = OutputKind | 'efaktur' | MailOutput;

/** The e-mail outputs: the PDF attached (offered when the server converts), or the .docx. */
export type MailOutput = 'mailPdf' | 'mailDocx';

/** What the page words when a hand-over failed: the server's coded refusal, a count mismatch, a text. */
export type MailError =
  | {
      readonly kind: 'refused';
      readonly code?: string;
      readonly params?: Readonly<Record<string, string | number>>;
      readonly text: string;
    }
  | { readonly kind: 'mismatch'; readonly made: number; readonly mails: number }
  | { readonly kind: 'text'; readonly text: string };

/** Where the hand-over is: the worker making the attachments, the server converting them, the request. */
export type MailProgress =
  | { readonly step: 'making'; readonly done: number; readonly total: number }
  | { readonly step: 'converting' };

/** The server took the job but left some invoices out: how many it queued, and which it did not. */
export interface MailHandedOver {
  readonly queued: number;
  /** `key (row)` of each invoice not queued (sent before for the period, or refused). */
  readonly left: readonly string[];
}

/**
 * The e-mail outputs' choices and the hand-over's state (docs/delivery.md, "The page"): kept in the
 * machine so they survive the steps and a new sheet (a chosen column that is gone falls back to
 * its default).
 */
export interface MailState {
  /** The Send to column chosen; null: the one auto-picked (most cells hold addresses). */
  readonly sendTo: string | null;
  /** The Invoice key column chosen; null: the default (a Nomor-like column, or the group key). */
  readonly keyColumn: string | null;
  /** The subject written; null: the default `Tagihan {key}`. */
  readonly subject: string | null;
  readonly message: string;
  readonly replyTo: string;
  /** The delivery period ('' until the page knows the periods). */
  readonly period: string;
  /** The confirmation naming the count, the period and the sender is open. */
  readonly confirming: boolean;
  /** The hand-over in progress, or null. */
  readonly sending: MailProgress | null;
  readonly error: MailError | null;
  readonly handedOver: MailHandedOver | null;
}

/** One mail to hand over: its mail and the table index of its row (grouped: its group's first row). */
export interface MailToSend {
  readonly mail: RowMail;
  readonly index: number;
}

/** What the send actor takes: the context it makes the documents from, and the job. */
export interface SendMailsInput {
  readonly context: GeneratorContext;
  readonly period: string;
  readonly replyTo: string;
  readonly attachment: 'pdf' | 'docx';
  readonly mails: readonly MailToSend[];
}

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

export interface DownloadParams {
  readonly file: Blob;
  readonly fileName: string;
}

// ---- events ----

export type GeneratorEvent =
  | { type: 'generator.templateChosen'; file: ChosenFile }
  | { type: 'generator.dataChosen'; file: ChosenFile }
  /** Images (.zip, .png, .jpg) chosen next to the data file, for the template's image fields. */
  | { type: 'generator.imagesChosen'; files: readonly ChosenFile[] }
  /** The column of the invoice number a QRIS carries. */
  | { type: 'generator.qrisInvoiceColumnChanged'; column: string }
  /** The static QRIS stored in the company settings (the page reads it once); null: none. */
  | { type: 'generator.qrisPayload'; payload: string | null }
  | { type: 'generator.sheetChanged'; sheet: string }
  /** The Header row control: read the sheet again with its column names in this row (1-based). */
  | { type: 'generator.headerRowChanged'; row: number }
  | { type: 'generator.rowToggled'; index: number }
  | { type: 'generator.selectAll' }
  | { type: 'generator.selectNone' }
  /** Selects exactly these rows (0-based), e.g. the ones a filter shows. */
  | { type: 'generator.selectRows'; rowIndexes: Uint32Array }
  /** Adds these rows (0-based) to the selection: the total or hidden rows a notice names. */
  | { type: 'generator.includeRows'; rowIndexes: Uint32Array }
  | { type: 'generator.mappingChanged'; placeholder: string; column: string }
  | { type: 'generator.formatChanged'; placeholder: string; format: ValueFormat }
  | { type: 'generator.outputChanged'; output: OutputChoice }
  | { type: 'generator.mappingRecalled'; mapping: Mapping; formats: Formats }
  | { type: 'generator.previewRow' }
  | { type: 'generator.previewNext' }
  | { type: 'generator.previewPrevious' }
  | { type: 'generator.previewClosed' }
  /** Raised by the machine itself: the mapping changed under an open preview. */
  | { type: 'generator.previewRefresh' }
  | { type: 'generator.nameColumnChanged'; column: string }
  /** Group rows by this column; '' for (none). */
  | { type: 'generator.groupByChanged'; column: string }
  | { type: 'generator.autoMap' }
  | { type: 'generator.clearMappings' }
  | { type: 'generator.generate' }
  | { type: 'generator.export' }
  | { type: 'generator.cancel' }
  | { type: 'generator.reset' }
  /** The server's PDF capability answer arrived (the page asks once when it opens). */
  | { type: 'generator.pdfCapability'; enabled: boolean }
  /** An e-mail setting edited: Send to, Invoice key, Subject, Message, Reply-To, the period. */
  | { type: 'generator.mailChanged'; settings: Partial<MailSettingsEdit> }
  /** Send e-mails…: opens the confirmation. */
  | { type: 'generator.mailConfirm' }
  /** The confirmation's Cancel. */
  | { type: 'generator.mailConfirmCancelled' }
  /** The confirmation's Send N e-mails: these mails (the page built them in slices) go to the server. */
  | { type: 'generator.sendMails'; mails: readonly MailToSend[] };

/** The settings the user edits (MailState without the hand-over's state). */
export type MailSettingsEdit = Pick<
  MailState,
  'sendTo' | 'keyColumn' | 'subject' | 'message' | 'replyTo' | 'period'
>;

/** Events the send actor sends back while it hands the mails over. */
export type SendMailsActorEvent =
  | { type: 'generator.mailProgress'; progress: MailProgress }
  /** The server took the job: everything was queued (left empty), or some invoices were not. */
  | { type: 'generator.mailsHandedOver'; queued: number; left: readonly string[] }
  | { type: 'generator.mailsFailed'; error: MailError };

/** What the machine emits when the server queued every mail (the page opens Pengiriman). */
export interface MailsQueued {
  readonly type: 'generator.mailsQueued';
  readonly period: string;
}

/** What the machine emits when the user edits the mapping (the page remembers it per template). */
export interface MappingEdited {
  readonly type: 'generator.mappingEdited';
  readonly placeholders: readonly string[];
  readonly mapping: Mapping;
  readonly formats: Formats;
}

/** Events the generate actor sends back to the machine while it runs. */
export type GenerateActorEvent =
  | { type: 'generator.progress'; processed: number; total: number }
  /** The merge is done; the merged document is being converted to PDF on the server. */
  | { type: 'generator.converting' }
  | { type: 'generator.merged'; result: GenerationResult }
  | { type: 'generator.mergeFailed'; error: unknown };
