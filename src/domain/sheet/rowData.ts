// The docs/product.md#input-rules rule for a row worth a document: at least 2 filled values. Shared by the worker
// (which skips such rows when it merges) and the page (which says beforehand which will be skipped).

/** Values that do not count as data when deciding whether a row is worth a section (docs/product.md#input-rules). */
const PLACEHOLDER_VALUES = new Set(['', '—', '-']);

export const MIN_FILLED_VALUES = 2;

export function isFilledValue(value: unknown): boolean {
  return value != null && !PLACEHOLDER_VALUES.has(String(value).trim());
}
