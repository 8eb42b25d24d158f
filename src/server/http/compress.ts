import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { isFastAnswer } from './fast/answerHeaders';

import { acceptedCodings } from '../static';
import type { AppEnv } from '../types';

/** Smaller answers gain nothing worth the CPU (a TCP packet holds ~1.4 KB anyway). */
export const JSON_COMPRESS_MIN_BYTES = 1024;

/** Whether compressJson compresses a JSON answer of `length` bytes for this request. */
export function compressesJson(
  c: Context,
  length: number,
  minBytes = JSON_COMPRESS_MIN_BYTES,
): boolean {
  return (
    length >= minBytes &&
    c.req.method !== 'HEAD' &&
    acceptedCodings(c.req.header('Accept-Encoding'))[0] !== undefined
  );
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
// Brotli quality 4 and gzip 6: close to the best ratio on JSON at a small fraction of the time of the maximum.
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * JSON answers over ~1 KB go out in br or gzip when the client accepts it (zlib runs on the libuv
 * thread pool, not on the event loop). Every JSON answer says Vary: Accept-Encoding.
 */
export function compressJson(minBytes = JSON_COMPRESS_MIN_BYTES): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method === 'HEAD') return;
    const res = c.res;
    // Made whole by the envelope, which answers that way only what is not to be compressed.
    if (isFastAnswer(res)) return;
    // Headers and status only: touching res.body would turn the Node adapter's lightweight
    // response into a stream-backed one, a cost every API answer would pay.
    const headers = res.headers;
    if (
      headers.has('Content-Encoding') ||
      !headers.get('Content-Type')?.startsWith('application/json')
    )
      return;
    headers.append('Vary', 'Accept-Encoding');
    const coding = acceptedCodings(c.req.header('Accept-Encoding'))[0];
    if (!coding || res.status === 204 || res.status === 304) return;
    // A small answer that says its length (the envelope's) goes out as it is, its body never read back.
    if (Number(headers.get('Content-Length') ?? minBytes) < minBytes) return;
    const raw = Buffer.from(await res.arrayBuffer());
    let body: Buffer = raw;
    const out = new Headers(headers);
    if (raw.length >= minBytes) {
      body = coding === 'br' ? await brotli(raw, BROTLI_OPTIONS) : await gzip(raw, { level: 6 });
      out.set('Content-Encoding', coding);
    }
    out.set('Content-Length', String(body.length));
    c.res = undefined as unknown as Response; // replace, not merge: the old headers are copied above
    c.res = new Response(
      body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
      { status: res.status, headers: out },
    );
  };
}
