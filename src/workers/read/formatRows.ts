// Applies each field's chosen format (src/domain/values/valueFormat) to the selected rows before a merge.
// The merge maps placeholder → key of a row; a formatted field gets its own key per row, so two
// placeholders can take the same column in two formats.
import {
  applyValueFormat,
  isTemplateFormat,
  valueFormatLabel,
  type ValueFormat,
} from '../../domain/values/valueFormat';
import {
  evaluateWordField,
  type CompiledWordField,
  type FieldValue,
} from '../../domain/word/wordField';
import type { Formats } from '../../domain/generator/generationJob';
import { FORMATTED_KEY_PREFIX } from './rowData';
import { rowObject, type SheetCells, type SheetRow } from './readWorkbook';

interface FormattedRows {
  rows: SheetRow[];
  /** placeholder → the row key holding its value (the column itself, or the formatted copy). */
  mapping: Record<string, string>;
  /** One line per field whose values could not all take the format. */
  warnings: string[];
}

function formatWarning(
  field: string,
  format: ValueFormat,
  count: number,
  firstRow: number,
): string {
  const rows = count === 1 ? '1 value' : `${count} values`;
  return `${field}: ${rows} could not be written as ${valueFormatLabel(format)}; merged as in the sheet (first at row ${firstRow})`;
}

/**
 * The rows at `rowIndexes` keyed by header, plus one key per formatted field. A value that cannot
 * take its format keeps its sheet text (never emptied) and is counted in the field's warning,
 * which names the first such row as the preview numbers it.
 */
export function formatRows(
  sheet: SheetCells,
  rowIndexes: ArrayLike<number>,
  mapping: Readonly<Record<string, string>>,
  formats: Formats = {},
  wordFields: Readonly<Record<string, CompiledWordField>> = {},
): FormattedRows {
  const { headers, cells, numbers } = sheet;
  const columnAt = new Map(headers.map((header, i) => [header, i]));
  const formatted = Object.keys(mapping)
    .filter(
      (p) =>
        mapping[p] &&
        Object.hasOwn(formats, p) &&
        !isTemplateFormat(formats[p]) &&
        columnAt.has(mapping[p]),
    )
    .map((placeholder) => ({
      placeholder,
      format: formats[placeholder],
      column: columnAt.get(mapping[placeholder])!,
      key: FORMATTED_KEY_PREFIX + placeholder,
      failed: 0,
      firstRow: 0,
    }));
  const wordKeys = Object.keys(wordFields);
  const rows: SheetRow[] = new Array(rowIndexes.length);
  for (let i = 0; i < rowIndexes.length; i++) {
    const index = rowIndexes[i];
    const values = cells[index] ?? [];
    const row = rowObject(headers, values);
    for (const field of formatted) {
      const text = values[field.column] ?? '';
      const value = applyValueFormat(field.format, text, numbers[index]?.[field.column]?.value);
      if (value === null && field.failed++ === 0) field.firstRow = index + 1;
      row[field.key] = value ?? text;
    }
    if (wordKeys.length > 0) {
      const lookup = (name: string): FieldValue => {
        const column = Object.hasOwn(mapping, name) ? columnAt.get(mapping[name]) : undefined;
        const text = column === undefined ? '' : (values[column] ?? '');
        const raw = column === undefined ? undefined : numbers[index]?.[column]?.value;
        // A format the user picked wins over the field's own switches (issue 21).
        const format = Object.hasOwn(formats, name) ? formats[name] : 'field';
        if (format === 'field') return { text, raw };
        return { text, raw, chosen: applyValueFormat(format, text, raw) ?? text };
      };
      for (const key of wordKeys) {
        const { field, lang } = wordFields[key];
        row[FORMATTED_KEY_PREFIX + key] = evaluateWordField(field, lookup, lang);
      }
    }
    rows[i] = row;
  }
  const merged: Record<string, string> = Object.create(null);
  for (const placeholder of Object.keys(mapping)) merged[placeholder] = mapping[placeholder];
  for (const field of formatted) merged[field.placeholder] = field.key;
  for (const key of wordKeys) merged[key] = FORMATTED_KEY_PREFIX + key;
  return {
    rows,
    mapping: merged,
    warnings: formatted
      .filter((f) => f.failed > 0)
      .map((f) => formatWarning(f.placeholder, f.format, f.failed, f.firstRow)),
  };
}
