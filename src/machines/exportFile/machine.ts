// Export of a list (issue 25): every row the list's filters and sort select, as .xlsx or .csv.
// The injected actor asks the server and hands the file to the browser; the machine keeps the
// button busy meanwhile and says what came out (the file's name) or why nothing did.
import { assign, fromPromise, setup } from 'xstate';
import { failureText } from '../../domain/serviceResult';

export type ExportFormatChoice = 'xlsx' | 'csv';

export interface ExportFileInput {
  format: ExportFormatChoice;
}

export interface ExportFileOutput {
  /** The name the server gave the file (it carries the day and the filters). */
  fileName: string;
}

export interface ExportContext {
  fileName: string | null;
  error: string | null;
  failedText: string;
}

export type ExportEvent = { type: 'export.start'; format: ExportFormatChoice };

export const exportFileMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as ExportEvent,
    input: {} as { failedText: string },
  },
  actors: {
    exportFile: fromPromise<ExportFileOutput, ExportFileInput>(async () => ({ fileName: '' })),
  },
}).createMachine({
  id: 'exportFile',
  context: ({ input }) => ({ fileName: null, error: null, failedText: input.failedText }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'export.start': {
          target: 'exporting',
          actions: assign({ fileName: null, error: null }),
        },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        src: 'exportFile',
        input: ({ event }) => ({ format: (event as ExportEvent).format }),
        onDone: {
          target: 'idle',
          actions: assign({ fileName: ({ event }) => event.output.fileName }),
        },
        onError: {
          target: 'idle',
          actions: assign({
            error: ({ context, event }) => failureText(event.error, context.failedText),
          }),
        },
      },
    },
  },
});

export type ExportFileMachine = typeof exportFileMachine;
