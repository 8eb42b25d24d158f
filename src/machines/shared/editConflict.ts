// The edit-conflict protocol every form that saves a versioned record follows (docs/conflicts.md):
// a save refused with 412 keeps what was typed and shows the conflict; "reload" takes the record
// as it is now, "apply mine" saves again on top of the version the server named.
import { conflictOf } from '../../domain/serviceResult';
import type { EditConflict } from '../../domain/history/events';

/** The part of a machine's context the protocol reads and writes. */
interface ConflictContext<T> {
  readonly conflict?: EditConflict<T> | null;
  readonly version?: number | null;
}

/** The conflict an actor's error carries (a 412 answer), else null. */
export function conflictOfError<T>(error: unknown): EditConflict<T> | null {
  return conflictOf<T>(error) ?? null;
}

/**
 * What a save refused with 412 changes in a form (`actions: assign(conflictShown<T>)` after the
 * `savedMeanwhile` guard): the conflict it carries is shown and no error stands beside it.
 */
export function conflictShown<T>({ event }: { event: object }): {
  conflict: EditConflict<T> | null;
  error: null;
} {
  return { conflict: 'error' in event ? conflictOfError<T>(event.error) : null, error: null };
}

/**
 * Named guards, spread into a machine's `setup({ guards })`:
 * - `savedMeanwhile`: the save's error is a 412, someone saved the record meanwhile;
 * - `hasConflict`: a conflict is shown, the typed values may go on top of the new version;
 * - `canReload`: the conflict carries the record as it is now, so it can be taken.
 */
export const editConflictGuards = {
  savedMeanwhile: ({ event }: { event: object }): boolean =>
    'error' in event && conflictOf(event.error) !== undefined,
  hasConflict: ({ context }: { context: ConflictContext<unknown> }): boolean =>
    context.conflict != null,
  canReload: ({ context }: { context: ConflictContext<unknown> }): boolean =>
    context.conflict?.current != null,
};

/** "Apply mine": the version to save on top of is the server's; the conflict is settled. */
export function appliedMine(context: ConflictContext<unknown>): {
  version: number | null;
  conflict: null;
} {
  return { version: context.conflict?.currentVersion ?? context.version ?? null, conflict: null };
}

/**
 * "Reload": the record as the server has it now, through the form's own `fields`, with its
 * version; nothing changes when the conflict carries no record (the `canReload` guard).
 */
export function reloaded<T extends { version?: number | null }, F extends object>(
  context: ConflictContext<T>,
  fields: (current: T) => F,
): (F & { version: number | null; conflict: null }) | Record<string, never> {
  const conflict = context.conflict;
  const current = conflict?.current;
  if (!conflict || !current) return {};
  return {
    ...fields(current),
    version: current.version ?? conflict.currentVersion,
    conflict: null,
  };
}
