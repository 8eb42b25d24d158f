import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { fastAnswer, fastAnswerHeaders } from './fast/answerHeaders';
import { compressesJson } from './compress';

/** Every API answer: `{ success, data?, message?, error? }`. */
export interface Envelope<T = unknown> {
  success: boolean;
  data?: T;
  message?: string;
  error?: string;
  field?: string;
}

/** A successful answer; `extra` adds fields such as a notice's `code` and `params`. */
export function ok<T>(
  c: Context,
  data?: T,
  message?: string,
  status: ContentfulStatusCode = 200,
  extra?: Record<string, unknown>,
) {
  const body: Envelope<T> = { ...extra, success: true };
  if (data !== undefined) body.data = data;
  if (message !== undefined) body.message = message;
  return json(c, body, status, true);
}

export function fail(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  field?: string,
  extra?: Record<string, unknown>,
) {
  const body: Envelope & Record<string, unknown> = {
    ...extra,
    success: false,
    error: message,
    message,
  };
  if (field) body.field = field;
  return json(c, body, status);
}

/** c.json with its length said up front: compressJson then leaves a small answer alone unread. */
function json(c: Context, body: Envelope, status: ContentfulStatusCode, whole = false) {
  const text = JSON.stringify(body);
  const length = Buffer.byteLength(text);
  // A refusal may carry headers of its own (Retry-After): made the usual way.
  const fast = whole && !compressesJson(c, length) ? fastAnswerHeaders(c) : null;
  if (fast) {
    fast['content-type'] = 'application/json';
    fast['content-length'] = String(length);
    return fastAnswer(new Response(text, { status, headers: fast }));
  }
  return c.body(text, status, {
    'Content-Type': 'application/json',
    'Content-Length': String(length),
  });
}
