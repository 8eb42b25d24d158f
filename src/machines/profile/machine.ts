// /profile (docs/product.md#screens, #flows "Profile cache", #input-rules, #messages): the current user (cached 60 s; the cache
// replaced on update and dropped on image upload), the editable name and email, the avatar
// (checked, previewed, then uploaded), the activity list with paging, and log-out-everywhere.
// A 401 while loading shows the load error and signs out 2 s later. Parallel regions: profile
// (details.ts), image (image.ts), and message, activity and logoutAll below.
import { assign } from 'xstate';
import { failureText } from '../../domain/serviceResult';
import { detailsRegion } from './details';
import { imageRegion } from './image';
import { ACTIVITY_PAGE_SIZE, activityPagination, PROFILE_TEXT, profileSetup } from './setup';

export type * from './types';

export const profileMachine = profileSetup.createMachine({
  id: 'profile',
  type: 'parallel',
  context: ({ input }) => ({
    now: input.now ?? Date.now,
    cache: input.cache ?? null,
    profile: null,
    form: { name: '', email: '' },
    errors: {},
    loadError: null,
    message: null,
    image: null,
    preview: null,
    imageError: null,
    activities: [],
    activityPage: 1,
    activityLimit: input.activityLimit ?? ACTIVITY_PAGE_SIZE,
    activityPagination: null,
    activityError: null,
  }),
  states: {
    profile: detailsRegion,

    image: imageRegion,

    message: {
      initial: 'hidden',
      on: {
        'message.show': {
          target: '.shown',
          actions: assign({ message: ({ event }) => event.message }),
        },
      },
      states: {
        hidden: { entry: assign({ message: null }) },
        shown: {
          on: { 'message.dismiss': 'hidden' },
          after: { messageTimeout: 'hidden' },
        },
      },
    },

    activity: {
      initial: 'loading',
      on: {
        'activity.reload': { target: '.loading' },
        'activity.page': {
          guard: ({ event }) => Number.isInteger(event.page) && event.page >= 1,
          target: '.loading',
          actions: assign({ activityPage: ({ event }) => event.page }),
        },
      },
      states: {
        loading: {
          invoke: {
            src: 'fetchActivity',
            input: ({ context }) => ({ page: context.activityPage, limit: context.activityLimit }),
            onDone: {
              target: 'ready',
              actions: assign({
                activities: ({ event }) => event.output.data?.activities ?? [],
                activityPagination: ({ event }) =>
                  activityPagination(event.output.data?.pagination),
                activityError: null,
              }),
            },
            onError: {
              target: 'failed',
              actions: assign({
                activityError: ({ event }) => failureText(event.error, PROFILE_TEXT.activityFailed),
              }),
            },
          },
        },
        ready: {},
        failed: {},
      },
    },

    logoutAll: {
      initial: 'idle',
      states: {
        idle: { on: { 'logoutAll.request': 'confirming' } },
        confirming: { on: { 'logoutAll.confirm': 'running', 'logoutAll.cancel': 'idle' } },
        running: {
          // The tokens are gone whatever the answer (the service clears them), so sign out either way.
          invoke: {
            src: 'logoutAll',
            onDone: { target: 'done', actions: 'signOut' },
            onError: { target: 'done', actions: 'signOut' },
          },
        },
        done: {},
      },
    },
  },
});
