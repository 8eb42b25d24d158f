// Step 4: Generate (the merged document, a zip of one document per row, or PDF) and Export to
// XLSX, each run by the worker (a PDF also by the server) and downloaded when done. Cancel stops
// the actor that runs, which aborts its call.
import { assign } from 'xstate';
import { PDF_OUTPUT_KINDS } from '../../domain/generator/generationJob';
import { newProgressId } from '../../domain/generator/pdfProgress';
import { noMessages } from './context';
import { documentOutput, errorText, messages } from './rules';
import { downloadOf, exportJob, generationJob } from './selectors';
import { generatorSetup } from './setup';
import { positionCount } from './groups';
import { pdfHops } from './pdfHops';
import { SUCCESS } from './results';

export const generateFlow = {
  /** Transitions of every state. */
  root: generatorSetup.createStateConfig({
    on: {
      'generator.pdfCapability': {
        actions: assign(({ context, event }) => ({
          pdfAvailable: event.enabled,
          // A PDF output chosen before the server said no falls back to the merged document, the
          // e-mail with the PDF attached to the e-mail with the .docx.
          output:
            event.enabled || !PDF_OUTPUT_KINDS.includes(documentOutput(context))
              ? context.output === 'mailPdf' && !event.enabled
                ? 'mailDocx'
                : context.output
              : 'merged',
        })),
      },
    },
  }).on,
  /** Transitions of the ready state. */
  on: generatorSetup.createStateConfig({
    on: {
      'generator.generate': {
        guard: 'canGenerate',
        target: 'generating',
        actions: assign(({ context }) => ({
          ...noMessages,
          progress: { processed: 0, total: positionCount(context) },
        })),
      },
      'generator.export': {
        guard: 'canExport',
        target: 'exporting',
        actions: assign(noMessages),
      },
    },
  }).on,
  states: {
    /**
     * Generate runs in hops, each its own actor: the worker merges; a PDF output then goes to the
     * server to be converted, and one PDF per row back to the worker to be split (pdfHops.ts).
     * Cancel leaves the state, which stops whichever hop runs.
     */
    generating: generatorSetup.createStateConfig({
      tags: ['processing'],
      initial: 'merging',
      states: {
        merging: {
          invoke: { src: 'generate', input: ({ context }) => generationJob(context) },
          on: {
            'generator.progress': {
              actions: assign(({ event }) => ({
                progress: { processed: event.processed, total: event.total },
              })),
            },
            'generator.merged': [
              {
                guard: 'isPdfOutput',
                target: 'converting',
                actions: assign(({ event }) => ({
                  pdfRun: {
                    merged: event.result,
                    pdf: null,
                    progressId: newProgressId(),
                    progress: null,
                  },
                })),
              },
              {
                target: '#generator.ready',
                actions: [
                  { type: 'download', params: ({ event }) => downloadOf(event.result) },
                  { type: 'finished', params: ({ event }) => ({ result: event.result }) },
                ],
              },
            ],
            'generator.mergeFailed': {
              target: '#generator.ready',
              actions: { type: 'runFailed', params: ({ event }) => event },
            },
          },
        },
        ...pdfHops,
      },
      on: {
        'generator.cancel': {
          target: 'ready',
          actions: assign({ warning: messages.generationCancelled, pdfRun: null }),
        },
      },
    }),

    exporting: generatorSetup.createStateConfig({
      tags: ['processing'],
      invoke: {
        src: 'exportRows',
        input: ({ context }) => exportJob(context),
        onDone: {
          target: 'ready.exportMessage',
          actions: [
            { type: 'download', params: ({ event }) => downloadOf(event.output) },
            assign(({ event }) => ({
              success: SUCCESS.xlsx(event.output.count, event.output.fileName, 0),
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
    }),
  },
};
