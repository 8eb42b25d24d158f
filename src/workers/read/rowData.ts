import { isFilledValue, MIN_FILLED_VALUES } from '../../domain/sheet/rowData';

/**
 * Keys of a row that hold a field's formatted value (see formatRows): not columns of the sheet, so
 * they do not count towards the 2 filled values. No header holds a NUL character.
 */
export const FORMATTED_KEY_PREFIX = '\u0000format:';

/** A row is merged only with at least 2 filled values among all its columns. */
export function hasEnoughData(row: Readonly<Record<string, unknown>>): boolean {
  let filled = 0;
  for (const key of Object.keys(row)) {
    if (key.startsWith(FORMATTED_KEY_PREFIX)) continue;
    if (isFilledValue(row[key]) && ++filled >= MIN_FILLED_VALUES) return true;
  }
  return false;
}

/** The template data of one row: placeholder → its column's value, '' when absent (never 'undefined'). */
export function rowValues(
  row: Readonly<Record<string, unknown>>,
  mapping: Readonly<Record<string, string>>,
): Record<string, string> {
  const values: Record<string, string> = Object.create(null);
  for (const placeholder of Object.keys(mapping)) {
    const column = mapping[placeholder];
    const value = column && Object.hasOwn(row, column) ? row[column] : undefined;
    values[placeholder] = value == null ? '' : String(value);
  }
  return values;
}
