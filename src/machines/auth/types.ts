// Types of the authentication machine (docs/product.md#data User, Session storage; #flows Authentication).
import { normaliseRole, type Role } from '../../domain/users/user';
import type { FieldErrors } from '../../domain/validation/forms';
import type { CachedMenus } from '../menus/types';

/** The signed-in user as the shell contract hands it to pages (useCurrentUser). */
export interface CurrentUser {
  id: string | number;
  name: string;
  username: string;
  email: string;
  role: Role;
  isVerified: boolean;
  createdAt: string;
}

/** A user object from the server or local storage (camelCase, fields may be missing). */
export type RawUser = Record<string, unknown>;

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The stored or answered user in the contract's shape (role defaults to staff). */
export function toCurrentUser(raw: RawUser | null | undefined): CurrentUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const id = raw.id;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return {
    id,
    name: text(raw.name),
    username: text(raw.username),
    email: text(raw.email),
    role: normaliseRole(raw.role) ?? 'staff',
    isVerified: raw.isVerified === undefined ? true : raw.isVerified === true,
    createdAt: text(raw.createdAt) || text(raw.updatedAt),
  };
}

export type AuthForm = 'signIn' | 'signUp' | 'forgotPassword' | 'resetPassword';

export interface AuthAlert {
  /** The form whose page shows it. */
  form: AuthForm;
  type: 'error' | 'success' | 'info';
  message: string;
  /** A refusal for too many attempts: the wait the server named, in seconds (the page says it). */
  retryAfterSeconds?: number;
}

export interface AuthInput {
  /** The user found in session storage at start (signed in = tokens + user). */
  user: CurrentUser | null;
  /** Menus cached by an earlier page of this session. */
  menuCache?: CachedMenus | null;
}

export interface AuthContext {
  user: CurrentUser | null;
  /** Data-URL or path of the avatar; null = default image. */
  avatar: string | null;
  fieldErrors: FieldErrors;
  alert: AuthAlert | null;
  /** Set while an authentication error was handled in the last 5 s (docs/product.md#messages). */
  authErrorHandled: boolean;
  menuCache: CachedMenus | null;
}

export interface SignInInput {
  email: string;
  password: string;
}
export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}
export interface ResetPasswordInput {
  token: string;
  password: string;
  confirmPassword: string;
}

export type AuthEvent =
  | ({ type: 'auth.signIn' } & SignInInput)
  | ({ type: 'auth.register' } & RegisterInput)
  | { type: 'auth.forgotPassword'; email: string }
  | ({ type: 'auth.resetPassword' } & ResetPasswordInput)
  | { type: 'auth.formOpened'; form: AuthForm }
  | { type: 'auth.logout' }
  /** A 401 that could not be repaired; `path` is where the user is now. */
  | { type: 'auth.sessionExpired'; path: string }
  | { type: 'auth.expiryGuardReset' }
  | { type: 'auth.refreshUser' }
  | { type: 'auth.refreshMenus' }
  /** Another tab signed in or out. */
  | { type: 'auth.sessionChanged'; user: CurrentUser | null };

export interface AuthNotice {
  type: 'warning' | 'info' | 'success' | 'error';
  title: string;
  message: string;
  duration: number;
}
