// Group rows by, on the page's side: which role each template field plays in the mapping step, and
// the groups of the selected rows (what the buttons count and the preview walks). The worker
// groups the rows itself by the same rules (src/domain/generator/grouping.ts, workers/merge/groupRows.ts).
import { autoMap } from '../../domain/generator/automap';
import {
  columnNamed,
  computedField,
  emptyGroupKeyMessage,
  groupPositions,
  isGroupLoop,
} from '../../domain/generator/grouping';
import { pictureFieldOf } from '../../domain/word/pictureField';
import type { GeneratorContext, Mapping } from './types';

type FieldContext = Pick<GeneratorContext, 'headers' | 'sections' | 'groupBy'>;

/**
 * What a template field is in the mapping step: mapped to a column ('column'); {count} or
 * {sum:Column} ('count', 'sum'; 'sumWithoutColumn' when no column has that name); a loop over the
 * group's rows ('loop', with rows grouped); a section named like no column while rows are not
 * grouped ('unmatchedSection': mapped like a column, with a note).
 */
export type FieldRole =
  'column' | 'count' | 'sum' | 'sumWithoutColumn' | 'loop' | 'unmatchedSection';

export function fieldRole(placeholder: string, context: FieldContext): FieldRole {
  const computed = computedField(placeholder);
  if (computed?.kind === 'count') return 'count';
  if (computed?.kind === 'sum')
    return columnNamed(computed.column, context.headers) ? 'sum' : 'sumWithoutColumn';
  if (!context.sections.includes(placeholder) || !isGroupLoop(placeholder, context.headers))
    return 'column';
  return context.groupBy ? 'loop' : 'unmatchedSection';
}

/** Whether a field still needs a column: computed fields and loops fill themselves. */
export function needsColumn(
  placeholder: string,
  context: FieldContext & Pick<GeneratorContext, 'mapping'>,
): boolean {
  const role = fieldRole(placeholder, context);
  if (role === 'count' || role === 'sum' || role === 'loop') return false;
  return role === 'sumWithoutColumn' || (context.mapping[placeholder] ?? '') === '';
}

/** Auto-map of the fields that take a column ({count} and {sum:…} take none, and keep ''). */
export function autoMapFields(
  placeholders: readonly string[],
  headers: readonly string[],
  current?: Mapping,
): Mapping {
  const mapping = autoMap(
    placeholders.filter((p) => computedField(p) === null && pictureFieldOf(p) === null),
    headers,
    current,
  );
  for (const p of placeholders) if (computedField(p)) mapping[p] = '';
  // A picture field takes the column its tag names, even one a text field takes too
  // ({total} written out and {%qris:total} drawn).
  for (const p of placeholders) {
    const picture = pictureFieldOf(p);
    if (!picture) continue;
    const kept = current?.[p];
    mapping[p] =
      kept && headers.includes(kept) ? kept : (columnNamed(picture.column, headers) ?? '');
  }
  return mapping;
}

type GroupContext = Pick<GeneratorContext, 'table' | 'selection' | 'groupBy'>;

interface Groups {
  /** The table index of each group's first row. */
  firsts: Uint32Array;
  /** Selected rows with enough data to be merged (with a key or not). */
  usable: number;
}

let last: { table: unknown; selection: unknown; groupBy: string; groups: Groups } | null = null;

/**
 * The table index of each group's first row, groups in the order their keys first appear among the
 * selected rows; rows without a key or without enough data (the merge skips them) are in none.
 * Worked out once per table, selection and key column (the buttons and the preview ask often).
 */
export function groupFirstRows(context: GroupContext): Uint32Array {
  return groupsOf(context).firsts;
}

function groupsOf(context: GroupContext): Groups {
  const { table, selection, groupBy } = context;
  if (last?.table === table && last.selection === selection && last.groupBy === groupBy)
    return last.groups;
  const column = table.headers.indexOf(groupBy);
  const thin = new Set(table.thinRows());
  const selected: number[] = [];
  for (let i = 0; i < selection.length; i++) if (selection[i] === 1) selected.push(i);
  let usable = 0;
  const positions = groupPositions(selected.length, (p) => {
    if (thin.has(selected[p])) return null;
    usable++;
    return table.cellKey(selected[p], column);
  });
  const groups = { firsts: Uint32Array.from(positions, (g) => selected[g[0]]), usable };
  last = { table, selection, groupBy, groups };
  return groups;
}

/** How many positions Preview Row walks: the groups when grouped, else the selected rows. */
export function positionCount(context: GroupContext & Pick<GeneratorContext, 'selectedCount'>) {
  return context.groupBy ? groupFirstRows(context).length : context.selectedCount;
}

/**
 * How many documents Generate makes: a group each when grouped, else a selected row each, less the
 * selected rows the merge skips (fewer than 2 values): the button counts what will be made.
 */
export function documentCount(context: GroupContext & Pick<GeneratorContext, 'selectedCount'>) {
  if (context.groupBy) return groupFirstRows(context).length;
  const { table, selection, selectedCount } = context;
  // Asked on every change of the machine (a selector): counted once per table and selection.
  if (lastCount?.table === table && lastCount.selection === selection)
    return selectedCount - lastCount.skipped;
  let skipped = 0;
  for (const index of table.thinRows()) if (selection[index] === 1) skipped++;
  lastCount = { table, selection, skipped };
  return selectedCount - skipped;
}

let lastCount: { table: unknown; selection: unknown; skipped: number } | null = null;

/**
 * Why grouped rows cannot be generated: the key is empty on every selected row (that has enough
 * data to be merged); else null.
 */
export function groupingBlocker(
  context: GroupContext & Pick<GeneratorContext, 'selectedCount'>,
): string | null {
  if (!context.groupBy || context.selectedCount === 0) return null;
  const { firsts, usable } = groupsOf(context);
  return firsts.length === 0 && usable > 0 ? emptyGroupKeyMessage(context.groupBy) : null;
}
