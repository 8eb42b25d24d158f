// Where the app goes when the session cannot be renewed. Kept apart from the http client so the
// shell can set it at start-up without loading the client, which arrives with the first request.
import type { AuthFailureHandler, AuthFailureReason } from './refresh';

let appHandler: AuthFailureHandler | null = null;

/** The app's handler (the shell passes its auth flow); the app's http client calls it. */
export function setAuthFailureHandler(handler: AuthFailureHandler): void {
  appHandler = handler;
}

/** Runs the app's handler, or `fallback` while none is set. */
export function runAppAuthFailure(reason: AuthFailureReason, fallback: AuthFailureHandler): void {
  (appHandler ?? fallback)(reason);
}
