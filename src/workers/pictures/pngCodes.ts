// The deflate codes a QR code's PNG is written with (png.ts): per scale, each group of eight
// modules' pixels already as fixed-Huffman codes, and the codes of matches copying pixel rows.
import {
  DISTANCE_BITS,
  DISTANCE_CODE,
  LENGTH_BITS,
  LENGTH_CODE,
  MAX_MATCH,
  MIN_MATCH,
  SYMBOL_BITS,
  SYMBOL_CODE,
} from '../../domain/zip/fixedHuffman';

/** Per scale: for each byte of 8 modules' light bits, its 8 × scale pixel bits as `scale` bytes. */
function expansionOf(scale: number): Uint8Array {
  const table = new Uint8Array(256 * scale);
  for (let b = 0; b < 256; b++)
    for (let p = 0; p < 8 * scale; p++)
      if ((b >>> (7 - Math.floor(p / scale))) & 1) table[b * scale + (p >>> 3)] |= 0x80 >>> (p & 7);
  return table;
}

/**
 * Per scale, for each byte of 8 modules' light bits (first module in the high bit): its `scale`
 * bytes of pixels already as deflate codes (a run of one byte as a literal and a copy of it),
 * placed after each count of bits held, and the bytes' sum and weighted sum for Adler-32. A
 * module row is then a word or two written a group of eight modules, not a code per pixel byte.
 */
interface GroupCodes {
  readonly scale: number;
  readonly expansion: Uint8Array;
  /** Sum of the group's bytes, and Σ (scale − k) × byte k. */
  readonly sum: Uint32Array;
  readonly weighted: Uint32Array;
  /**
   * The group's codes already placed, for each count of bits (0–7) held before it, as
   * little-endian 32-bit words: group b after `held` bits at `(b * 8 + held) * strideWords`, its
   * first byte's low `held` bits 0 (the held bits go there). A group is then a word or two
   * written, not a code shifted in at a time.
   */
  readonly placedWords: Uint32Array;
  readonly strideWords: number;
  /** Bits of group b's codes. */
  readonly length: Uint8Array;
}

const groupCodes: GroupCodes[] = [];
export function groupCodesOf(scale: number): GroupCodes {
  const known = groupCodes[scale];
  if (known) return known;
  const expansion = expansionOf(scale);
  const first = new Uint16Array(257);
  const code: number[] = [];
  const bits: number[] = [];
  const sum = new Uint32Array(256);
  const weighted = new Uint32Array(256);
  for (let b = 0; b < 256; b++) {
    first[b] = code.length;
    const bytes = expansion.subarray(b * scale, (b + 1) * scale);
    const pairs: number[] = [];
    for (let k = 0; k < scale; k++) {
      sum[b] += bytes[k];
      weighted[b] += (scale - k) * bytes[k];
    }
    for (let i = 0; i < scale;) {
      let run = 1;
      while (i + run < scale && bytes[i + run] === bytes[i]) run++;
      const literals = run - 1 >= MIN_MATCH ? 1 : run;
      for (let k = 0; k < literals; k++) pairs.push(SYMBOL_CODE[bytes[i]], SYMBOL_BITS[bytes[i]]);
      if (literals === 1 && run > 1) pairs.push(...runCodesOf(run - 1));
      i += run;
    }
    // Packed into pieces of at most 24 bits: with at most 7 bits held, a piece fits 31.
    let piece = 0;
    let pieceBits = 0;
    for (let p = 0; p < pairs.length; p += 2) {
      if (pieceBits + pairs[p + 1] > 24) {
        code.push(piece);
        bits.push(pieceBits);
        piece = 0;
        pieceBits = 0;
      }
      piece |= pairs[p] << pieceBits;
      pieceBits += pairs[p + 1];
    }
    if (pieceBits > 0) {
      code.push(piece);
      bits.push(pieceBits);
    }
  }
  first[256] = code.length;
  const { placed, stride, length } = placedGroups(first, code, bits);
  const strideWords = Math.ceil(stride / 4);
  const placedWords = new Uint32Array(256 * 8 * strideWords);
  for (let entry = 0; entry < 256 * 8; entry++)
    for (let k = 0; k < stride; k++)
      placedWords[entry * strideWords + (k >>> 2)] |= placed[entry * stride + k] << ((k & 3) * 8);
  const made: GroupCodes = {
    scale,
    expansion,
    sum,
    weighted,
    placedWords,
    strideWords,
    length,
  };
  groupCodes[scale] = made;
  return made;
}

/** Each group's codes as bytes after 0–7 bits held (then as words: GroupCodes.placedWords). */
function placedGroups(
  first: Uint16Array,
  code: readonly number[],
  bits: readonly number[],
): { placed: Uint8Array; stride: number; length: Uint8Array } {
  const length = new Uint8Array(256);
  for (let b = 0; b < 256; b++) for (let p = first[b]; p < first[b + 1]; p++) length[b] += bits[p];
  const stride = Math.ceil((7 + Math.max(...length)) / 8);
  const placed = new Uint8Array(256 * 8 * stride);
  for (let b = 0; b < 256; b++)
    for (let held = 0; held < 8; held++) {
      const at = (b * 8 + held) * stride;
      let bit = held;
      for (let p = first[b]; p < first[b + 1]; p++)
        for (let k = 0; k < bits[p]; k++, bit++)
          if ((code[p] >>> k) & 1) placed[at + (bit >>> 3)] |= 1 << (bit & 7);
    }
  return { placed, stride, length };
}

/** Byte b reversed and inverted: dark modules first-bit-low to light modules first-bit-high. */
export const LIGHTS = /* @__PURE__ */ (() => {
  const table = new Uint8Array(256);
  for (let b = 0; b < 256; b++) {
    let r = 0;
    for (let i = 0; i < 8; i++) r |= ((b >>> i) & 1) << (7 - i);
    table[b] = ~r & 0xff;
  }
  return table;
})();

/**
 * The codes of a match copying `length` bytes from `distance` back, as pairs (code, bit count):
 * matches of 3…258, never leaving 1 or 2 bytes over (no match is that short). `length` ≥ 3.
 */
export function matchCodes(distance: number, length: number): number[] {
  const codes: number[] = [];
  let rest = length;
  while (rest >= MIN_MATCH) {
    let take = rest < MAX_MATCH ? rest : MAX_MATCH;
    if (rest - take > 0 && rest - take < MIN_MATCH) take = rest - MIN_MATCH;
    // A length code and its extra bits fit 13 bits; the distance's 18; written apart.
    codes.push(
      LENGTH_CODE[take],
      LENGTH_BITS[take],
      DISTANCE_CODE[distance],
      DISTANCE_BITS[distance],
    );
    rest -= take;
  }
  return codes;
}

/** Runs of one byte, copied from 1 back: their codes by length, made once. */
const runCodes: number[][] = [];
function runCodesOf(length: number): number[] {
  return (runCodes[length] ??= matchCodes(1, length));
}
