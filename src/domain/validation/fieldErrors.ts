// What every form validator returns, and how it gathers the first message per field.
import type { Rule } from './accountRules';

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

/** Runs the checks in order; a field keeps its first message. */
export function collect<F extends string>(
  checks: ReadonlyArray<readonly [F, unknown, Rule]>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, value, rule] of checks) {
    const result = rule(value);
    if (result !== true && errors[field] === undefined) errors[field] = result;
  }
  return errors;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}
