/**
 * The one error type routes throw. `onError` turns it into the envelope
 * `{ success: false, error, message, field? }` with `status`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The request field the message is about (snake_case), for forms that show it beside the input. */
    readonly field?: string,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
    /** Extra members of the answer, e.g. the current record (`data`) of a 412. */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const ERROR_MESSAGES = {
  notFound: 'Resource not found',
  unauthenticated: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  forbidden: 'You do not have permission to perform this action.',
  malformedJson: 'Malformed JSON in request body',
  notAnObject: 'Request body must be a JSON object',
  tooLarge: 'Request body is too large',
  tooDeep: 'JSON in request body is nested too deeply',
  notJson: 'Content-Type must be application/json',
  malformedForm: 'Malformed multipart form in request body',
  unavailable: 'The system is temporarily unavailable. Please try again later.',
  internal: 'Something went wrong on our end. Please try again later.',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
} as const;
