// The setup shared by the generator machine's flows: its types, the injected side effects (the
// worker actors and the download, swapped with provide() by the page and in tests), guards and
// named delays. Each flow (files, rows, preview, generate) builds its states from it; machine.ts
// puts them together.
import { assign, emit, enqueueActions, fromCallback, fromPromise, raise, setup } from 'xstate';
import {
  OUTPUT_KINDS,
  PDF_OUTPUT_KINDS,
  type GenerationResult,
} from '../../domain/generator/generationJob';
import { isValueFormat } from '../../domain/values/valueFormat';
import {
  canPreview,
  checkDataFile,
  checkTemplateFile,
  documentOutput,
  errorText,
  exportBlocker,
  generateBlocker,
  isHeaderRow,
  messages,
} from './rules';
import { positionCount } from './groups';
import { checkImageFiles } from './pictures';
import { finishedRun } from './results';
import { NO_FILTER } from './context';
import type {
  AnalyseTemplateInput,
  AnalyseTemplateOutput,
  ConvertInput,
  DocumentPreview,
  DownloadParams,
  ExportInput,
  FilterActorEvent,
  FilterInput,
  GenerateActorEvent,
  GeneratorContext,
  GeneratorEvent,
  Job,
  MappingEdited,
  PreviewInput,
  ReadImagesInput,
  ReadImagesOutput,
  ReadSheetInput,
  ReadWorkbookInput,
  ReadWorkbookOutput,
  MailsQueued,
  SendMailsActorEvent,
  SendMailsInput,
  SheetTable,
  SplitInput,
  WatchPdfInput,
} from './types';

// Default implementations fail loudly: the page provides the worker bridge, tests provide fakes.
const notProvided = (what: string) => () => {
  throw new Error(`${what} is not provided`);
};

export const generatorSetup = setup({
  types: {
    context: {} as GeneratorContext,
    events: {} as GeneratorEvent | GenerateActorEvent | SendMailsActorEvent | FilterActorEvent,
    emitted: {} as MappingEdited | MailsQueued,
  },
  actors: {
    analyseTemplate: fromPromise<AnalyseTemplateOutput, AnalyseTemplateInput>(
      notProvided('analyseTemplate'),
    ),
    readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(notProvided('readWorkbook')),
    readSheet: fromPromise<SheetTable, ReadSheetInput>(notProvided('readSheet')),
    readImages: fromPromise<ReadImagesOutput, ReadImagesInput>(notProvided('readImages')),
    /** Merges a job, reporting progress: GenerateActorEvent back to the machine. */
    generate: fromCallback<GeneratorEvent, Job>(notProvided('generate')),
    /** A PDF output's conversion of the merged .docx (by the server): the PDF. */
    convertToPdf: fromPromise<Blob, ConvertInput>(notProvided('convertToPdf')),
    /** Polls the conversion's progress while it runs: `generator.pdfProgress` back. */
    watchPdfProgress: fromCallback<GeneratorEvent, WatchPdfInput>(notProvided('watchPdfProgress')),
    /** One PDF per row: the converted PDF split per section into a zip (by the worker). */
    splitPdf: fromPromise<GenerationResult, SplitInput>(notProvided('splitPdf')),
    exportRows: fromPromise<GenerationResult, ExportInput>(notProvided('exportRows')),
    previewRow: fromPromise<DocumentPreview, PreviewInput>(notProvided('previewRow')),
    /** The preview's row filter, searched by the worker: FilterActorEvent back (filter.ts). */
    filterRows: fromCallback<GeneratorEvent, FilterInput>(notProvided('filterRows')),
    /** Makes the mails' documents and hands the job to the server: SendMailsActorEvent back. */
    sendMails: fromCallback<GeneratorEvent, SendMailsInput>(notProvided('sendMails')),
  },
  actions: {
    /** Start a download of a produced file (the page clicks a temporary <a download>). */
    download: (_, _params: DownloadParams) => {
      throw new Error('download is not provided');
    },
    clearSuccess: assign({ success: '' }),
    /** Another table is coming: the row filter's text, pending search and answer go (filter.ts). */
    dropFilter: enqueueActions(({ enqueue }) => {
      enqueue.cancel('rowFilterDelay');
      enqueue.stopChild('rowFilter');
      enqueue.assign({ filter: NO_FILTER });
    }),
    /** A Generate finished with `result`: its message and warnings, the run recorded. */
    finished: assign(({ context }, params: { result: GenerationResult }) =>
      finishedRun(context, params.result),
    ),
    /** A Generate's hop failed (the merge, the conversion, the split): its error is shown. */
    runFailed: assign((_, params: { error: unknown }) => ({
      error: messages.generate(errorText(params.error)),
      pdfRun: null,
    })),
    /** An open preview follows the mapping and formats: it is rendered again after each change. */
    refreshPreview: raise({ type: 'generator.previewRefresh' as const }),
    /** Tells the page the user edited the mapping (it remembers it for this template). */
    mappingEdited: emit(({ context }) => ({
      type: 'generator.mappingEdited' as const,
      placeholders: context.placeholders,
      mapping: context.mapping,
      formats: context.formats,
    })),
  },
  guards: {
    templateFileAccepted: ({ event }) =>
      event.type === 'generator.templateChosen' && checkTemplateFile(event.file) === null,
    dataFileAccepted: ({ event }) =>
      event.type === 'generator.dataChosen' && checkDataFile(event.file) === null,
    imagesAccepted: ({ event }) =>
      event.type === 'generator.imagesChosen' && checkImageFiles(event.files) === null,
    isKnownInvoiceColumn: ({ context, event }) =>
      event.type === 'generator.qrisInvoiceColumnChanged' && context.headers.includes(event.column),
    isOtherSheet: ({ context, event }) =>
      event.type === 'generator.sheetChanged' &&
      event.sheet !== context.selectedSheet &&
      context.sheetNames.includes(event.sheet),
    isOtherHeaderRow: ({ context, event }) =>
      event.type === 'generator.headerRowChanged' &&
      isHeaderRow(event.row) &&
      context.dataFile !== null &&
      context.table.headerRow !== null &&
      event.row !== context.table.headerRow,
    isBadHeaderRow: ({ event }) =>
      event.type === 'generator.headerRowChanged' && !isHeaderRow(event.row),
    canGenerate: ({ context }) => generateBlocker(context) === null,
    isSearchableFilter: ({ context, event }) =>
      (event.type === 'generator.filterChanged' ? event.query : context.filter.query).trim() !==
        '' &&
      context.dataFile !== null &&
      context.table.rowCount > 0,
    isPdfOutput: ({ context }) => PDF_OUTPUT_KINDS.includes(documentOutput(context)),
    isPdfPerRow: ({ context }) => documentOutput(context) === 'pdfPerRow',
    canExport: ({ context }) => exportBlocker(context) === null,
    hasRows: ({ context }) => context.table.rowCount > 0,
    hasColumnsAndPlaceholders: ({ context }) =>
      context.headers.length > 0 && context.placeholders.length > 0,
    hasPlaceholders: ({ context }) => context.placeholders.length > 0,
    isKnownRow: ({ context, event }) =>
      event.type === 'generator.rowToggled' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.table.rowCount,
    canPreview: ({ context }) => canPreview(context),
    isPreviewOpen: ({ context }) => context.preview !== null && canPreview(context),
    hasNextPreview: ({ context }) =>
      context.preview !== null && context.preview.position + 1 < positionCount(context),
    hasPreviousPreview: ({ context }) =>
      context.preview !== null &&
      context.preview.position > 0 &&
      context.preview.position - 1 < positionCount(context),
    isKnownOutput: ({ context, event }) => {
      if (event.type !== 'generator.outputChanged') return false;
      const { output } = event;
      if (output === 'efaktur' || output === 'mailDocx') return true;
      // The PDF outputs only when the server converts.
      if (output === 'mailPdf') return context.pdfAvailable;
      return (
        OUTPUT_KINDS.includes(output) &&
        (context.pdfAvailable || !PDF_OUTPUT_KINDS.includes(output))
      );
    },
    isKnownGroupBy: ({ context, event }) =>
      event.type === 'generator.groupByChanged' &&
      (event.column === '' || context.headers.includes(event.column)),
    isKnownNameColumn: ({ context, event }) =>
      event.type === 'generator.nameColumnChanged' && context.headers.includes(event.column),
    isKnownFormat: ({ context, event }) =>
      event.type === 'generator.formatChanged' &&
      context.placeholders.includes(event.placeholder) &&
      isValueFormat(event.format),
    isKnownMapping: ({ context, event }) =>
      event.type === 'generator.mappingChanged' &&
      context.placeholders.includes(event.placeholder) &&
      (event.column === '' || context.headers.includes(event.column)),
  },
  delays: {
    /** docs/product.md#limits: the export success message clears after 5 s. */
    messageTimeout: 5000,
    /** docs/product.md#flows: the reset message shows for 3 s. */
    resetMessageTimeout: 3000,
  },
});
