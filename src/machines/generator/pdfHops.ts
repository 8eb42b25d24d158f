// The PDF outputs' hops after the merge (docs/generator.md, "PDF outputs"): the server converts
// the merged .docx (convertToPdf), and for one PDF per row the worker splits the PDF per section
// into a zip (splitPdf). Each hop is a substate of generating with its own actor, so the inspector
// shows where a run is and Cancel stops the hop that runs (its request or worker call aborted).
import { assign } from 'xstate';
import { pdfPages } from '../../domain/generator/pdfProgress';
import { required } from '../shared/required';
import { pdfResult, splitResult } from './results';
import { documentOutput } from './rules';
import { downloadOf } from './selectors';
import { generatorSetup } from './setup';
import type { GeneratorContext } from './types';

/** The run these hops carry on: assigned by the merge's only way into converting. */
const runOf = (context: GeneratorContext) => required(context.pdfRun, 'The merged document');

/** A hop that failed ends the run with its error, as a failed merge does. */
const failed = {
  target: '#generator.ready',
  actions: { type: 'runFailed', params: ({ event }: { event: { error: unknown } }) => event },
} as const;

export const pdfHops = {
  /**
   * The merged document is on the server, being converted; beside the request, a watcher polls
   * its progress (stopped with the state: on success, failure and Cancel).
   */
  converting: generatorSetup.createStateConfig({
    on: {
      'generator.pdfProgress': {
        actions: assign(({ context, event }) => ({
          pdfRun: { ...runOf(context), progress: pdfPages(event) ?? runOf(context).progress },
        })),
      },
    },
    invoke: [
      {
        src: 'watchPdfProgress',
        input: ({ context }) => ({ progressId: runOf(context).progressId }),
      },
      {
        src: 'convertToPdf',
        input: ({ context }) => ({
          file: runOf(context).merged.file,
          progressId: runOf(context).progressId,
          dropMarkers: documentOutput(context) !== 'pdfPerRow',
        }),
        onDone: [
          {
            guard: 'isPdfPerRow',
            target: 'splitting',
            actions: assign(({ context, event }) => ({
              pdfRun: { ...runOf(context), pdf: event.output },
            })),
          },
          {
            target: '#generator.ready',
            actions: [
              {
                type: 'download',
                params: ({ context, event }) => downloadOf(pdfResult(runOf(context), event.output)),
              },
              {
                type: 'finished',
                params: ({ context, event }) => ({
                  result: pdfResult(runOf(context), event.output),
                }),
              },
            ],
          },
        ],
        onError: failed,
      },
    ],
  }),
  /** The worker finds each section's pages in the PDF and writes one PDF per section. */
  splitting: generatorSetup.createStateConfig({
    invoke: {
      src: 'splitPdf',
      input: ({ context }) => {
        const run = runOf(context);
        return {
          pdf: required(run.pdf, 'The converted PDF'),
          sectionNames: run.merged.sectionNames ?? [],
        };
      },
      onDone: {
        target: '#generator.ready',
        actions: [
          {
            type: 'download',
            params: ({ context, event }) => downloadOf(splitResult(runOf(context), event.output)),
          },
          {
            type: 'finished',
            params: ({ context, event }) => ({
              result: splitResult(runOf(context), event.output),
            }),
          },
        ],
      },
      onError: failed,
    },
  }),
};
