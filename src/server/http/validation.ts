import { define, refine, string, StructError, type Failure } from 'superstruct';

/** Pragmatic address check: one @, no spaces, a dot in the domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A string whose trimmed length is at least `min`; the message names the field. */
export function textAtLeast(field: string, label: string, min: number) {
  return refine(string(), `${field}_min`, (value) =>
    value.trim().length >= min || `${label} must be at least ${min} characters`,
  );
}

export function emailAddress(field = 'email') {
  return refine(string(), `${field}_format`, (value) =>
    (value.trim().length <= 254 && EMAIL_PATTERN.test(value.trim())) || 'Please enter a valid email address',
  );
}

/** A non-empty string (after trimming). */
export function requiredText(label: string) {
  return refine(string(), 'required', (value) => value.trim().length > 0 || `${label} is required`);
}

/** true/false, also 1/0 and "true"/"false" as some clients send them. */
export const looseBoolean = define<boolean>('boolean', (value) =>
  typeof value === 'boolean' || value === 0 || value === 1 || value === 'true' || value === 'false',
);

export function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === 'true';
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** A StructError → one sentence naming the first failing field, and that field. */
export function describeStructError(error: StructError): { message: string; field?: string } {
  const failure: Failure = error.failures()[0] ?? error;
  const field = failure.path.length ? failure.path.join('.') : undefined;
  const label = field ?? 'body';
  if (failure.value === undefined || failure.value === null) {
    if (failure.refinement === undefined) return { message: `${label} is required`, field };
  }
  if (failure.refinement !== undefined) return { message: failure.message, field };
  if (failure.type === 'enums' || failure.type === 'literal') {
    return { message: `${label} has an invalid value`, field };
  }
  if (failure.type === 'never') return { message: `${label} is not allowed`, field };
  return { message: `${label} must be ${TYPE_WORDS[failure.type] ?? failure.type}`, field };
}
