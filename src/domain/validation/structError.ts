// Turning a superstruct failure into the { field, message } the API answers with.
import { StructError, validate, type Struct } from 'superstruct';
import { VALIDATION_MESSAGES as M } from './messages';

export interface FieldError {
  /** Dotted path of the field ('' for the body itself). */
  field: string;
  message: string;
}

/** The first failure with its human message; superstruct's own texts become 'x is invalid'. */
export function structErrorToField(error: StructError): FieldError {
  const failure = error.failures()[0] ?? error;
  const field = failure.path.map(String).join('.');
  const generic = failure.message.startsWith('Expected ');
  if (!generic) return { field, message: failure.message };
  if (field === '') return { field, message: M.BODY_NOT_OBJECT };
  return { field, message: `${field} is invalid` };
}

export type BodyResult<T> = { ok: true; value: T } | ({ ok: false } & FieldError);

/**
 * Validates a request body: unknown keys are dropped (mask), coercions (trim, lower-case email
 * and role) applied, and the first problem returned as { field, message }.
 */
export function validateBody<T>(struct: Struct<T, unknown>, body: unknown): BodyResult<T> {
  try {
    const [error, value] = validate(body, struct, { coerce: true, mask: true });
    // Failures are collected lazily, so reading them can throw too.
    if (error) return { ok: false, ...structErrorToField(error) };
    return { ok: true, value: value as T };
  } catch {
    // superstruct prints a refused value into its message; a JSON object whose own `toString`
    // or `valueOf` is not a function cannot be printed, and that must stay a 400, not a crash.
    return { ok: false, ...unprintableField(body) };
  }
}

/** The first object in `value` that cannot be turned into text, named by its path. */
function unprintableField(value: unknown): FieldError {
  const found =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? findUnprintable(value, [])
      : null;
  const field = (found ?? []).join('.');
  return { field, message: field === '' ? M.BODY_NOT_OBJECT : `${field} is invalid` };
}

function findUnprintable(value: unknown, path: string[]): string[] | null {
  if (value === null || typeof value !== 'object') return null;
  const own = value as Record<string, unknown>;
  if (Object.getPrototypeOf(value) === null) return path;
  for (const key of ['toString', 'valueOf']) {
    if (Object.hasOwn(own, key) && typeof own[key] !== 'function') return path;
  }
  for (const [key, child] of Object.entries(own)) {
    const found = findUnprintable(child, [...path, key]);
    if (found) return found;
  }
  return null;
}
