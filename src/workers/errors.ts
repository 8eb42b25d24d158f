// Errors shared by the worker modules and the main-thread bridge (no heavy imports here).

/** Thrown when the user cancels a merge (between chunks in Node, by terminating the worker in the browser). */
export class CancelledError extends Error {
  override name = 'CancelledError';
  constructor() {
    super('Generation cancelled');
  }
}
