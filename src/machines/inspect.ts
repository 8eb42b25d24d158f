// Development-only connection to the Stately inspector (@statelyai/inspect). Production builds
// drop it: the import sits behind a NODE_ENV check that esbuild folds to false, so the package
// never reaches dist/. Tokens, passwords and image data never leave the page.
import type { InspectionEvent, Observer } from 'xstate';

export const REDACTED = '[redacted]';
const SECRET_KEY = /token|password|secret|authorization|cookie|image_?data|avatar/i;

/** A deep copy of `value` with every secret-looking key's value replaced. */
export function redact<T>(value: T, depth = 0): T {
  if (value === null || typeof value !== 'object') return value;
  // Deeper than anything we build: drop it rather than risk sending a secret.
  if (depth > 24) return REDACTED as T;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1)) as T;
  // Actor references and other class instances are left to the inspector's own serialiser.
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    out[key] =
      SECRET_KEY.test(key) && v !== null && v !== undefined && v !== ''
        ? REDACTED
        : redact(v, depth + 1);
  }
  return out as T;
}

export type InspectObserver = Observer<InspectionEvent>;

/**
 * Opens the Stately inspector and returns the observer to pass as `inspect` to createActor /
 * useMachine; undefined in production builds.
 */
export async function createDevInspector(): Promise<InspectObserver | undefined> {
  if (process.env.NODE_ENV !== 'production') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector({
      sanitizeContext: (context) => redact(context),
      sanitizeEvent: (event) => redact(event),
      // Also covers what the sanitizers do not see, e.g. a promise actor's input (the password of a sign-in).
      serialize: (inspectionEvent) => redact(inspectionEvent),
    });
    return inspector.inspect;
  }
  return undefined;
}
