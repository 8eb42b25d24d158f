// Preview Row: the document one selected row produces, rendered by the worker; Next/Previous walk
// the selected rows, and an open preview is rendered again when the mapping changes.
import { assign } from 'xstate';
import { errorText, messages } from './rules';
import { positionCount } from './groups';
import { previewInput, previewRowAt } from './selectors';
import { generatorSetup } from './setup';
import { required } from '../shared/required';

export const previewFlow = {
  /** Transitions of the ready state. */
  on: generatorSetup.createStateConfig({
    on: {
      'generator.previewRow': {
        guard: 'canPreview',
        target: 'previewing',
        actions: assign({ previewPosition: 0, error: '' }),
      },
      'generator.previewNext': {
        guard: 'hasNextPreview',
        target: 'previewing',
        actions: assign(({ context }) => ({
          previewPosition: required(context.preview, 'The preview').position + 1,
          error: '',
        })),
      },
      'generator.previewPrevious': {
        guard: 'hasPreviousPreview',
        target: 'previewing',
        actions: assign(({ context }) => ({
          previewPosition: required(context.preview, 'The preview').position - 1,
          error: '',
        })),
      },
      'generator.previewRefresh': {
        guard: 'isPreviewOpen',
        target: 'previewing',
        actions: assign(({ context }) => ({
          previewPosition: Math.min(context.preview?.position ?? 0, positionCount(context) - 1),
        })),
      },
      'generator.previewClosed': {
        actions: assign({ preview: null }),
      },
    },
  }).on,
  states: {
    previewing: generatorSetup.createStateConfig({
      tags: ['processing'],
      invoke: {
        src: 'previewRow',
        input: ({ context }) => previewInput(context),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            preview: {
              position: context.previewPosition,
              rowIndex: previewRowAt(context, context.previewPosition),
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
    }),
  },
};
