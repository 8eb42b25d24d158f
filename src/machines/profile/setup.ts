// The profile machine's setup: its types, the injected actors (src/ui/wiring/profile.ts and
// tests provide them), and the actions, guards and delays its regions share.
import { fromPromise, raise, setup } from 'xstate';
import { CACHE_MS, TIMING_MS } from '../../domain/constants';
import {
  hasErrors,
  profileImageError,
  profileUnchanged,
  validateProfile,
} from '../../domain/validation';
import type { ServiceResult } from '../../domain/serviceResult';
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
} from './types';

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

export const formOf = (profile: ProfileData): ProfileFormValues => ({
  name: profile.name ?? '',
  email: profile.email ?? '',
});

export function isCacheFresh(cache: ProfileCache | null, now: number): boolean {
  return cache !== null && now - cache.at < CACHE_MS.profile;
}

export function activityPagination(raw: unknown): ActivityPagination | null {
  return raw && typeof raw === 'object' ? (raw as ActivityPagination) : null;
}

export const profileSetup = setup({
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
});
