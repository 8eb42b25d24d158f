// Group rows by (issue 21 §3): a sheet of call lines becomes one document per customer. The rules
// shared by the page (what the mapping step shows, how many documents the buttons count) and the
// worker (what it renders): which fields fill themselves, which section tags are loops over the
// group's rows, and how rows fall into groups. Pure: no I/O.
import { matchKey } from './automap';

/** `{count}`: the number of rows of the group. */
export const COUNT_FIELD = 'count';
const SUM_PREFIX = 'sum:';

/** A field the generator fills itself: the group's row count, or the sum of a column over it. */
export type ComputedField = { readonly kind: 'count' } | { readonly kind: 'sum'; column: string };

/** `{count}` and `{sum:Column}` (the column named after the colon); null for any other field. */
export function computedField(placeholder: string): ComputedField | null {
  if (placeholder === COUNT_FIELD) return { kind: 'count' };
  if (placeholder.startsWith(SUM_PREFIX)) {
    const column = placeholder.slice(SUM_PREFIX.length).trim();
    if (column !== '') return { kind: 'sum', column };
  }
  return null;
}

/** The sheet's column a name stands for: the header spelled the same, else the one auto-map reads as the same name. */
export function columnNamed(name: string, headers: readonly string[]): string | null {
  if (headers.includes(name)) return name;
  const key = matchKey(name);
  return key === '' ? null : (headers.find((h) => matchKey(h) === key) ?? null);
}

/**
 * With rows grouped, a section tag (`{#lines}…{/lines}`) whose name is no column is a loop over the
 * group's rows; one named like a column stays a condition on that column, as docxtemplater defines it.
 */
export function isGroupLoop(section: string, headers: readonly string[]): boolean {
  return computedField(section) === null && columnNamed(section, headers) === null;
}

export function emptyGroupKeyMessage(column: string): string {
  return `Group rows by "${column}": the column is empty on every selected row. Choose another column, or fill it in the data file.`;
}

/** Selected rows with an empty key are in no group: how many, and the first (1-based). */
export function keylessRowsWarning(column: string, count: number, firstRow: number): string {
  const rows = count === 1 ? '1 selected row has' : `${count} selected rows have`;
  return `Group rows by "${column}": ${rows} no value in this column and ${count === 1 ? 'is' : 'are'} left out (first at row ${firstRow})`;
}

export function unknownGroupKeyMessage(column: string): string {
  return `Group rows by "${column}": the sheet has no such column. Choose one of its columns.`;
}

/**
 * Positions 0…count−1 grouped by their key, groups in the order their keys first appear, each
 * group's positions in order. A position whose key is '' belongs to no group (`keyAt` may also
 * answer null for a position that is left out, such as a row without enough data).
 */
export function groupPositions(
  count: number,
  keyAt: (position: number) => string | null,
): number[][] {
  const byKey = new Map<string, number[]>();
  for (let i = 0; i < count; i++) {
    const key = keyAt(i);
    if (!key) continue;
    const group = byKey.get(key);
    if (group) group.push(i);
    else byKey.set(key, [i]);
  }
  return [...byKey.values()];
}
