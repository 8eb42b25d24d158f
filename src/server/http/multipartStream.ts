// A multipart/form-data body read as it arrives (docs/delivery.md, "Memory"): text fields are kept
// (each up to `maxFieldBytes`), every file part is written to its own file in `dir` as its bytes
// come, and the whole body is counted against `maxBytes` while streaming. Nothing holds the body
// whole: Hono's parseBody kept the body, the form and each part's copy (tens of MB for a job of
// 5,000 mails). The caller owns `dir` and removes it.
//
// Each chunk is written from where it arrived, not copied: on the Node server the chunks are read
// from the request's own stream (`requestChunks`), not through the web stream Hono's adapter
// makes of it, which copies every chunk and queues them with no limit. Each chunk is garbage once
// written, until V8 collects it: three copies of the body were alive at once before.
import type { IncomingMessage } from 'node:http';
import { open } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import { ApiError, ERROR_MESSAGES } from '../errors';

export interface StreamedForm {
  fields: Map<string, string>;
  /** Form name → the file its bytes were written to, and their count. */
  files: Map<string, { path: string; size: number }>;
}

export interface MultipartLimits {
  /** The whole body; past it → 413 at once, whatever was written is the caller's to remove. */
  maxBytes: number;
  /** Each text field (the job's JSON). */
  maxFieldBytes: number;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** The boundary of a multipart/form-data content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : null;
}

function partHeaders(head: string): { name: string; filename: string | null } {
  const disposition = head.split('\r\n').find((l) => /^content-disposition:/i.test(l)) ?? '';
  const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) throw new ApiError(400, ERROR_MESSAGES.malformedForm);
  const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
  return { name, filename };
}

/** A body's chunks as they arrive; `return()` stops reading (the server drains or closes the rest). */
export type BodyChunks = AsyncIterator<Uint8Array, unknown, undefined>;

/** A web stream's chunks; `return()` cancels it. */
export function streamChunks(body: ReadableStream<Uint8Array>): BodyChunks {
  const reader = body.getReader();
  return {
    next: () => reader.read() as Promise<IteratorResult<Uint8Array, unknown>>,
    async return() {
      await reader.cancel();
      return { done: true, value: undefined };
    },
  };
}

/**
 * The request's body: from the Node server's own request stream when nothing has read it yet
 * (`return()` leaves the rest unread, as a cancelled web stream does), else (tests' `app.request`,
 * another runtime) from the Request's web stream; null when there is none.
 */
export function requestChunks(c: Context): BodyChunks | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (
    incoming &&
    typeof incoming.iterator === 'function' &&
    !incoming.readableDidRead &&
    incoming.listenerCount('data') === 0 &&
    incoming.listenerCount('readable') === 0
  )
    return incoming.iterator({ destroyOnReturn: false }) as BodyChunks;
  const body = c.req.raw.body;
  return body ? streamChunks(body) : null;
}

/**
 * Where the bytes at the end of `bytes` could begin `delimiter` (which holds one CR, its first
 * byte: RFC 2046 boundaries have none), or `bytes.length` when they cannot.
 */
function delimiterTail(bytes: Buffer, delimiter: Buffer): number {
  const at = bytes.lastIndexOf(13, bytes.length - 1);
  if (at < 0 || bytes.length - at >= delimiter.length) return bytes.length;
  for (let i = at; i < bytes.length; i++) if (bytes[i] !== delimiter[i - at]) return bytes.length;
  return at;
}

type Sink = { write(bytes: Buffer): Promise<void>; end(): Promise<void> };

export async function readMultipart(
  body: BodyChunks | null,
  boundary: string,
  dir: string,
  limits: MultipartLimits,
): Promise<StreamedForm> {
  const form: StreamedForm = { fields: new Map(), files: new Map() };
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter has no CRLF before it: one is put in front of the body. Then the bytes not
  // taken yet: a part's headers so far, or the last few bytes of a chunk that could begin a
  // delimiter (rarely any: a chunk is taken where it lies when nothing is carried).
  let carry: Buffer = Buffer.from('\r\n');
  // Changed inside take(): typed so that the loop's checks are not narrowed away.
  let state = 'preamble' as 'preamble' | 'headers' | 'body' | 'done';
  let sink: Sink | null = null;
  let total = 0;
  let opened = 0;

  const fieldSink = (name: string): Sink => {
    const chunks: Buffer[] = [];
    let size = 0;
    return {
      async write(bytes) {
        size += bytes.length;
        if (size > limits.maxFieldBytes) throw new ApiError(413, ERROR_MESSAGES.tooLarge);
        chunks.push(bytes);
      },
      async end() {
        form.fields.set(name, Buffer.concat(chunks).toString('utf8'));
      },
    };
  };
  const fileSink = async (name: string): Promise<Sink> => {
    const file = path.join(dir, `part-${opened++}`);
    const handle = await open(file, 'wx', 0o600);
    let size = 0;
    return {
      async write(bytes) {
        size += bytes.length;
        await handle.write(bytes);
      },
      async end() {
        await handle.close();
        form.files.set(name, { path: file, size });
      },
    };
  };

  const take = async (): Promise<boolean> => {
    if (state === 'headers') {
      const at = carry.indexOf(CRLF2);
      if (at < 0) {
        if (carry.length > 16 * 1024) throw new ApiError(400, ERROR_MESSAGES.malformedForm);
        return false;
      }
      const { name, filename } = partHeaders(carry.subarray(0, at).toString('utf8'));
      carry = carry.subarray(at + CRLF2.length);
      sink = filename === null ? fieldSink(name) : await fileSink(name);
      state = 'body';
      return true;
    }
    const at = carry.indexOf(delimiter);
    if (at < 0) {
      // Keep what could be the start of a delimiter split across chunks.
      const safe = delimiterTail(carry, delimiter);
      if (safe > 0 && sink) await sink.write(carry.subarray(0, safe));
      carry = carry.subarray(safe);
      return false;
    }
    if (carry.length < at + delimiter.length + 2) return false;
    if (sink) {
      if (at > 0) await sink.write(carry.subarray(0, at));
      await sink.end();
      sink = null;
    }
    const after = carry.subarray(at + delimiter.length, at + delimiter.length + 2).toString();
    carry = carry.subarray(at + delimiter.length + 2);
    if (after === '--') state = 'done';
    else if (after === '\r\n') state = 'headers';
    else throw new ApiError(400, ERROR_MESSAGES.malformedForm);
    return state !== 'done';
  };

  if (!body) throw new ApiError(400, ERROR_MESSAGES.malformedForm);
  try {
    while (state !== 'done') {
      const { done, value } = await body.next();
      if (done) break;
      total += value.length;
      if (total > limits.maxBytes) throw new ApiError(413, ERROR_MESSAGES.tooLarge);
      // The chunk is never written to (here or by its stream): the parts' writes and the fields
      // keep slices of it, and of a joined buffer.
      const chunk = Buffer.isBuffer(value)
        ? value
        : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      carry = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      while (await take());
    }
  } finally {
    if (state !== 'done') {
      await body.return?.().catch(() => undefined);
      await (sink as Sink | null)?.end().catch(() => undefined);
    }
  }
  if (state !== 'done') throw new ApiError(400, ERROR_MESSAGES.malformedForm);
  return form;
}
