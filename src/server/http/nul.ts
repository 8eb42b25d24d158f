import { ApiError } from '../errors';

const NUL_MESSAGE = 'Text must not contain NUL characters';

/**
 * PostgreSQL cannot store U+0000 in text (it would fail as a 500), so both engines refuse it up
 * front as bad input: the body reader checks every body (any depth), list routes their query values.
 */
export function assertNoNul(value: unknown, field?: string): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000'))
      throw new ApiError(400, field ? `${field}: ${NUL_MESSAGE}` : NUL_MESSAGE, field);
    return;
  }
  if (Array.isArray(value)) value.forEach((item) => assertNoNul(item, field));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) assertNoNul(item, field ?? key);
  }
}
