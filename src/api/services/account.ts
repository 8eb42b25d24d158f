// Account calls of docs/product.md#api (the signed-in user's own profile, password, image, activity).

import type { AuditEntity, FieldChange } from '../../domain/history';
import { getHttpClient, type HttpClient } from '../http';
import { CHANGE_PASSWORD_MESSAGES, FALLBACK, PROFILE_UPDATE_MESSAGES } from '../messages';
import { lazyService } from './lazy';
import { call, ifMatch, SCREEN_HANDLED, type ServiceResult, type VersionedWrite } from './result';

export interface AccountProfile {
  id: string | number;
  name?: string;
  username?: string;
  email: string;
  role: string;
  isVerified?: boolean;
  createdAt?: string;
  updatedAt?: string;
  /** +1 on every write of the account (If-Match). */
  version?: number;
  [extra: string]: unknown;
}

export interface ActivityEntry {
  id: string | number;
  action: string;
  /** English text written by the server; clients render `entity`, `entityLabel` and `changes` instead when present. */
  description?: string;
  ipAddress?: string;
  userAgent?: string;
  createdAt: string;
  /** The record the entry is about (null for sign-ins and the like). */
  entity?: AuditEntity | null;
  entityId?: number | null;
  /** The record's name then: a period (YYYY-MM) or an email. */
  entityLabel?: string | null;
  /** The fields the action changed, API names, old → new (render with src/domain/history). */
  changes?: FieldChange[];
}

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ActivityPage {
  activities: ActivityEntry[];
  pagination: unknown;
}

function activityList(data: unknown): ActivityEntry[] {
  if (Array.isArray(data)) return data as ActivityEntry[];
  if (data && typeof data === 'object') {
    const d = data as { activities?: unknown; items?: unknown; activity?: unknown };
    for (const candidate of [d.activities, d.items, d.activity])
      if (Array.isArray(candidate)) return candidate as ActivityEntry[];
  }
  return [];
}

export function createAccountService(http: HttpClient) {
  return {
    getProfile(): Promise<ServiceResult<AccountProfile>> {
      return call(() => http.get<AccountProfile>('/account'), { fallback: FALLBACK.profile });
    },

    updateProfile(
      fields: {
        name?: string;
        email?: string;
        username?: string;
      },
      write?: VersionedWrite,
    ): Promise<ServiceResult<AccountProfile>> {
      return call(
        () =>
          http.put<AccountProfile>('/account', fields, { ...SCREEN_HANDLED, ...ifMatch(write) }),
        {
          fallback: FALLBACK.updateProfile,
          byStatus: PROFILE_UPDATE_MESSAGES,
        },
      );
    },

    changePassword(input: ChangePasswordInput): Promise<ServiceResult<unknown>> {
      return call(() => http.put('/account/password', input, SCREEN_HANDLED), {
        fallback: FALLBACK.changePassword,
        byStatus: CHANGE_PASSWORD_MESSAGES,
      });
    },

    /** `dataUrl` is sent as is ('data:image/png;base64,…'); only keys are converted. */
    uploadProfileImage(dataUrl: string): Promise<ServiceResult<unknown>> {
      return call(
        () => http.post('/account/profile-image', { imageData: dataUrl }, SCREEN_HANDLED),
        { fallback: FALLBACK.uploadProfileImage },
      );
    },

    /** The data-URL of the current image (data.image_data on the wire), or null when none. */
    getProfileImage(): Promise<ServiceResult<string | null>> {
      return call<{ imageData?: string | null } | null, string | null>(
        () => http.get('/account/profile-image'),
        {
          fallback: FALLBACK.profileImage,
          pick: (data) => data?.imageData ?? null,
        },
      );
    },

    getActivity(
      params: { page?: number; limit?: number } = {},
    ): Promise<ServiceResult<ActivityPage>> {
      return call<unknown, ActivityPage>(() => http.get('/account/activity', { query: params }), {
        fallback: FALLBACK.activity,
        pick: (data, envelope) => ({
          activities: activityList(data),
          pagination:
            envelope.pagination ??
            (data as { pagination?: unknown } | undefined)?.pagination ??
            null,
        }),
      });
    },

    /** /account/logout (docs/product.md#api); clears local state whatever the answer. */
    async logout(): Promise<ServiceResult<null>> {
      try {
        return await call<unknown, null>(() => http.post('/account/logout'), {
          fallback: FALLBACK.logout,
          pick: () => null,
        });
      } finally {
        http.tokens.clear();
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/** The app's account calls on the app's http client, built on first use. */
export const account: AccountService = /* @__PURE__ */ lazyService(() =>
  createAccountService(getHttpClient()),
);
