// The four steps of "Generate Tagihan Voice" (spec §2, §4, §5, §8). All docx/xlsx work is done by
// injected actors (the worker bridge in the app, fakes in tests); the download is an injected
// action. The machine never touches the DOM. Cancel leaves the working state: that stops its
// actor, and a stopped actor's call is aborted (its worker ended when the call runs there).
import { assign, emit, fromCallback, fromPromise, raise, setup } from 'xstate';
import { autoMap } from '../domain/automap';
import { EMPTY_SHEET_TABLE } from '../domain/sheetTable';
import { isValueFormat } from '../domain/valueFormat';
import {
  checkDataFile,
  checkTemplateFile,
  DOCX_MIME,
  emptyMapping,
  errorText,
  exportBlocker,
  generateBlocker,
  mappingForHeaders,
  messages,
  notFilledWarning,
  isNotFilledWarning,
  selectedRowIndexes,
  XLSX_MIME,
  ZIP_MIME,
  zipNameColumn,
  canPreview,
  recallMapping,
  selectedRowAt,
} from './generator.rules';
import type {
  AnalyseTemplateInput,
  AnalyseTemplateOutput,
  DownloadParams,
  ExportInput,
  ExportOutput,
  GeneratorContext,
  GeneratorEvent,
  MappingEdited,
  MergeActorEvent,
  MergeInput,
  PreviewInput,
  DocumentPreview,
  ReadSheetInput,
  ReadSheetOutput,
  ReadWorkbookInput,
  ReadWorkbookOutput,
} from './generator.types';

export * from './generator.types';
export * from './generator.rules';

const NO_SELECTION = new Uint8Array(0);

const emptyData = {
  dataFile: null,
  sheetNames: [],
  selectedSheet: '',
  headers: [],
  table: EMPTY_SHEET_TABLE,
  selection: NO_SELECTION,
  selectedCount: 0,
  mapping: {},
  formats: {},
  nameColumn: '',
  preview: null,
  previewPosition: 0,
} satisfies Partial<GeneratorContext>;

const noMessages = { error: '', warning: '', success: '' } satisfies Partial<GeneratorContext>;

/** Messages cleared, except the template's own warnings (no placeholders, Word fields not filled), which stay while that template does. */
function messagesKeptForTemplate(context: GeneratorContext) {
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
  fieldFormats: {},
  output: 'merged',
  progress: { processed: 0, total: 0 },
  ...noMessages,
};

// Default implementations fail loudly: the page provides the worker bridge, tests provide fakes.
const notProvided = (what: string) => () => {
  throw new Error(`${what} is not provided`);
};

export const generatorMachine = setup({
  types: {
    context: {} as GeneratorContext,
    events: {} as GeneratorEvent | MergeActorEvent,
    emitted: {} as MappingEdited,
  },
  actors: {
    analyseTemplate: fromPromise<AnalyseTemplateOutput, AnalyseTemplateInput>(
      notProvided('analyseTemplate'),
    ),
    readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(notProvided('readWorkbook')),
    readSheet: fromPromise<ReadSheetOutput, ReadSheetInput>(notProvided('readSheet')),
    mergeDocuments: fromCallback<GeneratorEvent, MergeInput>(notProvided('mergeDocuments')),
    exportRows: fromPromise<ExportOutput, ExportInput>(notProvided('exportRows')),
    previewRow: fromPromise<DocumentPreview, PreviewInput>(notProvided('previewRow')),
  },
  actions: {
    /** Start a download of a produced file (the page clicks a temporary <a download>). */
    download: (_, _params: DownloadParams) => {
      throw new Error('download is not provided');
    },
    clearSuccess: assign({ success: '' }),
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
    isOtherSheet: ({ context, event }) =>
      event.type === 'generator.sheetChanged' &&
      event.sheet !== context.selectedSheet &&
      context.sheetNames.includes(event.sheet),
    canGenerate: ({ context }) => generateBlocker(context) === null,
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
      context.preview !== null && context.preview.position + 1 < context.selectedCount,
    hasPreviousPreview: ({ context }) =>
      context.preview !== null &&
      context.preview.position > 0 &&
      context.preview.position - 1 < context.selectedCount,
    isKnownOutput: ({ event }) =>
      event.type === 'generator.outputChanged' &&
      (event.output === 'merged' || event.output === 'zip'),
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
    /** §9: the export success message clears after 5 s. */
    messageTimeout: 5000,
    /** §4: the reset message shows for 3 s. */
    resetMessageTimeout: 3000,
  },
}).createMachine({
  id: 'generator',
  context: initialGeneratorContext,
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      states: {
        idle: {},
        /** An export success message is on screen until messageTimeout. */
        exportMessage: {
          after: { messageTimeout: { target: 'idle', actions: 'clearSuccess' } },
        },
        /** The reset message is on screen until resetMessageTimeout. */
        resetMessage: {
          after: { resetMessageTimeout: { target: 'idle', actions: 'clearSuccess' } },
        },
      },
      on: {
        'generator.templateChosen': [
          {
            guard: 'templateFileAccepted',
            target: 'analysingTemplate',
            // A new template starts over: the data side goes with it (§4).
            actions: assign(({ event }) => ({
              templateFile: event.file,
              placeholders: [],
              fieldFormats: {},
              ...emptyData,
              ...noMessages,
            })),
          },
          {
            actions: assign(({ event }) => ({
              ...noMessages,
              error: checkTemplateFile(event.file) ?? '',
            })),
          },
        ],
        'generator.dataChosen': [
          {
            guard: 'dataFileAccepted',
            target: 'readingWorkbook',
            actions: assign(({ context, event }) => ({
              ...emptyData,
              formats: { ...context.fieldFormats },
              dataFile: event.file,
              ...messagesKeptForTemplate(context),
            })),
          },
          {
            actions: assign(({ context, event }) => ({
              ...messagesKeptForTemplate(context),
              error: checkDataFile(event.file) ?? '',
            })),
          },
        ],
        'generator.sheetChanged': {
          guard: 'isOtherSheet',
          target: 'readingSheet',
          actions: assign(({ context, event }) => ({
            selectedSheet: event.sheet,
            headers: [],
            table: EMPTY_SHEET_TABLE,
            selection: NO_SELECTION,
            selectedCount: 0,
            preview: null,
            ...messagesKeptForTemplate(context),
          })),
        },
        'generator.rowToggled': {
          guard: 'isKnownRow',
          actions: assign(({ context, event }) => {
            const selection = context.selection.slice();
            const on = selection[event.index] === 1;
            selection[event.index] = on ? 0 : 1;
            return { selection, selectedCount: context.selectedCount + (on ? -1 : 1) };
          }),
        },
        'generator.selectAll': {
          guard: 'hasRows',
          actions: assign(({ context }) => ({
            selection: new Uint8Array(context.table.rowCount).fill(1),
            selectedCount: context.table.rowCount,
          })),
        },
        'generator.selectRows': {
          guard: 'hasRows',
          actions: assign(({ context, event }) => {
            const selection = new Uint8Array(context.table.rowCount);
            let selectedCount = 0;
            for (const index of event.rowIndexes) {
              if (index < selection.length && selection[index] === 0) {
                selection[index] = 1;
                selectedCount++;
              }
            }
            return { selection, selectedCount };
          }),
        },
        'generator.selectNone': {
          guard: 'hasRows',
          actions: assign(({ context }) => ({
            selection: new Uint8Array(context.table.rowCount),
            selectedCount: 0,
          })),
        },
        'generator.mappingChanged': {
          guard: 'isKnownMapping',
          actions: [
            assign(({ context, event }) => ({
              mapping: { ...context.mapping, [event.placeholder]: event.column },
            })),
            'mappingEdited',
            'refreshPreview',
          ],
        },
        'generator.formatChanged': {
          guard: 'isKnownFormat',
          actions: [
            assign(({ context, event }) => ({
              formats: { ...context.formats, [event.placeholder]: event.format },
            })),
            'mappingEdited',
            'refreshPreview',
          ],
        },
        'generator.outputChanged': {
          guard: 'isKnownOutput',
          actions: assign(({ event }) => ({ output: event.output })),
        },
        'generator.nameColumnChanged': {
          guard: 'isKnownNameColumn',
          actions: assign(({ event }) => ({ nameColumn: event.column })),
        },
        'generator.previewRow': {
          guard: 'canPreview',
          target: 'previewing',
          actions: assign({ previewPosition: 0, error: '' }),
        },
        'generator.previewNext': {
          guard: 'hasNextPreview',
          target: 'previewing',
          actions: assign(({ context }) => ({
            previewPosition: context.preview!.position + 1,
            error: '',
          })),
        },
        'generator.previewPrevious': {
          guard: 'hasPreviousPreview',
          target: 'previewing',
          actions: assign(({ context }) => ({
            previewPosition: context.preview!.position - 1,
            error: '',
          })),
        },
        'generator.previewRefresh': {
          guard: 'isPreviewOpen',
          target: 'previewing',
          actions: assign(({ context }) => ({
            previewPosition: Math.min(context.preview?.position ?? 0, context.selectedCount - 1),
          })),
        },
        'generator.previewClosed': {
          actions: assign({ preview: null }),
        },
        'generator.autoMap': {
          guard: 'hasColumnsAndPlaceholders',
          actions: [
            assign(({ context }) => ({
              mapping: autoMap(context.placeholders, context.headers, context.mapping),
            })),
            'mappingEdited',
            'refreshPreview',
          ],
        },
        'generator.clearMappings': {
          guard: 'hasPlaceholders',
          actions: [
            assign(({ context }) => ({
              mapping: emptyMapping(context.placeholders),
              formats: { ...context.fieldFormats },
            })),
            'mappingEdited',
            'refreshPreview',
          ],
        },
        'generator.mappingRecalled': {
          guard: 'hasColumnsAndPlaceholders',
          actions: [
            assign(({ context, event }) => recallMapping(context, event)),
            'refreshPreview',
          ],
        },
        'generator.generate': {
          guard: 'canGenerate',
          target: 'generating',
          actions: assign(({ context }) => ({
            ...noMessages,
            progress: { processed: 0, total: context.selectedCount },
          })),
        },
        'generator.export': {
          guard: 'canExport',
          target: 'exporting',
          actions: assign(noMessages),
        },
        'generator.reset': {
          target: '.resetMessage',
          actions: assign({ ...initialGeneratorContext, success: messages.reset }),
        },
      },
    },

    analysingTemplate: {
      tags: ['processing'],
      invoke: {
        src: 'analyseTemplate',
        input: ({ context }) => ({ file: context.templateFile! }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            placeholders: [...event.output.placeholders],
            fieldFormats: { ...event.output.fieldFormats },
            formats: { ...event.output.fieldFormats },
            warning:
              event.output.placeholders.length === 0
                ? messages.noPlaceholders
                : notFilledWarning(event.output.notFilled ?? []),
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({
            templateFile: null,
            placeholders: [],
            error: errorText(event.error),
          })),
        },
      },
      on: {
        'generator.cancel': {
          target: 'ready',
          actions: assign({
            templateFile: null,
            placeholders: [],
            warning: messages.analysisCancelled,
          }),
        },
      },
    },

    readingWorkbook: {
      tags: ['processing'],
      invoke: {
        src: 'readWorkbook',
        input: ({ context }) => ({ file: context.dataFile! }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            sheetNames: [...event.output.sheetNames],
            selectedSheet: event.output.sheet,
            headers: [...event.output.table.headers],
            table: event.output.table,
            selection: new Uint8Array(event.output.table.rowCount),
            selectedCount: 0,
            mapping: emptyMapping(context.placeholders),
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({
            ...emptyData,
            error: messages.readExcel(errorText(event.error)),
          })),
        },
      },
      on: {
        'generator.cancel': {
          target: 'ready',
          actions: assign({ ...emptyData, warning: messages.readingCancelled }),
        },
      },
    },

    readingSheet: {
      tags: ['processing'],
      invoke: {
        src: 'readSheet',
        input: ({ context }) => ({ file: context.dataFile!, sheet: context.selectedSheet }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            headers: [...event.output.table.headers],
            table: event.output.table,
            selection: new Uint8Array(event.output.table.rowCount),
            selectedCount: 0,
            mapping: mappingForHeaders(
              context.placeholders,
              context.mapping,
              event.output.table.headers,
            ),
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ error: messages.readSheet(errorText(event.error)) })),
        },
      },
      on: {
        'generator.cancel': {
          target: 'ready',
          actions: assign({ warning: messages.readingCancelled }),
        },
      },
    },

    generating: {
      tags: ['processing'],
      invoke: {
        src: 'mergeDocuments',
        input: ({ context }) => ({
          template: context.templateFile!,
          workbook: context.dataFile!,
          sheet: context.selectedSheet,
          rowIndexes: selectedRowIndexes(context),
          mapping: context.mapping,
          formats: context.formats,
          output: context.output,
          nameColumn: zipNameColumn(context),
        }),
      },
      on: {
        'generator.progress': {
          actions: assign(({ event }) => ({
            progress: { processed: event.processed, total: event.total },
          })),
        },
        'generator.merged': {
          target: 'ready',
          actions: [
            {
              type: 'download',
              params: ({ event }) => ({
                data: event.output.data,
                fileName: event.output.fileName,
                mimeType: event.output.files === undefined ? DOCX_MIME : ZIP_MIME,
              }),
            },
            assign(({ event }) => ({
              success:
                event.output.files === undefined
                  ? messages.generated(event.output.sections, event.output.skipped)
                  : messages.zipped(
                      event.output.files,
                      event.output.fileName,
                      event.output.skipped,
                    ),
              warning: (event.output.warnings ?? []).join('\n'),
            })),
          ],
        },
        'generator.mergeFailed': {
          target: 'ready',
          actions: assign(({ event }) => ({ error: messages.generate(errorText(event.error)) })),
        },
        'generator.cancel': {
          target: 'ready',
          actions: assign({ warning: messages.generationCancelled }),
        },
      },
    },

    previewing: {
      tags: ['processing'],
      invoke: {
        src: 'previewRow',
        input: ({ context }) => ({
          template: context.templateFile!,
          workbook: context.dataFile!,
          sheet: context.selectedSheet,
          rowIndex: selectedRowAt(context, context.previewPosition),
          mapping: context.mapping,
          formats: context.formats,
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            preview: {
              position: context.previewPosition,
              rowIndex: selectedRowAt(context, context.previewPosition),
              document: event.output,
            },
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({
            preview: null,
            error: messages.preview(errorText(event.error)),
          })),
        },
      },
      on: {
        'generator.cancel': 'ready',
      },
    },

    exporting: {
      tags: ['processing'],
      invoke: {
        src: 'exportRows',
        input: ({ context }) => ({
          workbook: context.dataFile!,
          sheet: context.selectedSheet,
          rowIndexes: selectedRowIndexes(context),
          mapping: context.mapping,
        }),
        onDone: {
          target: 'ready.exportMessage',
          actions: [
            {
              type: 'download',
              params: ({ event }) => ({
                data: event.output.data,
                fileName: event.output.fileName,
                mimeType: XLSX_MIME,
              }),
            },
            assign(({ event }) => ({
              success: messages.exported(event.output.rowCount, event.output.fileName),
            })),
          ],
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => ({ error: messages.exportXlsx(errorText(event.error)) })),
        },
      },
      on: {
        'generator.cancel': {
          target: 'ready',
          actions: assign({ warning: messages.exportCancelled }),
        },
      },
    },
  },
});

export type GeneratorMachine = typeof generatorMachine;
