// The profile region of the profile machine: the current user from the cache or the server, the
// editable name and email, saving them, and a 401 that signs out after showing the load error.
import { assign } from 'xstate';
import { VALIDATION_MESSAGES, validateProfile } from '../../domain/validation';
import { failureText, isServiceError } from '../../domain/serviceResult';
import { formOf, PROFILE_TEXT, profileSetup } from './setup';
import type { ProfileData } from './types';

export const detailsRegion = profileSetup.createStateConfig({
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
          actions: assign(({ context }) => {
            const profile = context.cache?.profile;
            return profile ? { profile, form: formOf(profile) } : {};
          }),
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
            guard: ({ event }) => isServiceError(event.error) && event.error.result.status === 401,
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
                    ...context.profile,
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
              // 409 'Email address is already in use by another account.', 400 'Invalid profile data…' (docs/product.md#messages).
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
});
