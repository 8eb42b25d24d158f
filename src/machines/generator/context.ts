// The generator machine's starting context and the parts of it each flow resets.
import { EMPTY_SHEET_TABLE, type SheetTable } from '../../domain/sheet/sheetTable';
import { isNotFilledWarning, messages } from './rules';
import type { GeneratorContext, MailState, RowFilter } from './types';

export const NO_SELECTION = new Uint8Array(0);

/** The row filter with no text: every row shows. */
export const NO_FILTER: RowFilter = { query: '', matches: null };

/** Everything that comes from the data file: a new template or data file starts it over. */
export const emptyData = {
  dataFile: null,
  sheetNames: [],
  selectedSheet: '',
  headerRow: null,
  headers: [],
  table: EMPTY_SHEET_TABLE,
  selection: NO_SELECTION,
  selectedCount: 0,
  filter: NO_FILTER,
  mapping: {},
  formats: {},
  nameColumn: '',
  groupBy: '',
  preview: null,
  previewPosition: 0,
} satisfies Partial<GeneratorContext>;

/**
 * What the first template (none was chosen before) resets of the data side: the mapping and the
 * preview, made for no template; the file, its rows and their selection stay.
 */
export const firstTemplateData = {
  mapping: {},
  formats: {},
  preview: null,
  previewPosition: 0,
} satisfies Partial<GeneratorContext>;

/** The e-mail outputs before the user chose anything: every column its default, nothing sent. */
export const initialMailState: MailState = {
  sendTo: null,
  keyColumn: null,
  subject: null,
  message: '',
  replyTo: '',
  period: '',
  confirming: false,
  sending: null,
  error: null,
  handedOver: null,
};

export const noMessages = {
  error: '',
  warning: '',
  success: '',
} satisfies Partial<GeneratorContext>;

/** Every row of a newly read sheet selected. */
export function allSelected(rowCount: number) {
  return { selection: new Uint8Array(rowCount).fill(1), selectedCount: rowCount };
}

/**
 * A newly read sheet's selection: every row but those that look like totals and those hidden in
 * the workbook (docs/rows.md); the page names them and includes them with one click.
 */
export function startingSelection(table: SheetTable) {
  const { selection, selectedCount } = allSelected(table.rowCount);
  let count = selectedCount;
  for (const rows of [table.totalRows, table.hiddenRows])
    for (const index of rows)
      if (selection[index] === 1) {
        selection[index] = 0;
        count--;
      }
  return { selection, selectedCount: count };
}

/** Messages cleared, except the template's own warnings (no placeholders, Word fields not filled), which stay while that template does. */
export function messagesKeptForTemplate(context: GeneratorContext) {
  return {
    ...noMessages,
    warning:
      context.warning === messages.noPlaceholders || isNotFilledWarning(context.warning)
        ? context.warning
        : '',
  };
}

export const initialGeneratorContext: GeneratorContext = {
  templateFile: null,
  ...emptyData,
  placeholders: [],
  sections: [],
  fieldFormats: {},
  output: 'merged',
  mail: initialMailState,
  pdfAvailable: false,
  imageFiles: [],
  imageNames: [],
  qrisPayload: null,
  qrisInvoiceColumn: '',
  lastRun: null,
  progress: { processed: 0, total: 0 },
  pdfRun: null,
  ...noMessages,
};
