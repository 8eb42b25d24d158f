// Step 1: a template and a data file chosen, checked (docs/product.md#input-rules) and read by the worker; a sheet change.
import { assign } from 'xstate';
import { autoMapFields } from './groups';
import { EMPTY_SHEET_TABLE } from '../../domain/sheet/sheetTable';
import {
  startingSelection,
  emptyData,
  firstTemplateData,
  messagesKeptForTemplate,
  noMessages,
  NO_SELECTION,
} from './context';
import {
  checkDataFile,
  checkTemplateFile,
  errorText,
  templateErrorText,
  mappingForHeaders,
  messages,
  templateWarning,
} from './rules';
import { generatorSetup } from './setup';
import { required } from '../shared/required';

export const filesFlow = {
  /** Transitions of the ready state. */
  on: generatorSetup.createStateConfig({
    on: {
      'generator.templateChosen': [
        {
          guard: 'templateFileAccepted',
          target: 'analysingTemplate',
          // A new template starts over: the data side goes with it (docs/product.md#flows). The
          // first template, chosen after the data, keeps the rows and their selection.
          actions: assign(({ context, event }) => ({
            templateFile: event.file,
            placeholders: [],
            fieldFormats: {},
            ...(context.templateFile === null ? firstTemplateData : emptyData),
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
          actions: [
            'dropFilter',
            assign(({ context, event }) => ({
              ...emptyData,
              formats: { ...context.fieldFormats },
              dataFile: event.file,
              ...messagesKeptForTemplate(context),
            })),
          ],
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
        actions: [
          'dropFilter',
          assign(({ context, event }) => ({
            selectedSheet: event.sheet,
            headerRow: null,
            headers: [],
            table: EMPTY_SHEET_TABLE,
            selection: NO_SELECTION,
            selectedCount: 0,
            preview: null,
            ...messagesKeptForTemplate(context),
          })),
        ],
      },
      'generator.headerRowChanged': [
        // Nothing changes until the sheet is read again with the new header row.
        { guard: 'isOtherHeaderRow', target: 'readingHeaderRow' },
        { guard: 'isBadHeaderRow', actions: assign({ error: messages.headerRowInvalid }) },
      ],
    },
  }).on,
  states: {
    analysingTemplate: generatorSetup.createStateConfig({
      tags: ['processing'],
      invoke: {
        src: 'analyseTemplate',
        input: ({ context }) => ({ file: required(context.templateFile, 'The template') }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            placeholders: [...event.output.placeholders],
            sections: [...(event.output.sections ?? [])],
            fieldFormats: { ...event.output.fieldFormats },
            formats: { ...event.output.fieldFormats },
            // Rows read before the template: its fields are auto-mapped to their columns.
            ...(context.headers.length > 0
              ? { mapping: autoMapFields(event.output.placeholders, context.headers) }
              : {}),
            warning:
              event.output.placeholders.length === 0
                ? messages.noPlaceholders
                : templateWarning(event.output.notFilled ?? [], event.output.macrosDropped),
          })),
        },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            templateFile: null,
            placeholders: [],
            error: templateErrorText(context.templateFile, event.error),
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
    }),

    readingWorkbook: generatorSetup.createStateConfig({
      tags: ['processing'],
      invoke: {
        src: 'readWorkbook',
        input: ({ context }) => ({ file: required(context.dataFile, 'The data file') }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            sheetNames: [...event.output.sheetNames],
            selectedSheet: event.output.sheet,
            headers: [...event.output.table.headers],
            table: event.output.table,
            // Issue 26: the generator starts ready, every row selected (but totals and hidden
            // rows, docs/rows.md) and the fields auto-mapped (a remembered mapping, recalled by
            // the page, then comes first: recallMapping).
            ...startingSelection(event.output.table),
            mapping: autoMapFields(context.placeholders, event.output.table.headers),
            // Several sheets, none with data: the file and its picker stay, the sheet says why.
            ...(event.output.sheetError === undefined
              ? {}
              : { error: messages.readSheet(event.output.sheetError) }),
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
    }),

    readingHeaderRow: generatorSetup.createStateConfig({
      tags: ['processing'],
      invoke: {
        src: 'readSheet',
        input: ({ context, event }) => ({
          file: required(context.dataFile, 'The data file'),
          sheet: context.selectedSheet,
          headerRow: event.type === 'generator.headerRowChanged' ? event.row : undefined,
        }),
        onDone: {
          target: 'ready',
          // As on a new file: every row selected, the fields auto-mapped to the new columns.
          actions: [
            'dropFilter',
            assign(({ context, event }) => ({
              headerRow: event.output.headerRow,
              headers: [...event.output.headers],
              table: event.output,
              ...startingSelection(event.output),
              mapping: autoMapFields(context.placeholders, event.output.headers),
              groupBy: event.output.headers.includes(context.groupBy) ? context.groupBy : '',
              preview: null,
              previewPosition: 0,
              ...messagesKeptForTemplate(context),
            })),
          ],
        },
        onError: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            error: messages.headerRow(context.dataFile?.name ?? '', errorText(event.error)),
          })),
        },
      },
      on: {
        'generator.cancel': {
          target: 'ready',
          actions: assign({ warning: messages.readingCancelled }),
        },
      },
    }),

    readingSheet: generatorSetup.createStateConfig({
      tags: ['processing'],
      invoke: {
        src: 'readSheet',
        input: ({ context }) => ({
          file: required(context.dataFile, 'The data file'),
          sheet: context.selectedSheet,
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            headers: [...event.output.headers],
            table: event.output,
            ...startingSelection(event.output),
            mapping: autoMapFields(
              context.placeholders,
              event.output.headers,
              mappingForHeaders(context.placeholders, context.mapping, event.output.headers),
            ),
            // The key column stays while the sheet read has it.
            groupBy: event.output.headers.includes(context.groupBy) ? context.groupBy : '',
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
    }),
  },
};
