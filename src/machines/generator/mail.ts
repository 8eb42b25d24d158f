// Each row's mail for the e-mail outputs (docs/delivery.md, "The page"): the rows that get one
// (the documents Generate makes: selected rows with enough values; grouped, each group's first row
// with the group key) and their mails.
import {
  keyColumn,
  rowMail,
  type MailSettings,
  type RowMail,
} from '../../domain/delivery/mailRows';
import { groupFirstRows } from './groups';
import { previewRowAt } from './selectors';
import { selectedRowIndexes } from './rules';
import type { GeneratorContext } from './types';

/** The invoice key's default column: the group key when grouped. */
export function defaultKeyColumn(context: GeneratorContext): string {
  return context.groupBy || keyColumn(context.headers);
}

/**
 * Table indexes of the rows that each get one mail (mailsOf's order): exactly the documents
 * Generate makes (groups.ts documentCount). Unselected rows (totals and hidden rows start so) and
 * selected rows with too few values, which the merge skips, get none.
 */
export function mailRowIndexes(context: GeneratorContext): Uint32Array {
  if (context.groupBy) return groupFirstRows(context);
  const selected = selectedRowIndexes(context);
  const thin = context.table.thinRows();
  if (thin.length === 0) return selected;
  const skipped = new Set(thin);
  return selected.filter((index) => !skipped.has(index));
}

/** Every mail of the run, in row order (built at once: the page builds them in slices, mailsIn). */
export function mailsOf(
  context: GeneratorContext,
  settings: MailSettings,
  extension: 'pdf' | 'docx',
): RowMail[] {
  const indexes = mailRowIndexes(context);
  return mailsIn(context, settings, extension, indexes, 0, indexes.length);
}

/** Names written as `{name}` in a mail's subject or message (fillMailText's fields). */
const FIELD = /\{([^{}\r\n]{1,100})\}/g;

/**
 * The columns a mail reads: the invoice key, the address and those its `{fields}` name (through
 * the mapping, or a column of that name). Only these are decoded for each row, so the mails of
 * 100,000 rows of 15 columns decode 3 cells a row, not 15.
 */
export function mailColumns(context: GeneratorContext, settings: MailSettings): number[] {
  const { mapping } = context;
  const names = new Set([settings.keyColumn, settings.sendTo]);
  for (const text of [settings.subject, settings.message])
    for (const [, raw] of text.matchAll(FIELD)) {
      const name = raw.trim();
      if (mapping[name] !== undefined) names.add(mapping[name]);
      names.add(name);
    }
  return context.table.headers.flatMap((header, column) => (names.has(header) ? [column] : []));
}

/**
 * The mails of the rows indexes[from…to), in order: the same mails as mailsOf, with each row
 * holding only the columns the mail reads (mailColumns).
 */
export function mailsIn(
  context: GeneratorContext,
  settings: MailSettings,
  extension: 'pdf' | 'docx',
  indexes: Uint32Array,
  from: number,
  to: number,
  columns: readonly number[] = mailColumns(context, settings),
): RowMail[] {
  const { table, mapping, formats, headers } = context;
  const source = { headers, mapping, formats };
  const out: RowMail[] = [];
  for (let i = from; i < Math.min(to, indexes.length); i++) {
    const index = indexes[i];
    const values: Record<string, string> = Object.create(null);
    for (const column of columns) values[table.headers[column]] = table.cell(index, column);
    out.push(rowMail(settings, source, values, table.sheetRow(index), extension));
  }
  return out;
}

/** The table index of the row Preview Row shows, or -1. */
export function previewIndex(context: GeneratorContext): number {
  return previewRowAt(context, context.previewPosition);
}

/** The mail of the row Preview Row shows (its position), or null without one. */
export function previewMail(
  context: GeneratorContext,
  settings: MailSettings,
  extension: 'pdf' | 'docx',
): RowMail | null {
  const index = previewIndex(context);
  if (index < 0) return null;
  const source = { headers: context.headers, mapping: context.mapping, formats: context.formats };
  return rowMail(
    settings,
    source,
    context.table.row(index),
    context.table.sheetRow(index),
    extension,
  );
}

/** The table rows of one mail's document: the row itself, or (grouped) its group's selected rows. */
export function documentRows(context: GeneratorContext, index: number): Uint32Array {
  if (!context.groupBy) return Uint32Array.of(index);
  return groupRowsOf(context, [index]);
}

/**
 * The selected rows of the groups whose first rows are `firsts` (grouped), in table order: what the
 * merge needs to make those groups' documents and no others.
 */
export function groupRowsOf(context: GeneratorContext, firsts: Iterable<number>): Uint32Array {
  const column = context.headers.indexOf(context.groupBy);
  const keys = new Set<string>();
  for (const index of firsts) keys.add(context.table.cellKey(index, column));
  return selectedRowIndexes(context).filter((row) => keys.has(context.table.cellKey(row, column)));
}
