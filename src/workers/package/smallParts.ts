// Small parts (a letterhead merge's header, footer and .rels copies, 0.3–3 kB each) deflated with
// a 4 kB window and small tables: the same size, about 5× faster than zlib's defaults
// (docs/deflate.md, "Small parts").
import pako from 'pako/dist/pako.es5.min.js';
import { crc32, crcAppending } from '../../domain/zip/crc32';
import { joinChunks } from '../template';
import type { ZipEntry } from '../../domain/zip/write';

const DEFLATE_SMALL = { level: 6, windowBits: 12, memLevel: 3, chunkSize: 4096 };
const Z_SYNC_FLUSH = 2;

/** A part's bytes deflated, with the size and CRC-32 of the plain bytes (what a zip entry holds). */
export type DeflatedPart = Pick<ZipEntry, 'data' | 'size' | 'crc'>;

/** A part of a few kB deflated; a part written unchanged into many copies (a header's .rels) is deflated once this way. */
export function deflateSmall(bytes: Uint8Array): DeflatedPart {
  return { data: pako.deflateRaw(bytes, DEFLATE_SMALL), size: bytes.length, crc: crc32(bytes) };
}

// A header copy differs from the next only where the row's values go: the XML before the first
// value and after the last is the same in every copy. Deflating those two once and writing each
// copy as [static head, deflated, flushed to a byte] + [values, stored block] + [static tail,
// deflated, final block] gives an ordinary deflate stream per copy without deflating per copy
// (per-copy deflate was the largest cost of a letterhead merge: ≈60 µs a part).

export interface PartFrame {
  prefix: Uint8Array;
  suffix: Uint8Array;
  /** The prefix deflated, not final, ending on a byte boundary (sync flush). */
  head: Uint8Array;
  /** The suffix deflated on its own, with the final block. */
  tail: Uint8Array;
  /** CRC-32 of the prefix, and the suffix's appended to a CRC (a copy runs only its values through). */
  prefixCrc: number;
  appendSuffix: (crc: number) => number;
}

function commonPrefix(a: Uint8Array, b: Uint8Array, limit: number): number {
  let n = 0;
  while (n < limit && a[n] === b[n]) n++;
  return n;
}

function commonSuffix(a: Uint8Array, b: Uint8Array, limit: number): number {
  let n = 0;
  while (n < limit && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/**
 * The static head and tail of a part from two renderings that differ in every value (each value
 * 'a' in one, 'b' in the other): they first differ where the first value starts, last where the last ends.
 */
export function partFrame(a: Uint8Array, b: Uint8Array): PartFrame {
  const shorter = Math.min(a.length, b.length);
  const p = commonPrefix(a, b, shorter);
  const s = commonSuffix(a, b, shorter - p);
  return staticFrame(a.slice(0, p), a.slice(a.length - s));
}

/** The frame of a part whose every rendering starts with `prefix` and ends with `suffix`. */
export function staticFrame(prefix: Uint8Array, suffix: Uint8Array): PartFrame {
  const chunks: Uint8Array[] = [];
  if (prefix.length > 0) {
    const deflate = new pako.Deflate({ ...DEFLATE_SMALL, raw: true });
    deflate.onData = (chunk: Uint8Array) => chunks.push(chunk);
    deflate.push(prefix, Z_SYNC_FLUSH);
  }
  return {
    prefix,
    suffix,
    head: joinChunks(chunks),
    tail: pako.deflateRaw(suffix, DEFLATE_SMALL),
    prefixCrc: crc32(prefix),
    appendSuffix: crcAppending(suffix),
  };
}

/**
 * `bytes` (one rendering of the framed part) deflated through its frame; null when the rendering does not start and end with the frame's static text.
 */
export function deflatedInFrame(frame: PartFrame, bytes: Uint8Array): DeflatedPart | null {
  const { prefix, suffix } = frame;
  const middle = bytes.length - prefix.length - suffix.length;
  if (middle < 0 || commonPrefix(bytes, prefix, prefix.length) !== prefix.length) return null;
  if (commonSuffix(bytes, suffix, suffix.length) !== suffix.length) return null;
  return deflatedFromChunks(frame, [
    prefix,
    bytes.subarray(prefix.length, bytes.length - suffix.length),
    suffix,
  ]);
}

/** A rendering given as chunks (the frame's prefix, the values, its suffix) deflated through `frame`. */
export function deflatedFromChunks(frame: PartFrame, chunks: readonly Uint8Array[]): DeflatedPart {
  const data = new Uint8Array(framedLength(frame, chunks));
  return { data, ...writeFromChunks(frame, chunks, data, 0) };
}

/** The length of a rendering given as chunks once deflated through `frame` (writeFromChunks). */
export function framedLength(frame: PartFrame, chunks: readonly Uint8Array[]): number {
  let middle = 0;
  for (let c = 1; c < chunks.length - 1; c++) middle += chunks[c].length;
  return frame.head.length + middle + Math.ceil(middle / 0xffff) * 5 + frame.tail.length;
}

/**
 * A rendering given as chunks whose first is the frame's static head (`prefix`) and whose last is
 * its static tail (`suffix`), as a part frame renders it (see partFrames.ts and staticFrame),
 * deflated into `out` at `at` (framedLength bytes) without joining or comparing the chunks.
 */
export function writeFromChunks(
  frame: PartFrame,
  chunks: readonly Uint8Array[],
  out: Uint8Array,
  start: number,
): { size: number; crc: number } {
  const last = chunks.length - 1;
  let middle = 0;
  for (let c = 1; c < last; c++) middle += chunks[c].length;
  out.set(frame.head, start);
  let at = start + frame.head.length;
  let crc = frame.prefixCrc;
  let left = 0;
  for (let c = 1; c < last; c++) {
    const chunk = chunks[c];
    crc = crc32(chunk, crc);
    for (let from = 0; from < chunk.length;) {
      if (left === 0) {
        // A stored block, not final (BFINAL 0, BTYPE 00, padded to the byte; LEN, NLEN
        // little-endian), for what is left of the values.
        left = Math.min(middle, 0xffff);
        middle -= left;
        out[at] = 0;
        out[at + 1] = left & 0xff;
        out[at + 2] = left >>> 8;
        out[at + 3] = ~left & 0xff;
        out[at + 4] = (~left >>> 8) & 0xff;
        at += 5;
      }
      const take = Math.min(left, chunk.length - from);
      out.set(chunk.subarray(from, from + take), at);
      at += take;
      from += take;
      left -= take;
    }
  }
  out.set(frame.tail, at);
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  return { size, crc: frame.appendSuffix(crc) };
}
