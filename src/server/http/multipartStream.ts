// A multipart/form-data body read as it arrives (docs/delivery.md, "Memory"): text fields are kept
// (each up to `maxFieldBytes`), every file part is written to its own file in `dir` as its bytes
// come, and the whole body is counted against `maxBytes` while streaming. Nothing holds the body
// whole: Hono's parseBody kept the body, the form and each part's copy (tens of MB for a job of
// 5,000 mails). The caller owns `dir` and removes it.
import { open } from 'node:fs/promises';
import path from 'node:path';
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

type Sink = { write(bytes: Buffer): Promise<void>; end(): Promise<void> };

export async function readMultipart(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  dir: string,
  limits: MultipartLimits,
): Promise<StreamedForm> {
  const form: StreamedForm = { fields: new Map(), files: new Map() };
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first delimiter has no CRLF before it: one is put in front of the body.
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
      const safe = Math.max(0, carry.length - delimiter.length - 1);
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
  const reader = body.getReader();
  try {
    while (state !== 'done') {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > limits.maxBytes) throw new ApiError(413, ERROR_MESSAGES.tooLarge);
      // A new buffer each time, never written to again: the parts' writes may keep slices of it.
      carry = Buffer.concat([carry, value]);
      while (await take());
    }
  } finally {
    if (state !== 'done') {
      await reader.cancel().catch(() => undefined);
      await (sink as Sink | null)?.end().catch(() => undefined);
    }
  }
  if (state !== 'done') throw new ApiError(400, ERROR_MESSAGES.malformedForm);
  return form;
}
