// Key case conversion: the wire is snake_case, the browser code camelCase (spec §7, DESIGN "API").

/** 'numberOfActiveCustomer' → 'number_of_active_customer'; 'createdAt' → 'created_at'. */
export function toSnakeCase(key: string): string {
  return key
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z\d])/g, '$1_$2')
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

function convertDeep(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertDeep(item, convert));
  // Blob, File, ArrayBuffer, Date, typed arrays, Map… are not plain objects and pass untouched.
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const name = convert(key);
    // '__proto__' as an own key would otherwise set the prototype of the result.
    Object.defineProperty(out, name, {
      value: convertDeep(item, convert),
      enumerable: true,
      writable: true,
      configurable: true,
    });
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
