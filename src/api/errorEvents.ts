// The channel through which the http layer tells the notifications machine about failed calls.

import type { ClassifiedError } from './errors';
import { errorHistory, type ErrorHistory, type ErrorHistoryEntry } from './errorHistory';

export type ApiErrorListener = (error: ErrorHistoryEntry) => void;

export interface ApiErrorChannel {
  emit(error: ClassifiedError): ErrorHistoryEntry;
  subscribe(listener: ApiErrorListener): () => void;
}

export function createApiErrorChannel(history: ErrorHistory = errorHistory): ApiErrorChannel {
  const listeners = new Set<ApiErrorListener>();
  return {
    emit(error) {
      const entry = history.record(error);
      for (const listener of [...listeners]) {
        try {
          listener(entry);
        } catch (e) {
          // A faulty subscriber must not break the request that failed.
          console.error('onApiError listener failed', e);
        }
      }
      return entry;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const apiErrors: ApiErrorChannel = createApiErrorChannel();

/** Subscribe to classified errors of failed API calls. Check `error.notify` before showing a notice. */
export function onApiError(listener: ApiErrorListener): () => void {
  return apiErrors.subscribe(listener);
}
