// Turning a superstruct failure into the { field, message } the API answers with.
import { StructError, validate, type Struct } from 'superstruct';
import { MESSAGES as M } from './messages';

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
  const [error, value] = validate(body, struct, { coerce: true, mask: true });
  if (error) return { ok: false, ...structErrorToField(error) };
  return { ok: true, value: value as T };
}
