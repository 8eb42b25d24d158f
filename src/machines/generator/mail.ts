// Each row's mail for the e-mail outputs (docs/delivery.md, "The page"): the rows that get one
// (the documents Generate makes: selected rows with enough values; grouped, each group's first row
// with the group key) and their mails.
import { keyColumn, rowMail, type MailSettings, type RowMail } from '../../domain/mailRows';
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

/** Every mail of the run, in row order. */
export function mailsOf(
  context: GeneratorContext,
  settings: MailSettings,
  extension: 'pdf' | 'docx',
): RowMail[] {
  const { table, mapping, formats, headers } = context;
  const source = { headers, mapping, formats };
  return Array.from(mailRowIndexes(context), (index) =>
    rowMail(settings, source, table.row(index), table.sheetRow(index), extension),
  );
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
