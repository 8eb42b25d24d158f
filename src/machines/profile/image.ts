// The avatar region of the profile machine: the current image, a chosen file checked, read and
// previewed, then uploaded (which drops the profile cache).
import { assign } from 'xstate';
import { VALIDATION_MESSAGES } from '../../domain/validation';
import { failureText } from '../../domain/serviceResult';
import { PROFILE_TEXT, profileSetup } from './setup';
import type { ProfileEvent } from './types';
import { required } from '../shared/required';

export const imageRegion = profileSetup.createStateConfig({
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchImage',
        onDone: { target: 'idle', actions: assign({ image: ({ event }) => event.output }) },
        onError: 'idle',
      },
    },
    idle: {
      entry: assign({ preview: null }),
      on: {
        'image.chosen': [
          {
            guard: 'imageRefused',
            actions: assign({ imageError: VALIDATION_MESSAGES.PROFILE_IMAGE_INVALID }),
          },
          { target: 'reading', actions: assign({ imageError: null }) },
        ],
      },
    },
    reading: {
      invoke: {
        src: 'readImage',
        input: ({ event }) => (event as Extract<ProfileEvent, { type: 'image.chosen' }>).file,
        onDone: {
          target: 'previewing',
          actions: assign({ preview: ({ event }) => event.output }),
        },
        onError: {
          target: 'idle',
          actions: assign({ imageError: VALIDATION_MESSAGES.PROFILE_IMAGE_INVALID }),
        },
      },
    },
    previewing: {
      on: {
        'image.upload': 'uploading',
        'image.cancel': { target: 'idle', actions: assign({ imageError: null }) },
        'image.chosen': [
          {
            guard: 'imageRefused',
            target: 'idle',
            actions: assign({ imageError: VALIDATION_MESSAGES.PROFILE_IMAGE_INVALID }),
          },
          { target: 'reading', actions: assign({ imageError: null }) },
        ],
      },
    },
    uploading: {
      invoke: {
        src: 'uploadImage',
        input: ({ context }) => required(context.preview, 'The image to upload'),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ context }) => ({
              image: context.preview,
              cache: null,
              imageError: null,
            })),
            { type: 'cacheChanged', params: null },
            {
              type: 'showMessage',
              params: ({ event }) => ({
                type: 'success',
                text: event.output.message || PROFILE_TEXT.imageUpdated,
              }),
            },
            'profileChanged',
            'reloadActivity',
          ],
        },
        onError: {
          target: 'previewing',
          actions: assign({
            imageError: ({ event }) => failureText(event.error, PROFILE_TEXT.imageFailed),
          }),
        },
      },
    },
  },
});
