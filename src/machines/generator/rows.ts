// Steps 2 and 3: which rows are selected, and how the template's placeholders map to columns
// (with their formats and the zip's name column). An open preview follows every mapping change.
import { assign } from 'xstate';
import { autoMapFields } from './groups';
import { allSelected } from './context';
import { emptyMapping, recallMapping } from './rules';
import { generatorSetup } from './setup';

/** A mapping edit: the new mapping or formats, told to the page, and an open preview follows. */
const edited = <A>(update: A) => [update, 'mappingEdited', 'refreshPreview'] as const;

/** Transitions of the ready state. */
export const rowsFlow = generatorSetup.createStateConfig({
  on: {
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
      actions: assign(({ context }) => allSelected(context.table.rowCount)),
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
    'generator.includeRows': {
      guard: 'hasRows',
      actions: assign(({ context, event }) => {
        const selection = context.selection.slice();
        let selectedCount = context.selectedCount;
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
      actions: edited(
        assign(({ context, event }) => ({
          mapping: { ...context.mapping, [event.placeholder]: event.column },
        })),
      ),
    },
    'generator.formatChanged': {
      guard: 'isKnownFormat',
      actions: edited(
        assign(({ context, event }) => ({
          formats: { ...context.formats, [event.placeholder]: event.format },
        })),
      ),
    },
    'generator.outputChanged': {
      guard: 'isKnownOutput',
      actions: assign(({ event }) => ({ output: event.output })),
    },
    'generator.nameColumnChanged': {
      guard: 'isKnownNameColumn',
      actions: assign(({ event }) => ({ nameColumn: event.column })),
    },
    'generator.groupByChanged': {
      guard: 'isKnownGroupBy',
      actions: [
        assign(({ event }) => ({ groupBy: event.column, previewPosition: 0 })),
        'refreshPreview',
      ],
    },
    'generator.autoMap': {
      guard: 'hasColumnsAndPlaceholders',
      actions: edited(
        assign(({ context }) => ({
          mapping: autoMapFields(context.placeholders, context.headers, context.mapping),
        })),
      ),
    },
    'generator.clearMappings': {
      guard: 'hasPlaceholders',
      actions: edited(
        assign(({ context }) => ({
          mapping: emptyMapping(context.placeholders),
          formats: { ...context.fieldFormats },
        })),
      ),
    },
    'generator.mappingRecalled': {
      guard: 'hasColumnsAndPlaceholders',
      actions: [assign(({ context, event }) => recallMapping(context, event)), 'refreshPreview'],
    },
  },
}).on;
