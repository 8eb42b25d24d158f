// One file per row: a framed part's static text parsed into LZ77 tokens once, and each row written
// as one fixed-Huffman deflate block, its values as literals and each match reaching back over
// values widened by their length in this row: ≈ 5 µs a row against pako's ≈ 65 µs
// (docs/deflate.md, "Why a fixed-Huffman framed deflate").
import { crc32, crcAppending } from '../../domain/zip/crc32';
import type { DeflatedPart } from './smallParts';
import {
  DISTANCE_BITS,
  DISTANCE_CODE,
  LENGTH_BITS,
  LENGTH_CODE,
  MAX_MATCH,
  MIN_MATCH,
  SYMBOL_BITS,
  SYMBOL_CODE,
  WINDOW,
} from '../../domain/zip/fixedHuffman';

const HASH_BITS = 15;
const MAX_CHAIN = 64;

/**
 * One segment's tokens. A literal is its byte in `length` with `distance` 0; a match has its
 * length, its distance in the static text, and the segment its source lies in.
 */
interface SegmentTokens {
  readonly length: Uint16Array;
  readonly distance: Uint32Array;
  readonly source: Uint32Array;
}

/** Greedy LZ77 over the segments' static text: no match crosses or reaches across a segment edge. */
function tokenize(segments: readonly Uint8Array[]): SegmentTokens[] {
  let total = 0;
  for (const segment of segments) total += segment.length;
  const text = new Uint8Array(total);
  const segmentOf = new Uint32Array(total);
  const starts: number[] = [];
  let at = 0;
  segments.forEach((segment, k) => {
    text.set(segment, at);
    segmentOf.fill(k, at, at + segment.length);
    starts.push(at);
    at += segment.length;
  });
  const head = new Int32Array(1 << HASH_BITS).fill(-1);
  const previous = new Int32Array(total);
  const hash = (i: number) =>
    ((text[i] << 10) ^ (text[i + 1] << 5) ^ text[i + 2]) & ((1 << HASH_BITS) - 1);
  const insert = (i: number) => {
    if (i + MIN_MATCH > total) return;
    const h = hash(i);
    previous[i] = head[h];
    head[h] = i;
  };

  return segments.map((segment, k) => {
    const start = starts[k];
    const end = start + segment.length;
    const lengths: number[] = [];
    const distances: number[] = [];
    const sources: number[] = [];
    let i = start;
    while (i < end) {
      let bestLength = 0;
      let bestFrom = -1;
      if (i + MIN_MATCH <= end) {
        let candidate = head[hash(i)];
        for (let chain = 0; candidate >= 0 && chain < MAX_CHAIN; chain++) {
          if (i - candidate > WINDOW) break;
          const sourceEnd = starts[segmentOf[candidate]] + segments[segmentOf[candidate]].length;
          const limit = Math.min(MAX_MATCH, end - i, sourceEnd - candidate);
          let n = 0;
          while (n < limit && text[candidate + n] === text[i + n]) n++;
          if (n > bestLength) {
            bestLength = n;
            bestFrom = candidate;
            if (n === limit) break;
          }
          candidate = previous[candidate];
        }
      }
      if (bestLength >= MIN_MATCH) {
        lengths.push(bestLength);
        distances.push(i - bestFrom);
        sources.push(segmentOf[bestFrom]);
        for (let j = 0; j < bestLength; j++) insert(i + j);
        i += bestLength;
      } else {
        lengths.push(text[i]);
        distances.push(0);
        sources.push(k);
        insert(i);
        i++;
      }
    }
    return {
      length: Uint16Array.from(lengths),
      distance: Uint32Array.from(distances),
      source: Uint32Array.from(sources),
    };
  });
}

/** A packed run of more bytes than this is copied with `set`; a shorter one byte by byte. */
const COPY_FROM = 32;

/** Bits written to a segment's program at most at once: with 7 pending bits they fit 31. */
const GROUP_BITS = 24;

/**
 * A segment as the codes a row writes: its literals and its matches within itself, packed into
 * groups of ≤ 24 bits, and (bits 0) the matches into earlier segments, whose distance each row widens.
 */
interface SegmentProgram {
  readonly codes: Uint32Array;
  /** Bits of each code; 0 marks a match into another segment (`codes` holds its token index). */
  readonly bits: Uint8Array;
  readonly tokens: SegmentTokens;
  /** Offset in the segment of each token. */
  readonly offsets: Uint32Array;
  /**
   * The program as runs of fixed codes (`runs[0]`, then `widened[0]`, `runs[1]`, …): each run's
   * bits packed into bytes once for each of the 8 bit positions a row can reach it at.
   */
  readonly runs: readonly PackedRun[];
  /** The matches into earlier segments between the runs (token indexes). */
  readonly widened: Uint32Array;
}

/** A run of codes as bytes: `aligned[a]` starts with `a` zero bits (the row's pending bits). */
interface PackedRun {
  readonly aligned: readonly Uint8Array[];
  readonly bits: number;
}

/** Codes `from`..`to` of a program packed after `a` zero bits, with a 0 byte to spare at the end. */
function pack(codes: number[], bits: number[], from: number, to: number, a: number): Uint8Array {
  let total = a;
  for (let e = from; e < to; e++) total += bits[e];
  const out = new Uint8Array((total >>> 3) + 2);
  let acc = 0;
  let count = a;
  let at = 0;
  for (let e = from; e < to; e++) {
    acc |= codes[e] << count;
    count += bits[e];
    while (count >= 8) {
      out[at++] = acc & 0xff;
      acc >>>= 8;
      count -= 8;
    }
  }
  out[at] = acc;
  return out;
}

/** The program's runs between its widened matches (bits 0), each packed for every alignment. */
function packRuns(codes: number[], bits: number[]): { runs: PackedRun[]; widened: number[] } {
  const runs: PackedRun[] = [];
  const widened: number[] = [];
  let from = 0;
  const close = (to: number) => {
    let total = 0;
    for (let e = from; e < to; e++) total += bits[e];
    const aligned = Array.from({ length: 8 }, (_, a) => pack(codes, bits, from, to, a));
    runs.push({ aligned, bits: total });
  };
  for (let e = 0; e < codes.length; e++) {
    if (bits[e] > 0) continue;
    close(e);
    widened.push(codes[e]);
    from = e + 1;
  }
  close(codes.length);
  return { runs, widened };
}

function programOf(tokens: SegmentTokens, k: number): SegmentProgram {
  const codes: number[] = [];
  const bits: number[] = [];
  let group = 0;
  let groupBits = 0;
  const add = (code: number, n: number) => {
    if (groupBits + n > GROUP_BITS) {
      codes.push(group);
      bits.push(groupBits);
      group = 0;
      groupBits = 0;
    }
    group |= code << groupBits;
    groupBits += n;
  };
  const close = () => {
    if (groupBits === 0) return;
    codes.push(group);
    bits.push(groupBits);
    group = 0;
    groupBits = 0;
  };
  const offsets = new Uint32Array(tokens.length.length);
  let offset = 0;
  for (let t = 0; t < tokens.length.length; t++) {
    offsets[t] = offset;
    const d = tokens.distance[t];
    const n = tokens.length[t];
    if (d === 0) {
      add(SYMBOL_CODE[n], SYMBOL_BITS[n]);
      offset++;
    } else if (tokens.source[t] === k) {
      add(LENGTH_CODE[n], LENGTH_BITS[n]);
      add(DISTANCE_CODE[d], DISTANCE_BITS[d]);
      offset += n;
    } else {
      close();
      codes.push(t);
      bits.push(0);
      offset += n;
    }
  }
  close();
  const { runs, widened } = packRuns(codes, bits);
  return {
    codes: Uint32Array.from(codes),
    bits: Uint8Array.from(bits),
    tokens,
    offsets,
    runs,
    widened: Uint32Array.from(widened),
  };
}

/**
 * Deflates renderings of one framed part: `segments` are its static text (partFrames.ts'
 * segmentBytes); `encode` takes a rendering as the frame gives it, the segments with the row's
 * values between them (chunks[2k] is segment k, chunks[2k + 1] the value after it).
 */
export class FramedDeflate {
  private readonly programs: SegmentProgram[];
  private readonly segments: readonly Uint8Array[];
  private readonly staticLength: number;
  /** Per segment, its CRC appended in O(1) (a short one is cheaper to run through). */
  private readonly segmentCrcs: ((crc: number) => number)[];
  private out = new Uint8Array(1 << 16);
  /** Per row: how many value bytes come before each segment. */
  private readonly valuesBefore: Float64Array;

  constructor(segments: readonly Uint8Array[]) {
    this.segments = segments;
    this.programs = tokenize(segments).map(programOf);
    this.staticLength = segments.reduce((n, s) => n + s.length, 0);
    this.valuesBefore = new Float64Array(segments.length);
    this.segmentCrcs = segments.map((segment) =>
      segment.length >= 64 ? crcAppending(segment) : (crc: number) => crc32(segment, crc),
    );
  }

  /** Whether `chunks` is a rendering through these segments (the frame's own arrays). */
  fits(chunks: readonly Uint8Array[]): boolean {
    return (
      chunks.length === this.segments.length * 2 - 1 &&
      this.segments.every((segment, k) => chunks[2 * k] === segment)
    );
  }

  encode(chunks: readonly Uint8Array[]): DeflatedPart {
    const { programs, segments, valuesBefore, segmentCrcs } = this;
    let values = 0;
    for (let k = 0; k < segments.length; k++) {
      valuesBefore[k] = values;
      if (k + 1 < segments.length) values += chunks[2 * k + 1].length;
    }
    // Every byte as a 9-bit literal at worst, plus the block's header and end.
    const capacity = Math.ceil(((this.staticLength + values) * 9) / 8) + 8;
    if (this.out.length < capacity) this.out = new Uint8Array(capacity * 2);
    const out = this.out;
    let at = 0;
    // Pending bits, least significant first (deflate's bit order); fewer than 8 between writes.
    let acc = 0b011; // BFINAL 1, BTYPE 01: the last block, fixed Huffman codes
    let count = 3;
    let crc = 0;
    for (let k = 0; k < segments.length; k++) {
      const { runs, widened: matches, tokens, offsets } = programs[k];
      const segment = segments[k];
      for (let r = 0; ; r++) {
        // The run's bytes as packed for the pending bits' position, the pending bits or-ed in.
        const run = runs[r];
        const packed = run.aligned[count];
        const total = count + run.bits;
        const full = total >>> 3;
        if (full > 0) {
          const first = packed[0] | acc;
          if (full > COPY_FROM) out.set(packed.subarray(0, full), at);
          else for (let j = 1; j < full; j++) out[at + j] = packed[j];
          out[at] = first;
          at += full;
          acc = packed[full];
        } else {
          acc |= packed[0];
        }
        count = total & 7;
        if (r === matches.length) break;
        const t = matches[r];
        const length = tokens.length[t];
        const widened = tokens.distance[t] + valuesBefore[k] - valuesBefore[tokens.source[t]];
        if (widened <= WINDOW) {
          acc |= LENGTH_CODE[length] << count;
          count += LENGTH_BITS[length];
          while (count >= 8) {
            out[at++] = acc & 0xff;
            acc >>>= 8;
            count -= 8;
          }
          acc |= DISTANCE_CODE[widened] << count;
          count += DISTANCE_BITS[widened];
        } else {
          // Too far back in this row: the matched bytes as literals.
          for (let j = offsets[t], end = j + length; j < end; j++) {
            acc |= SYMBOL_CODE[segment[j]] << count;
            count += SYMBOL_BITS[segment[j]];
            while (count >= 8) {
              out[at++] = acc & 0xff;
              acc >>>= 8;
              count -= 8;
            }
          }
        }
        while (count >= 8) {
          out[at++] = acc & 0xff;
          acc >>>= 8;
          count -= 8;
        }
      }
      crc = segmentCrcs[k](crc);
      if (k + 1 < segments.length) {
        const value = chunks[2 * k + 1];
        for (let j = 0; j < value.length; j++) {
          acc |= SYMBOL_CODE[value[j]] << count;
          count += SYMBOL_BITS[value[j]];
          while (count >= 8) {
            out[at++] = acc & 0xff;
            acc >>>= 8;
            count -= 8;
          }
        }
        crc = crc32(value, crc);
      }
    }
    acc |= SYMBOL_CODE[256] << count; // end of block
    count += SYMBOL_BITS[256];
    while (count > 0) {
      out[at++] = acc & 0xff;
      acc >>>= 8;
      count -= 8;
    }
    return { data: out.slice(0, at), size: this.staticLength + values, crc };
  }
}
