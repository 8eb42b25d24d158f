// Auth calls of docs/product.md#api: login, register, logout, logout-all, forgot/reset password, refresh.

import { getHttpClient, type HttpClient } from '../http';
import {
  FALLBACK,
  FORGOT_PASSWORD_MESSAGES,
  SIGN_IN_MESSAGES,
  SIGN_UP_MESSAGES,
  SIGN_UP_SUCCESS,
} from '../messages';
import { lazyService } from './lazy';
import { call, failure, type ServiceResult } from './result';

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

export interface SessionUser {
  id: string | number;
  name?: string;
  email: string;
  role: string;
  isVerified?: boolean;
  profileImage?: string;
  createdAt?: string;
  [extra: string]: unknown;
}

export interface LoginData {
  user: SessionUser;
  tokens: AuthTokens;
}

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  /** Only when an admin adds a user; sent lowercase (docs/product.md#roles-and-menus). */
  role?: string;
  username?: string;
}

interface LoginWire {
  user?: SessionUser;
  tokens?: Partial<AuthTokens>;
  accessToken?: string;
  refreshToken?: string;
}

export function createAuthService(http: HttpClient) {
  return {
    async login(email: string, password: string): Promise<ServiceResult<LoginData>> {
      const result = await call<LoginWire, LoginData | null>(
        () => http.post('/auth/login', { email, password }, { notify: false }),
        {
          fallback: FALLBACK.login,
          byStatus: SIGN_IN_MESSAGES,
          pick: (data) => {
            const accessToken = data?.tokens?.accessToken ?? data?.accessToken;
            const refreshToken = data?.tokens?.refreshToken ?? data?.refreshToken;
            if (!data?.user || !accessToken) return null;
            return { user: data.user, tokens: { accessToken, refreshToken: refreshToken ?? '' } };
          },
        },
      );
      if (!result.success) return result as ServiceResult<LoginData>;
      if (!result.data) return failure(FALLBACK.login, result.status);
      http.tokens.setTokens(result.data.tokens);
      http.tokens.setUser(result.data.user);
      return result as ServiceResult<LoginData>;
    },

    register(input: RegisterInput): Promise<ServiceResult<unknown>> {
      const body = { ...input, ...(input.role ? { role: input.role.toLowerCase() } : {}) };
      return call(() => http.post('/auth/register', body, { notify: false }), {
        fallback: FALLBACK.register,
        byStatus: SIGN_UP_MESSAGES,
        successMessage: SIGN_UP_SUCCESS,
      });
    },

    /** Ends the session on the server; local state is cleared whatever the answer. */
    async logout(): Promise<ServiceResult<null>> {
      try {
        // The refresh token lets the server end the session even when the access token expired.
        const refreshToken = http.tokens.getRefreshToken();
        const result = await call<unknown, null>(
          () => http.post('/auth/logout', refreshToken ? { refreshToken } : undefined),
          {
            fallback: FALLBACK.logout,
            pick: () => null,
          },
        );
        return result;
      } finally {
        http.tokens.clear();
      }
    },

    /** Ends every session of this user (this one too), then clears local state. */
    async logoutAll(): Promise<ServiceResult<null>> {
      try {
        let result = await call<unknown, null>(() => http.post('/account/logout-all'), {
          fallback: FALLBACK.logoutAll,
          pick: () => null,
        });
        // docs/product.md#api names both paths; a server that only has the other one answers 404.
        if (!result.success && result.status === 404) {
          result = await call<unknown, null>(() => http.post('/users/logout-all'), {
            fallback: FALLBACK.logoutAll,
            pick: () => null,
          });
        }
        return result;
      } finally {
        http.tokens.clear();
      }
    },

    forgotPassword(email: string): Promise<ServiceResult<unknown>> {
      return call(() => http.post('/auth/forgot-password', { email }, { notify: false }), {
        fallback: FALLBACK.forgotPassword,
        byStatus: FORGOT_PASSWORD_MESSAGES,
      });
    },

    resetPassword(token: string, password: string): Promise<ServiceResult<unknown>> {
      return call(() => http.post('/auth/reset-password', { token, password }, { notify: false }), {
        fallback: FALLBACK.resetPassword,
      });
    },

    /** Renews the tokens now (normally the http layer does this on a 401). */
    async refresh(): Promise<ServiceResult<AuthTokens>> {
      const ok = await http.refreshSession();
      const accessToken = http.tokens.getAccessToken();
      const refreshToken = http.tokens.getRefreshToken();
      if (ok && accessToken)
        return {
          success: true,
          data: { accessToken, refreshToken: refreshToken ?? '' },
          error: null,
          status: 200,
        };
      return failure(FALLBACK.refresh, 401);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

/** The app's auth calls on the app's http client, built on first use. */
export const auth: AuthService = /* @__PURE__ */ lazyService(() =>
  createAuthService(getHttpClient()),
);
