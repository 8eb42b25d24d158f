// The one result type of a call to the server: every service of src/api answers with it, and the
// machines' injected actors take it as their output (see src/ui/wiring/index.ts for the policy).

export interface Pagination {
  page?: number;
  limit?: number;
  total?: number;
  totalPages?: number;
  [extra: string]: unknown;
}

export interface ServiceResult<T> {
  readonly success: boolean;
  readonly data: T | null;
  /** Human text when success is false, else null. */
  readonly error: string | null;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The server's message on success (e.g. 'Profile updated'). */
  readonly message?: string;
  readonly pagination?: Pagination | null;
  /** On failure: the input field the server blamed (e.g. 'email'), when it named one. */
  readonly field?: string;
}
