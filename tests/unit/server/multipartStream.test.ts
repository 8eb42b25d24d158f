// The delivery job's multipart body read as it arrives (docs/delivery.md, "Memory";
// src/server/http/multipartStream.ts): whatever the chunks, from a web stream or from the Node
// request's own stream, every field and file is read back byte for byte, also when a chunk ends
// in what could begin a delimiter (a CR, CR LF, CR LF "--", part of the boundary) and when it is
// not one after all; a body over the limit is refused and its stream stopped, not destroyed; the
// Node request's stream is read directly only when nothing else reads it.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  readMultipart,
  requestChunks,
  streamChunks,
  type BodyChunks,
} from '../../../src/server/http/multipartStream';
import { ApiError } from '../../../src/server/errors';

const BOUNDARY = 'Xy-Z';

interface Part {
  name: string;
  file: boolean;
  bytes: Uint8Array;
}

function body(parts: readonly Part[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.file
      ? `form-data; name="${part.name}"; filename="${part.name}.bin"`
      : `form-data; name="${part.name}"`;
    pieces.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    pieces.push(Buffer.from(part.bytes));
    pieces.push(Buffer.from('\r\n'));
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

/** `bytes` cut at `cuts` (offsets, any order, duplicates ignored). */
function pieces(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const to of [...at, bytes.length]) {
    if (to > from) out.push(Buffer.from(bytes.subarray(from, to)));
    from = Math.max(from, to);
  }
  return out;
}

const webChunks = (chunks: readonly Uint8Array[]) => {
  let i = 0;
  return streamChunks(
    new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < chunks.length) controller.enqueue(new Uint8Array(chunks[i++]));
        else controller.close();
      },
    }),
  );
};
const nodeChunks = (chunks: readonly Uint8Array[]) =>
  Readable.from(chunks.map((c) => Buffer.from(c))).iterator({
    destroyOnReturn: false,
  }) as BodyChunks;

async function read(chunks: BodyChunks, limits = { maxBytes: 1 << 30, maxFieldBytes: 1 << 20 }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'di-multipart-'));
  const form = await readMultipart(chunks, BOUNDARY, dir, limits);
  return { form, dir };
}

/** Bytes that often look like the start of a delimiter: CR, LF, '-' and the boundary's letters. */
const tricky = fc
  .array(fc.constantFrom(13, 10, 45, 88, 121, 90, 0, 255, 65), { maxLength: 300 })
  .map((a) => Uint8Array.from(a))
  .filter((b) => !Buffer.from(b).includes(`\r\n--${BOUNDARY}`));

describe('readMultipart', () => {
  test.each([
    ['a web stream', webChunks],
    ["the Node request's stream", nodeChunks],
  ])('any chunking of %s reads every part back byte for byte', async (_, source) => {
    await fc.assert(
      fc.asyncProperty(
        tricky,
        tricky,
        fc.string({ unit: 'binary', maxLength: 40 }),
        fc.array(fc.nat(2000), { maxLength: 40 }),
        async (first, second, text, cuts) => {
          const parts: Part[] = [
            { name: 'job', file: false, bytes: Buffer.from(text, 'utf8') },
            { name: 'merged', file: true, bytes: first },
            { name: 'other', file: true, bytes: second },
          ];
          const { form } = await read(source(pieces(body(parts), cuts)));
          expect(form.fields.get('job')).toBe(text);
          for (const part of parts.slice(1)) {
            const file = form.files.get(part.name)!;
            expect(file.size).toBe(part.bytes.length);
            expect(Buffer.from(readFileSync(file.path)).equals(Buffer.from(part.bytes))).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('a chunk ending in a delimiter cut short, then the rest of the delimiter', async () => {
    const bytes = body([{ name: 'merged', file: true, bytes: Buffer.from('abc\r\n-\r') }]);
    const end = bytes.indexOf(`abc\r\n-\r\r\n--${BOUNDARY}`) + 'abc\r\n-\r'.length;
    for (let cut = end; cut <= end + 7; cut++) {
      const { form } = await read(nodeChunks([bytes.subarray(0, cut), bytes.subarray(cut)]));
      expect(readFileSync(form.files.get('merged')!.path).toString('latin1')).toBe('abc\r\n-\r');
    }
  });

  test('a large file part is written from the chunks as they come', async () => {
    const file = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < file.length; i++) file[i] = (i * 7919) % 251;
    const bytes = body([{ name: 'merged', file: true, bytes: file }]);
    const chunks = pieces(
      bytes,
      Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) => i * 65536),
    );
    const { form, dir } = await read(nodeChunks(chunks));
    expect(readFileSync(form.files.get('merged')!.path).equals(file)).toBe(true);
    expect(readdirSync(dir)).toEqual(['part-0']);
  });

  test('over the limit: 413, and the stream stopped without being destroyed', async () => {
    const bytes = body([{ name: 'merged', file: true, bytes: Buffer.alloc(200_000, 1) }]);
    const stream = Readable.from(pieces(bytes, [50_000, 100_000, 150_000]));
    const chunks = stream.iterator({ destroyOnReturn: false }) as BodyChunks;
    const error = await read(chunks, { maxBytes: 120_000, maxFieldBytes: 1000 }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    expect(stream.destroyed).toBe(false);
    expect(stream.readableEnded).toBe(false);

    let cancelled = false;
    const web = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new Uint8Array(64 * 1024)),
      cancel: () => void (cancelled = true),
    });
    const refused = await read(streamChunks(web), { maxBytes: 120_000, maxFieldBytes: 1000 }).catch(
      (e) => e,
    );
    expect((refused as ApiError).status).toBe(413);
    expect(cancelled).toBe(true);
  });

  test("the Node request's stream is read only when nothing else reads it", async () => {
    const web = new ReadableStream<Uint8Array>();
    const context = (incoming: Readable) =>
      ({ env: { incoming }, req: { raw: { body: web } } }) as never;
    const fresh = Readable.from([Buffer.from('x')]);
    const direct = requestChunks(context(fresh))!;
    expect(await direct.next()).toMatchObject({ done: false });

    const listened = Readable.from([Buffer.from('x')]);
    listened.on('data', () => undefined);
    const fallback = requestChunks(context(listened))!;
    expect(web.locked).toBe(true);
    await fallback.return!();

    expect(requestChunks({ env: undefined, req: { raw: { body: null } } } as never)).toBeNull();
  });
});
