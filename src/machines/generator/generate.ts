// Step 4: Generate (the merged document or a zip of one document per row) and Export to XLSX,
// each run by the worker and downloaded when done. Cancel stops the actor, which aborts its call.
import { assign } from 'xstate';
import { PDF_OUTPUT_KINDS, type GenerationResult } from '../../domain/generator/generationJob';
import { noMessages } from './context';
import { documentOutput, errorText, messages } from './rules';
import { downloadOf, exportJob, generationJob } from './selectors';
import { generatorSetup } from './setup';
import { positionCount } from './groups';

/** The success message of each kind of result (a new output kind must say what it made). */
const SUCCESS: Record<
  GenerationResult['kind'],
  (count: number, file: string, skipped: number) => string
> = {
  merged: (count, _file, skipped) => messages.generated(count, skipped),
  zip: messages.zipped,
  pdf: (count, _file, skipped) => messages.generatedPdf(count, skipped),
  pdfPerRow: messages.zipped,
  xlsx: (count, file) => messages.exported(count, file),
};

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
    generating: generatorSetup.createStateConfig({
      tags: ['processing'],
      invoke: { src: 'generate', input: ({ context }) => generationJob(context) },
      initial: 'merging',
      states: {
        merging: {},
        /** A PDF output: the merged document is on the server, being converted. */
        converting: {},
      },
      on: {
        'generator.converting': { target: '.converting' },
        'generator.progress': {
          actions: assign(({ event }) => ({
            progress: { processed: event.processed, total: event.total },
          })),
        },
        'generator.merged': {
          target: 'ready',
          actions: [
            { type: 'download', params: ({ event }) => downloadOf(event.result) },
            assign(({ context, event }) => {
              const { count, fileName, skipped, warnings } = event.result;
              return {
                success: SUCCESS[event.result.kind](count, fileName, skipped),
                warning: warnings.join('\n'),
                lastRun: {
                  number: (context.lastRun?.number ?? 0) + 1,
                  templateFile: context.templateFile!,
                  dataFile: context.dataFile!,
                  rows: context.progress.total,
                  documents: count,
                  output: documentOutput(context),
                },
              };
            }),
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
