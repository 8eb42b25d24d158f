// /profile (spec §2, §4 "Profile cache", §5, §8): the current user (cached 60 s; the cache
// replaced on update and dropped on image upload), the editable name and email, the avatar
// (checked, previewed, then uploaded), the activity list with paging, and log-out-everywhere.
// A 401 while loading shows the load error and signs out 2 s later.
import { assign, fromPromise, raise, setup } from 'xstate';
import { CACHE_MS, TIMING_MS } from '../domain/constants';
import {
  hasErrors,
  VALIDATION_MESSAGES,
  profileImageError,
  profileUnchanged,
  validateProfile,
} from '../domain/validation';
import type {
  ActivityPagination,
  FetchActivityOutput,
  FetchImageOutput,
  FetchProfileOutput,
  ImageFile,
  ProfileCache,
  ProfileContext,
  ProfileData,
  ProfileEvent,
  ProfileFormValues,
  ProfileInput,
  ProfileMessage,
  UpdateProfileOutput,
  UploadImageOutput,
} from './profile.types';
import { failureText, isServiceError, type ServiceResult } from '../domain/serviceResult';

export type * from './profile.types';

export const PROFILE_TEXT = {
  loadError: 'Failed to load profile. Please try again.',
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  imageUpdated: 'Profile image updated successfully',
  imageFailed: 'Failed to upload profile image',
  activityFailed: 'Failed to fetch account activity',
  logoutAllFailed: 'Failed to log out of all devices',
} as const;

export const ACTIVITY_PAGE_SIZE = 10;

function notProvided(name: string): () => Promise<never> {
  return () => Promise.reject(new Error(`${name} is not provided`));
}

const formOf = (profile: ProfileData): ProfileFormValues => ({
  name: profile.name ?? '',
  email: profile.email ?? '',
});

export function isCacheFresh(cache: ProfileCache | null, now: number): boolean {
  return cache !== null && now - cache.at < CACHE_MS.profile;
}

function activityPagination(raw: unknown): ActivityPagination | null {
  return raw && typeof raw === 'object' ? (raw as ActivityPagination) : null;
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent | { type: 'message.show'; message: ProfileMessage },
    input: {} as ProfileInput,
  },
  actors: {
    fetchProfile: fromPromise<FetchProfileOutput, void>(notProvided('fetchProfile')),
    updateProfile: fromPromise<UpdateProfileOutput, ProfileFormValues>(
      notProvided('updateProfile'),
    ),
    fetchImage: fromPromise<FetchImageOutput, void>(notProvided('fetchImage')),
    readImage: fromPromise<string, ImageFile>(notProvided('readImage')),
    uploadImage: fromPromise<UploadImageOutput, string>(notProvided('uploadImage')),
    fetchActivity: fromPromise<FetchActivityOutput, { page: number; limit: number }>(
      notProvided('fetchActivity'),
    ),
    logoutAll: fromPromise<ServiceResult<unknown>, void>(notProvided('logoutAll')),
  },
  actions: {
    /** The top bar's user (name, avatar) is stale: reload it. */
    profileChanged: () => {},
    /** Keep the cache for the next visit (null = dropped). */
    cacheChanged: (_, _cache: ProfileCache | null) => {},
    /** Log out locally and go to /signin. */
    signOut: () => {},
    showMessage: raise((_, message: ProfileMessage) => ({
      type: 'message.show' as const,
      message,
    })),
    reloadActivity: raise({ type: 'activity.reload' as const }),
  },
  guards: {
    cacheFresh: ({ context }) => isCacheFresh(context.cache, context.now()),
    formInvalid: ({ context }) => hasErrors(validateProfile(context.form)),
    unchanged: ({ context }) =>
      context.profile !== null && profileUnchanged(context.form, context.profile),
    imageRefused: ({ event }) =>
      event.type === 'image.chosen' && profileImageError(event.file) !== null,
  },
  delays: {
    messageTimeout: TIMING_MS.messageDisplay,
    redirectAfterUnauthorized: 2000,
  },
}).createMachine({
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
    profile: {
      initial: 'start',
      on: {
        'profile.refresh': { target: '.loading' },
        'profile.change': {
          actions: assign(({ context, event }) => {
            const { [event.field]: _gone, ...errors } = context.errors;
            return { form: { ...context.form, [event.field]: event.value }, errors };
          }),
        },
      },
      states: {
        start: {
          always: [
            {
              guard: 'cacheFresh',
              target: 'ready',
              actions: assign(({ context }) => ({
                profile: context.cache!.profile,
                form: formOf(context.cache!.profile),
              })),
            },
            { target: 'loading' },
          ],
        },
        loading: {
          entry: assign({ loadError: null }),
          invoke: {
            src: 'fetchProfile',
            onDone: {
              target: 'ready',
              actions: [
                assign(({ context, event }) => {
                  const profile = event.output;
                  return {
                    profile,
                    form: formOf(profile),
                    errors: {},
                    cache: { profile, at: context.now() },
                  };
                }),
                { type: 'cacheChanged', params: ({ context }) => context.cache },
              ],
            },
            onError: [
              {
                guard: ({ event }) =>
                  isServiceError(event.error) && event.error.result.status === 401,
                target: 'unauthorized',
              },
              { target: 'failed' },
            ],
          },
        },
        ready: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'profile.save': [
                  {
                    guard: 'formInvalid',
                    actions: assign({ errors: ({ context }) => validateProfile(context.form) }),
                  },
                  {
                    guard: 'unchanged',
                    actions: {
                      type: 'showMessage',
                      params: { type: 'info', text: VALIDATION_MESSAGES.PROFILE_NO_CHANGES },
                    },
                  },
                  { target: 'saving', actions: assign({ errors: {} }) },
                ],
              },
            },
            saving: {
              invoke: {
                src: 'updateProfile',
                input: ({ context }) => ({
                  name: context.form.name.trim(),
                  email: context.form.email.trim(),
                }),
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => {
                      const profile = {
                        ...context.profile!,
                        ...context.form,
                        ...(event.output.data ?? {}),
                      } as ProfileData;
                      return {
                        profile,
                        form: formOf(profile),
                        cache: { profile, at: context.now() },
                      };
                    }),
                    { type: 'cacheChanged', params: ({ context }) => context.cache },
                    {
                      type: 'showMessage',
                      params: ({ event }) => ({
                        type: 'success',
                        text: event.output.message || PROFILE_TEXT.updated,
                      }),
                    },
                    'profileChanged',
                    'reloadActivity',
                  ],
                },
                onError: {
                  // 409 'Email address is already in use by another account.', 400 'Invalid profile data…' (§8).
                  target: 'idle',
                  actions: [
                    assign({
                      errors: ({ context, event }) =>
                        isServiceError(event.error) &&
                        (event.error.result.field === 'email' || event.error.result.status === 409)
                          ? { ...context.errors, email: event.error.message }
                          : context.errors,
                    }),
                    {
                      type: 'showMessage',
                      params: ({ event }) => ({
                        type: 'error',
                        text: failureText(event.error, PROFILE_TEXT.updateFailed),
                      }),
                    },
                  ],
                },
              },
            },
          },
        },
        failed: {
          entry: assign({ loadError: PROFILE_TEXT.loadError }),
        },
        unauthorized: {
          entry: assign({ loadError: PROFILE_TEXT.loadError }),
          on: { 'profile.refresh': {} },
          after: { redirectAfterUnauthorized: { target: 'signedOut', actions: 'signOut' } },
        },
        signedOut: { on: { 'profile.refresh': {} } },
      },
    },

    image: {
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
            input: ({ context }) => context.preview!,
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
    },

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
