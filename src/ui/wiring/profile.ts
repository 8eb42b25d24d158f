// The real services behind the profile and change-password machines (src/api, docs/product.md#api "Account").
import { fromPromise } from 'xstate';
import { account, auth } from '../../api';
import type { ChangePasswordForm } from '../../domain/validation';
import type {
  FetchActivityOutput,
  FetchImageOutput,
  FetchProfileOutput,
  ImageFile,
  ProfileCache,
  ProfileFormValues,
  UpdateProfileOutput,
  UploadImageOutput,
} from '../../machines/profile/machine';
import { succeeded, type ServiceResult } from '../../domain/serviceResult';
import type { Kept } from './kept';

export const profileActors = {
  fetchProfile: fromPromise<FetchProfileOutput, void>(async () => {
    const { data } = succeeded(await account.getProfile());
    // An answer without the profile is as good as none: the page shows its load error.
    if (!data) throw new Error('the profile answer has no profile');
    return data;
  }),
  updateProfile: fromPromise<UpdateProfileOutput, ProfileFormValues>(async ({ input }) =>
    succeeded(await account.updateProfile(input)),
  ),
  fetchImage: fromPromise<FetchImageOutput, void>(
    async () => succeeded(await account.getProfileImage()).data,
  ),
  readImage: fromPromise<string, ImageFile>(({ input }) => readAsDataUrl(input as unknown as Blob)),
  uploadImage: fromPromise<UploadImageOutput, string>(async ({ input }) =>
    succeeded(await account.uploadProfileImage(input)),
  ),
  fetchActivity: fromPromise<FetchActivityOutput, { page: number; limit: number }>(
    async ({ input }) => succeeded(await account.getActivity(input)),
  ),
  logoutAll: fromPromise<ServiceResult<unknown>, void>(async () =>
    succeeded(await auth.logoutAll()),
  ),
};

export const changePasswordActors = {
  changePassword: fromPromise<ServiceResult<unknown>, ChangePasswordForm>(async ({ input }) =>
    succeeded(await account.changePassword(input)),
  ),
};

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string'
        ? resolve(reader.result)
        : reject(new Error('unreadable image'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(file);
  });
}

// The profile cache outlives the page (docs/product.md#flows: 60 s), for the signed-in user only; the shell
// keeps it (see Kept in ./shell).
interface CacheBox {
  cache: ProfileCache | null;
}

const box = (kept: Kept) => kept.get<CacheBox>('profileCache', () => ({ cache: null })).value;

export function keptProfileCache(
  kept: Kept,
  userId: string | number | undefined,
): ProfileCache | null {
  const { cache } = box(kept);
  return cache && userId !== undefined && String(cache.profile.id) === String(userId)
    ? cache
    : null;
}

export function keepProfileCache(kept: Kept, cache: ProfileCache | null): void {
  box(kept).cache = cache;
}
