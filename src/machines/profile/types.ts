// Types of the profile machine (docs/product.md#screens "/profile", #data "User", "Account activity entry",
// docs/product.md#flows "Profile cache", #input-rules "Profile", "Profile image", #messages "Profile load/update").
import type { ServiceResult } from '../../domain/serviceResult';

export interface ProfileData {
  readonly id: string | number;
  readonly name?: string;
  readonly username?: string;
  readonly email: string;
  readonly role: string;
  readonly isVerified?: boolean;
  readonly createdAt?: string;
  readonly updatedAt?: string;
}

/** The profile as last read, and when (ms on the machine's clock). */
export interface ProfileCache {
  readonly profile: ProfileData;
  readonly at: number;
}

export interface ProfileFormValues {
  readonly name: string;
  readonly email: string;
}

export type ProfileField = keyof ProfileFormValues;

export interface ProfileMessage {
  readonly type: 'success' | 'error' | 'info';
  readonly text: string;
}

/** A chosen image: a browser File satisfies it. */
export interface ImageFile {
  readonly type: string;
  readonly size: number;
  readonly name?: string;
}

export interface ActivityRow {
  readonly id: string | number;
  readonly action: string;
  readonly description?: string;
  readonly ipAddress?: string;
  readonly userAgent?: string;
  readonly createdAt: string;
}

export interface ActivityPagination {
  readonly page?: number;
  readonly limit?: number;
  readonly total?: number;
  readonly totalPages?: number;
}

export interface ProfileContext {
  readonly now: () => number;
  readonly cache: ProfileCache | null;
  readonly profile: ProfileData | null;
  readonly form: ProfileFormValues;
  readonly errors: Partial<Record<ProfileField, string>>;
  readonly loadError: string | null;
  readonly message: ProfileMessage | null;
  /** The current avatar as a data-URL; null = the default picture. */
  readonly image: string | null;
  /** The chosen image, read as a data-URL, waiting for Upload or Cancel. */
  readonly preview: string | null;
  readonly imageError: string | null;
  readonly activities: readonly ActivityRow[];
  readonly activityPage: number;
  readonly activityLimit: number;
  readonly activityPagination: ActivityPagination | null;
  readonly activityError: string | null;
}

export interface ProfileInput {
  /** A cache kept by the page between visits (only the signed-in user's). */
  readonly cache?: ProfileCache | null;
  /** Clock for the cache; tests pass the simulated clock's now. */
  readonly now?: () => number;
  readonly activityLimit?: number;
}

// What the actors resolve with: a call that succeeded (a failure rejects with a ServiceError).
export type FetchProfileOutput = ProfileData;
export type UpdateProfileOutput = ServiceResult<ProfileData>;
/** The avatar as a data-URL; null = none. */
export type FetchImageOutput = string | null;
export type UploadImageOutput = ServiceResult<unknown>;
export type FetchActivityOutput = ServiceResult<{
  activities: readonly ActivityRow[];
  pagination: unknown;
}>;

export type ProfileEvent =
  | { type: 'profile.change'; field: ProfileField; value: string }
  | { type: 'profile.save' }
  | { type: 'profile.refresh' }
  | { type: 'image.chosen'; file: ImageFile }
  | { type: 'image.upload' }
  | { type: 'image.cancel' }
  | { type: 'activity.page'; page: number }
  | { type: 'activity.reload' }
  | { type: 'logoutAll.request' }
  | { type: 'logoutAll.confirm' }
  | { type: 'logoutAll.cancel' }
  | { type: 'message.dismiss' };
