// What the profile screen reads from the profile machine, by name: components select these
// instead of digging in the machine's context.
import type { SnapshotFrom } from 'xstate';
import type { profileMachine } from './machine';

type State = SnapshotFrom<typeof profileMachine>;

export type ProfileStatus = 'loading' | 'ready' | 'failed';

export const selectProfileStatus = (s: State): ProfileStatus =>
  s.matches({ profile: 'ready' })
    ? 'ready'
    : s.matches({ profile: 'failed' }) ||
        s.matches({ profile: 'unauthorized' }) ||
        s.matches({ profile: 'signedOut' })
      ? 'failed'
      : 'loading';
export const selectProfile = (s: State) => s.context.profile;
export const selectForm = (s: State) => s.context.form;
export const selectErrors = (s: State) => s.context.errors;
export const selectLoadError = (s: State) => s.context.loadError;
export const selectMessage = (s: State) => s.context.message;
export const selectSaving = (s: State) => s.matches({ profile: { ready: 'saving' } });
export const selectConfirmingLogoutAll = (s: State) => !s.matches({ logoutAll: 'idle' });
export const selectLoggingOutAll = (s: State) =>
  s.matches({ logoutAll: 'running' }) || s.matches({ logoutAll: 'done' });

export const selectImage = (s: State) => s.context.image;
export const selectPreview = (s: State) => s.context.preview;
export const selectImageError = (s: State) => s.context.imageError;
export const selectUploading = (s: State) => s.matches({ image: 'uploading' });
export const selectReadingImage = (s: State) => s.matches({ image: 'reading' });

export const selectActivities = (s: State) => s.context.activities;
export const selectActivityPage = (s: State) => s.context.activityPage;
export const selectActivityPagination = (s: State) => s.context.activityPagination;
export const selectActivityError = (s: State) => s.context.activityError;
export const selectActivityLoading = (s: State) => s.matches({ activity: 'loading' });
