// The request id and the headers every answer carries. An API answer made by the envelope gets
// them all at once, as plain headers the Node adapter writes as they are (../envelope.ts,
// fastAnswerHeaders); every other answer gets them set after it is made, as before.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../types';

/**
 * Answers the envelope (../envelope.ts) made with every header already on it: the later middlewares
 * leave such an answer alone (isFastAnswer). Through Hono's c.body each answer built a Headers
 * object, and the middlewares after it set a dozen headers on it one validated call at a time,
 * then the Node adapter sorted them back out: 5 µs of the 27 µs a request cost over the bare
 * node:http floor (npm run bench). Not taken when the route or a middleware set a header of its
 * own (ETag, Retry-After…) or the answer is to be compressed; then it is c.body as before.
 */
const FAST = Symbol('fast answer');

// A mark on the answer itself: a WeakSet of every answer cost the collector more than it saved.
export function isFastAnswer(res: Response): boolean {
  return (res as Response & { [FAST]?: true })[FAST] === true;
}

export function fastAnswer(res: Response): Response {
  (res as Response & { [FAST]?: true })[FAST] = true;
  return res;
}

const REQUEST_ID = /^[\w\-=]+$/;
const REQUEST_ID_MAX = 64;

/** What a header middleware writes on an empty answer, found once by running it. */
export async function headersWrittenBy(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const probe = new Hono();
  probe.use(middleware);
  probe.get('/', (c) => c.body(null, 204));
  return [...(await probe.request('/')).headers];
}

/**
 * The request id (the client's X-Request-Id when it is a short token, else a new UUID) on the
 * context and on the answer. `apiHeaders` are the headers of an API answer: the envelope writes
 * them on its own answers (fastAnswerHeaders); securityHeaders puts them on any other answer.
 */
export function answerHeaders(
  apiHeaders: () => Promise<readonly (readonly [string, string])[]>,
): MiddlewareHandler<AppEnv> {
  let known: readonly (readonly [string, string])[] | null = null;
  return async (c, next) => {
    const given = c.req.header('X-Request-Id');
    const requestId =
      given && given.length <= REQUEST_ID_MAX && REQUEST_ID.test(given)
        ? given
        : crypto.randomUUID();
    c.set('requestId', requestId);
    if (c.req.path.startsWith('/api/')) {
      known ??= await apiHeaders();
      c.set('fastAnswer', { headers: known, requestId });
    }
    await next();
    if (!isFastAnswer(c.res)) c.res.headers.set('X-Request-Id', requestId);
  };
}

/**
 * A header of the route's own on its answer (an ETag): set this way, not with c.header, so the
 * answer is made the usual way and keeps it. (Wrapping c.header per request to notice it made
 * V8 give up on Hono's context: the API's p99 doubled.)
 */
export function answerHeader(c: Context, name: string, value: string): void {
  (c as Context<AppEnv>).set('fastAnswer', undefined);
  c.header(name, value);
}

/**
 * The headers for an envelope answer, as a plain object it adds its own to, or null when it must
 * be answered the usual way (a route set a header of its own, or the answer is not an API one).
 */
export function fastAnswerHeaders(c: Context): Record<string, string> | null {
  const fast = (c as Context<AppEnv>).get('fastAnswer');
  if (!fast) return null;
  const out: Record<string, string> = { 'x-request-id': fast.requestId };
  for (const [name, value] of fast.headers) out[name] = value;
  return out;
}
