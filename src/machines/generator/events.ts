// The events of the generator machine: what the page sends, what its actors send back, what it
// emits. Re-exported by types.ts.
import type { GenerationResult } from '../../domain/generator/generationJob';
import type { PdfProgressCounts } from '../../domain/generator/pdfProgress';
import type { ValueFormat } from '../../domain/values/valueFormat';
import type { MailSettingsEdit, MailToSend } from './mailTypes';
import type { ChosenFile, Formats, Mapping, OutputChoice } from './types';

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
  /** The text of the preview's row filter (Filter rows); '' shows every row. */
  | { type: 'generator.filterChanged'; query: string }
  /** Raised by the machine itself: the typing paused, the worker searches (filter.ts). */
  | { type: 'generator.filterSearch' }
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
  | { type: 'generator.merged'; result: GenerationResult }
  | { type: 'generator.mergeFailed'; error: unknown }
  /** The server's counts of the conversion (the progress watcher, while converting). */
  | ({ type: 'generator.pdfProgress' } & PdfProgressCounts);

/** What the row filter's actor sends back: the rows matching `query` (table order), or null when the search failed. */
export type FilterActorEvent = {
  type: 'generator.filtered';
  query: string;
  matches: Uint32Array | null;
};
