import type { Context } from 'hono';
import type { Struct } from 'superstruct';
import { keysToSnakeCase } from '../../domain/text/case';
import { validateBody } from '../../domain/validation';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { assertNoNul } from './nul';

/** Objects and arrays inside each other; real bodies use 3 or 4 levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Deepest nesting of objects and arrays in JSON text, counted by one loop over the characters
 * (no recursion, so a hostile body cannot overflow the stack); stops early past `limit`.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (ch === 0x7d || ch === 0x5d) {
      depth--;
    }
  }
  return deepest;
}

/** application/json or a +json type (charset allowed); anything else could be a cross-site form. */
function isJsonContentType(value: string | undefined): boolean {
  const type = value?.split(';')[0].trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/**
 * Reads the JSON body (size already limited by the body-limit middleware); empty body → {}.
 * Keys come back snake_cased; a string holding U+0000 anywhere is refused with 400 naming its field.
 * A body that is not declared application/json → 415; nesting deeper than MAX_JSON_DEPTH → 400.
 */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(400, ERROR_MESSAGES.malformedJson);
  }
  if (text.trim() === '') return {};
  // A form can post text/plain across sites without a preflight; only JSON is JSON.
  if (!isJsonContentType(c.req.header('content-type')))
    throw new ApiError(415, ERROR_MESSAGES.notJson);
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    throw new ApiError(400, ERROR_MESSAGES.tooDeep);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, ERROR_MESSAGES.malformedJson);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ApiError(400, ERROR_MESSAGES.notAnObject);
  const body = keysToSnakeCase<Record<string, unknown>>(parsed);
  assertNoNul(body);
  return body;
}

/**
 * Validates a (snake-cased) body with one of src/domain's structs: unknown keys dropped, coercions
 * (trim, lower-cased email and role) applied, the domain's own message and field in the 400.
 */
export function validated<T>(struct: Struct<T, unknown>, body: unknown): T {
  const result = validateBody(struct, body);
  if (!result.ok) throw new ApiError(400, result.message, result.field || undefined);
  return result.value;
}

/** JSON body → value validated by a src/domain struct. */
export async function readBody<T>(c: Context, struct: Struct<T, unknown>): Promise<T> {
  return validated(struct, await readJson(c));
}
