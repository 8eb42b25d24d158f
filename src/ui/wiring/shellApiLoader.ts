// The shell's way to the API client: loaded on the first call (a sign-in, or the signed-in
// user's first fetch) instead of with the page, so a guest's first page does not carry it.
// Everything the shell needs synchronously (tokens, error events) is imported directly.
import { NOTICE_TEXTS } from '../../api/errorMessages';
import { ServiceError } from '../../domain/serviceResult';

export type ShellApi = typeof import('./shellApi');

let loading: Promise<ShellApi> | null = null;

/** The API client module; a failed load (server unreachable) is tried again on the next call. */
export function loadShellApi(): Promise<ShellApi> {
  loading ??= import('./shellApi').catch(() => {
    loading = null;
    // Worded as a call that found no server (docs/product.md#messages), since that is what happened.
    throw ServiceError.of(NOTICE_TEXTS.backendDown);
  });
  return loading;
}

/** Starts loading the client ahead of a call the user is about to make (e.g. while filling a form). */
export function preloadShellApi(): void {
  loadShellApi().catch(() => undefined);
}
