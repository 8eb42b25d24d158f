// Key case conversion: the wire is snake_case, the browser code camelCase (docs/product.md#api).
// The one rule for both ends: the server snake_cases the bodies it reads (src/server/http/body.ts),
// the API client converts what it sends and receives (src/api/case.ts).

/**
 * 'numberOfActiveCustomer' → 'number_of_active_customer'; 'parentID' → 'parent_id';
 * 'URL2Path' → 'url2_path' (an acronym ends before a capital followed by a lowercase letter).
 */
export function toSnakeCase(key: string): string {
  return key
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** 'number_of_active_customer' → 'numberOfActiveCustomer'. Leading underscores are kept. */
export function toCamelCase(key: string): string {
  const lead = /^_*/.exec(key)?.[0] ?? '';
  return lead + key.slice(lead.length).replace(/_+([a-z\d])/gi, (_, c: string) => c.toUpperCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Keys that would reach an object's prototype: never copied (JSON.parse makes '__proto__' an own key). */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Converts keys deeply, through arrays. When a key and its converted spelling both come
 * ('refreshToken' and 'refresh_token'), the one already spelled the target way wins.
 */
function convertDeep(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertDeep(item, convert));
  // Blob, File, ArrayBuffer, Date, typed arrays, Map… are not plain objects and pass untouched.
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = convert(key);
    if (PROTOTYPE_KEYS.has(name) || PROTOTYPE_KEYS.has(key)) continue;
    if (name !== key && Object.hasOwn(value, name)) continue;
    out[name] = convertDeep(item, convert);
  }
  return out;
}

/** Converts the keys of plain objects (deeply, through arrays) to snake_case. */
export function keysToSnakeCase<T = unknown>(value: unknown): T {
  return convertDeep(value, toSnakeCase) as T;
}

/** Converts the keys of plain objects (deeply, through arrays) to camelCase. */
export function keysToCamelCase<T = unknown>(value: unknown): T {
  return convertDeep(value, toCamelCase) as T;
}
