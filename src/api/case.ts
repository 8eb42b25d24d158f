// What only the HTTP layer needs to know about key conversion: which bodies must never be
// converted. The conversion itself is src/domain/text/case (keysToSnakeCase, keysToCamelCase).

/** True for bodies that must go to fetch untouched (FormData, Blob, ArrayBuffer, typed arrays …). */
export function isBinaryBody(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (typeof FormData !== 'undefined' && value instanceof FormData) return true;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return true;
  if (typeof URLSearchParams !== 'undefined' && value instanceof URLSearchParams) return true;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return true;
  if (typeof ReadableStream !== 'undefined' && value instanceof ReadableStream) return true;
  return false;
}
