// Group rows by (issue 21 §3): the selected rows become one section (or file) per distinct value of
// the key column, in the order the values first appear. A group is rendered by docxtemplater with
// nested data: every loop tag ({#lines}…{/lines}) gets the group's rows, the fields outside loops
// take the group's first row, {count} and {sum:Column} fill themselves. Without a key column but
// with {count} or {sum:…} in the template, each row is a group of one. The rules of which tag is
// what are in src/domain/generator/grouping.ts, shared with the page.
import {
  columnNamed,
  computedField,
  emptyGroupKeyMessage,
  groupPositions,
  isGroupLoop,
  keylessRowsWarning,
  unknownGroupKeyMessage,
  type ComputedField,
} from '../../domain/generator/grouping';
import type { Formats } from '../../domain/generator/generationJob';
import type { ValueFormat } from '../../domain/values/valueFormat';
import type { CompiledWordField } from '../../domain/word/wordField';
import {
  applyValueFormat,
  numberOf,
  plainDecimal,
  totalLike,
} from '../../domain/values/valueFormat';
import { formatRows, formattedNumber, hasEnoughData, rowValues, type SheetCells } from '../read';
import type { TemplateValues } from './partRenderer';

interface ComputedPlaceholder {
  readonly placeholder: string;
  readonly field: ComputedField;
  /** The summed column's position in the sheet (a sum only). */
  readonly column: number;
}

/** How a job's rows are grouped (see groupingOf). */
export interface Grouping {
  /** The key column's position; null: every row is a group of its own. */
  readonly keyColumn: number | null;
  readonly keyName: string;
  /** Section tags filled with the group's rows. */
  readonly loops: readonly string[];
  readonly computed: readonly ComputedPlaceholder[];
  /** The mapping the rows are read with: loops and computed fields take no column. */
  readonly rowMapping: Readonly<Record<string, string>>;
}

/**
 * The grouping a job asks for: by `groupBy` when set, else a group per row when the template has
 * computed fields; null when neither (the merge then renders rows as they are, at full speed).
 * `sections` are the template's section tags; only with a key column are they loops.
 */
export function groupingOf(
  groupBy: string | undefined,
  mapping: Readonly<Record<string, string>>,
  sections: readonly string[],
  headers: readonly string[],
): Grouping | null {
  const placeholders = Object.keys(mapping);
  const computed: ComputedPlaceholder[] = [];
  for (const placeholder of placeholders) {
    const field = computedField(placeholder);
    if (!field) continue;
    let column = -1;
    if (field.kind === 'sum') {
      column = headers.indexOf(columnNamed(field.column, headers) ?? '');
      if (column < 0)
        throw new Error(`{${placeholder}}: the sheet has no column "${field.column}" to add up`);
    }
    computed.push({ placeholder, field, column });
  }
  if (!groupBy && computed.length === 0) return null;
  let keyColumn: number | null = null;
  if (groupBy) {
    keyColumn = headers.indexOf(groupBy);
    if (keyColumn < 0) throw new Error(unknownGroupKeyMessage(groupBy));
  }
  const loops = groupBy
    ? sections.filter((s) => isGroupLoop(s, headers) && Object.hasOwn(mapping, s))
    : [];
  const rowMapping: Record<string, string> = Object.create(null);
  for (const placeholder of placeholders) rowMapping[placeholder] = mapping[placeholder];
  for (const name of [...loops, ...computed.map((c) => c.placeholder)]) rowMapping[name] = '';
  return { keyColumn, keyName: groupBy ?? '', loops, computed, rowMapping };
}

/** Amounts as the numbers they are: the cell's number, or its text read by src/domain/values/amount.ts. */
export function amountOf(text: string, raw?: number): number | null {
  return numberOf(text, raw);
}

interface GroupRowsArgs {
  grouping: Grouping;
  sheet: SheetCells;
  /** The selected rows' table indexes, and their rows as formatRows read them (same order). */
  rowIndexes: ArrayLike<number>;
  rows: readonly Record<string, string>[];
  /** placeholder → row key, as formatRows answers it (built from grouping.rowMapping). */
  mapping: Readonly<Record<string, string>>;
  formats: Formats;
}

export interface RowGroups {
  readonly values: TemplateValues[];
  /** Per group, the position (in `rows`) of its first row. */
  readonly first: number[];
  /** Rows left out for want of data (fewer than 2 non-empty values). */
  readonly skipped: number;
  readonly warnings: string[];
}

/** The selected rows in groups, each group's values ready to render. */
export function groupRows({
  grouping,
  sheet,
  rowIndexes,
  rows,
  mapping,
  formats,
}: GroupRowsArgs): RowGroups {
  const { keyColumn, keyName } = grouping;
  let skipped = 0;
  let keyless = 0;
  let firstKeyless = 0;
  const positions = groupPositions(rows.length, (p) => {
    if (!hasEnoughData(rows[p])) {
      skipped++;
      return null;
    }
    if (keyColumn === null) return String(p);
    const key = sheet.cells[rowIndexes[p]]?.[keyColumn] ?? '';
    if (key === '' && keyless++ === 0) firstKeyless = rowIndexes[p] + 1;
    return key;
  });
  if (positions.length === 0 && keyless > 0) throw new Error(emptyGroupKeyMessage(keyName));
  const warnings: string[] = [];
  if (keyless > 0) warnings.push(keylessRowsWarning(keyName, keyless, firstKeyless));
  const values = positions.map((group) =>
    groupValues(group, { grouping, sheet, rowIndexes, rows, mapping, formats }),
  );
  return { values, first: positions.map((group) => group[0]), skipped, warnings };
}

function groupValues(
  group: readonly number[],
  { grouping, sheet, rowIndexes, rows, mapping, formats }: GroupRowsArgs,
): TemplateValues {
  const values: Record<string, string | Record<string, string>[]> = rowValues(
    rows[group[0]],
    mapping,
  );
  if (grouping.loops.length > 0) {
    // The rows' values leave out loops and computed fields, so inside a loop {count} and
    // {sum:…} resolve to the group's (docxtemplater looks a name up in the enclosing scope).
    const inner = group.map((p) => {
      const item = rowValues(rows[p], mapping);
      for (const name of grouping.loops) delete item[name];
      for (const c of grouping.computed) delete item[c.placeholder];
      return item;
    });
    for (const name of grouping.loops) values[name] = inner;
  }
  for (const { placeholder, field, column } of grouping.computed) {
    if (field.kind === 'count') {
      const text = String(group.length);
      const format = Object.hasOwn(formats, placeholder) ? formats[placeholder] : 'sheet';
      values[placeholder] = applyValueFormat(format, text, group.length) ?? text;
      continue;
    }
    let n = 0;
    // The first amount of the group: the column's look for "As in sheet" (docs/generator.md).
    let sample: { text: string; format: string | undefined } | null = null;
    for (const p of group) {
      const index = rowIndexes[p];
      const text = sheet.cells[index]?.[column] ?? '';
      const number = sheet.numbers[index]?.[column];
      const amount = amountOf(text, number?.value);
      if (amount === null) continue;
      n += amount;
      sample ??= { text, format: number?.format };
    }
    values[placeholder] = sumText(
      n,
      sumFormat(placeholder, column, grouping, sheet, formats),
      sample,
    );
  }
  return values;
}

/**
 * The format of `{sum:Column}`: its own when chosen, else the Rupiah, Number or Terbilang format
 * chosen for a field of the same column, else "As in sheet".
 */
function sumFormat(
  placeholder: string,
  column: number,
  grouping: Grouping,
  sheet: SheetCells,
  formats: Formats,
): ValueFormat {
  const own = Object.hasOwn(formats, placeholder) ? formats[placeholder] : 'sheet';
  if (own !== 'sheet') return own;
  const name = sheet.headers[column];
  for (const [field, mapped] of Object.entries(grouping.rowMapping)) {
    const chosen = Object.hasOwn(formats, field) ? formats[field] : undefined;
    if (mapped === name && (chosen === 'rupiah' || chosen === 'number' || chosen === 'terbilang'))
      return chosen;
  }
  return 'sheet';
}

/**
 * A group's total in its format. "As in sheet" writes it as the column's cells show their
 * amounts: a workbook cell's own number format (`"Rp"#,##0` → `Rp1.370.370`, `[h]:mm:ss` for
 * durations), else like the column's text (src/domain/values/valueFormat.ts, totalLike).
 */
function sumText(
  n: number,
  format: ValueFormat,
  sample: { text: string; format: string | undefined } | null,
): string {
  const text = plainDecimal(n);
  if (format !== 'sheet') return applyValueFormat(format, text, n) ?? text;
  if (sample?.format !== undefined) return formattedNumber(n, sample.format).trim();
  return totalLike(sample?.text ?? '', n);
}

/**
 * The table indexes of the group of the row at table index `row` among `selected` (Preview Row),
 * the row first; a row alone when rows are not grouped by a column.
 */
export function groupOfRow(
  grouping: Grouping,
  sheet: SheetCells,
  selected: ArrayLike<number> | undefined,
  row: number,
): number[] {
  const { keyColumn, keyName } = grouping;
  if (keyColumn === null || !selected) return [row];
  const key = sheet.cells[row]?.[keyColumn] ?? '';
  if (key === '')
    throw new Error(`Row ${row + 1} has no value in "${keyName}", so it belongs to no group`);
  const indexes = [row];
  for (let i = 0; i < selected.length; i++)
    if (selected[i] !== row && sheet.cells[selected[i]]?.[keyColumn] === key)
      indexes.push(selected[i]);
  return indexes;
}

interface SelectionArgs {
  sheet: SheetCells;
  rowIndexes: ArrayLike<number>;
  mapping: Readonly<Record<string, string>>;
  formats: Formats;
  groupBy: string | undefined;
  /** The template's section tags (template/sectionTags). */
  sections: readonly string[];
  /** The template's switched MERGEFIELDs and IFs, by tag key (CompiledTemplate.wordFields). */
  wordFields?: Readonly<Record<string, CompiledWordField>>;
}

/**
 * The rows of a job as the merge takes them: formatted (formatRows) and, when the job groups them
 * (groupingOf), in groups; `sectionRows` are the table indexes each section stands for.
 */
export function readSelection({
  sheet,
  rowIndexes,
  mapping,
  formats,
  groupBy,
  sections,
  wordFields,
}: SelectionArgs) {
  const grouping = groupingOf(groupBy, mapping, sections, sheet.headers);
  const rowMapping = grouping?.rowMapping ?? mapping;
  const formatted = formatRows(sheet, rowIndexes, rowMapping, formats, wordFields);
  const { rows } = formatted;
  const groups =
    grouping &&
    groupRows({ grouping, sheet, rowIndexes, rows, mapping: formatted.mapping, formats });
  return {
    rows,
    mapping: formatted.mapping,
    warnings: groups ? [...formatted.warnings, ...groups.warnings] : formatted.warnings,
    groups: groups ?? undefined,
    sectionRows: groups ? groups.first.map((p) => rowIndexes[p]) : Array.from(rowIndexes),
  };
}
