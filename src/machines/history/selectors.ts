// What a history list reads from its machine.
import type { SnapshotFrom } from 'xstate';
import type { HistoryMachine } from './machine';

type Snapshot = SnapshotFrom<HistoryMachine>;

export const selectHistoryEvents = (s: Snapshot) => s.context.events;
export const selectHistoryError = (s: Snapshot) => (s.matches('failed') ? s.context.error : null);
export const selectHistoryLoading = (s: Snapshot) => s.hasTag('busy');
export const selectHistoryPage = (s: Snapshot) => s.context.page;
/** Pages in all (1 while the total is unknown). */
export const selectHistoryPages = (s: Snapshot) =>
  s.context.total === null ? 1 : Math.max(1, Math.ceil(s.context.total / s.context.limit));
