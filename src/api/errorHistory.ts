// The last 50 classified errors, newest last (docs/product.md#messages), for diagnostics screens and tests.

import type { ClassifiedError } from './errors';

export const ERROR_HISTORY_LIMIT = 50;

export interface ErrorHistoryEntry extends ClassifiedError {
  id: string;
  /** ISO-8601 time the error was recorded. */
  at: string;
}

export interface ErrorHistory {
  record(error: ClassifiedError, now?: Date): ErrorHistoryEntry;
  entries(): readonly ErrorHistoryEntry[];
  clear(): void;
}

export function createErrorHistory(limit = ERROR_HISTORY_LIMIT): ErrorHistory {
  let items: ErrorHistoryEntry[] = [];
  let counter = 0;
  return {
    record(error, now = new Date()) {
      counter += 1;
      const entry: ErrorHistoryEntry = {
        ...error,
        id: `err-${now.getTime()}-${counter}`,
        at: now.toISOString(),
      };
      items = [...items, entry].slice(-limit);
      return entry;
    },
    entries: () => items,
    clear() {
      items = [];
    },
  };
}

export const errorHistory: ErrorHistory = createErrorHistory();
