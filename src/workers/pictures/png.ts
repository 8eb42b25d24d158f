// A QR code as a PNG of one bit per pixel (grey scale, 0 black, 1 white), each module a square of
// `scale` pixels, so it prints sharp at the size it is drawn (qrImage.ts picks the scale). A QR
// image is made per invoice, 10,000 in a run: its pixel rows repeat (every module is `scale` rows
// tall, the quiet zone is white), so its zlib stream is written here directly as one fixed-Huffman
// deflate block of a module row's bytes followed by a match copying that row, rather than
// compressing 30 kB of pixels with a general deflater each time. The modules are read from the
// QR library's packed matrix (32 modules a word), never as an array of booleans: a QRIS code
// is about 5,000 modules, made 10,000 times (docs/pictures.md, "Speed").
import { crc32, crc32Combine } from '../../domain/zip/crc32';
import { SYMBOL_BITS, SYMBOL_CODE } from '../../domain/zip/fixedHuffman';
import { groupCodesOf, LIGHTS, matchCodes } from './pngCodes';

/** A square of modules without its quiet zone: bit x of word `y * words + (x >>> 5)` (1 = dark). */
export interface ModuleMatrix {
  readonly size: number;
  readonly words: number;
  readonly v: Uint32Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ADLER_MOD = 65521;
const END_OF_BLOCK = 256;

/** Scratch space, grown as needed: one image is written at a time. */
let outScratch = new Uint8Array(1 << 16);
let outView = new DataView(outScratch.buffer);

/** Whether module rows `a` and `b` (−1 or past the end: the quiet zone) are alike. */
function sameModuleRow(m: ModuleMatrix, a: number, b: number): boolean {
  const inA = a >= 0 && a < m.size;
  const inB = b >= 0 && b < m.size;
  if (!inA || !inB) return inA === inB;
  for (let w = 0; w < m.words; w++) if (m.v[a * m.words + w] !== m.v[b * m.words + w]) return false;
  return true;
}

/** The dark bits of modules `mx`…`mx + 7` of the row at word `base` (bit j: module mx + j; outside: 0). */
function darkByte(v: Uint32Array, base: number, words: number, size: number, mx: number): number {
  let dark: number;
  if (mx >= 0) {
    if (mx >= size) return 0;
    const w = mx >>> 5;
    const o = mx & 31;
    dark = v[base + w] >>> o;
    if (o > 24 && w + 1 < words) dark |= v[base + w + 1] << (32 - o);
  } else {
    if (mx <= -8) return 0;
    dark = v[base] << -mx;
  }
  const over = mx + 8 - size;
  if (over > 0) dark &= 0xff >>> over;
  return dark & 0xff;
}

/** The zlib stream (RFC 1950) of the image's scan lines, written into `out` from `start`; its end. */
function imageData(m: ModuleMatrix, quiet: number, scale: number, start: number): number {
  const across = m.size + 2 * quiet;
  const rowLength = 1 + Math.ceil((across * scale) / 8);
  const groups = across >>> 3;
  const left = across & 7;
  // The last group's bytes: its modules' pixels, padded with dark ones that are not read.
  const tailBytes = rowLength - 1 - groups * scale;
  // Worst case: every module row's bytes as 9-bit literals, plus its matches.
  const worst = start + 64 + across * (rowLength * 2 + 64);
  if (outScratch.length < worst) {
    outScratch = new Uint8Array(worst * 2);
    outView = new DataView(outScratch.buffer);
  }
  const out = outScratch;
  const table = groupCodesOf(scale);
  const { expansion, placedWords, strideWords, length, sum: sums, weighted: weights } = table;
  const view = outView;
  const { v, words, size } = m;
  // The imported tables held locally: a loader may read imports through getters.
  const symbolCode = SYMBOL_CODE;
  const symbolBits = SYMBOL_BITS;
  const lightsOf = LIGHTS;
  // A module row's pixel rows after its first, and a module row like the one before: copies.
  const restOfModule = scale > 1 ? matchCodes(rowLength, rowLength * (scale - 1)) : [];
  const wholeModule = matchCodes(rowLength, rowLength * scale);
  let at = start;
  out[at++] = 0x78; // deflate, 32 kB window
  out[at++] = 0x01; // no dictionary, fastest; (0x78 << 8 | 0x01) % 31 === 0
  // Bits go out least significant first, as deflate packs them: at most 7 held between codes,
  // a code or a group's piece at most 24 bits, so never more than 31.
  let bits = 1 | (1 << 1); // final block, fixed Huffman codes
  let count = 3;
  let s1 = 1;
  let s2 = 0;
  let sum = 0;
  let weighted = 0;
  const triangle = (scale * (scale - 1)) / 2;
  for (let y = -quiet; y < size + quiet; y++) {
    let codes: number[];
    if (y > -quiet && sameModuleRow(m, y, y - 1)) {
      codes = wholeModule;
    } else {
      const inside = y >= 0 && y < size;
      const base = y * words;
      // The filter byte (0: none), a literal.
      bits |= symbolCode[0] << count;
      count += symbolBits[0];
      out[at++] = bits & 0xff;
      bits >>>= 8;
      count -= 8;
      sum = 0;
      weighted = 0;
      let byteAt = 1;
      for (let g = 0; g < groups; g++, byteAt += scale) {
        const lights = lightsOf[inside ? darkByte(v, base, words, size, 8 * g - quiet) : 0];
        // The group's bytes after the `count` bits held; the last, partly filled, is held again.
        const from = (lights * 8 + count) * strideWords;
        const total = count + length[lights];
        // Whole words (unaligned, little-endian), the stride's every word: a loop of one length
        // a scale; what is written past the group's bits is written over by what follows.
        view.setUint32(at, bits | placedWords[from], true);
        for (let k = 1; k < strideWords; k++)
          view.setUint32(at + 4 * k, placedWords[from + k], true);
        at += total >>> 3;
        count = total & 7;
        bits = count === 0 ? 0 : out[at];
        const groupSum = sums[lights];
        sum += groupSum;
        weighted += (rowLength - byteAt - scale) * groupSum + weights[lights];
      }
      if (left > 0) {
        const dark = inside ? darkByte(v, base, words, size, 8 * groups - quiet) : 0;
        const lights = lightsOf[dark] & (0xff << (8 - left));
        for (let k = 0; k < tailBytes; k++, byteAt++) {
          const byte = expansion[lights * scale + k];
          bits |= symbolCode[byte] << count;
          count += symbolBits[byte];
          while (count >= 8) {
            out[at++] = bits & 0xff;
            bits >>>= 8;
            count -= 8;
          }
          sum += byte;
          weighted += (rowLength - byteAt) * byte;
        }
      }
      sum %= ADLER_MOD;
      weighted %= ADLER_MOD;
      codes = restOfModule;
    }
    for (let c = 0; c < codes.length; c += 2) {
      bits |= codes[c] << count;
      count += codes[c + 1];
      while (count >= 8) {
        out[at++] = bits & 0xff;
        bits >>>= 8;
        count -= 8;
      }
    }
    // Adler-32 over `scale` repeats of the row: each adds the row's sum to s1 and
    // length × s1 + the weighted sum to s2, so k repeats add k × sum to s1 and
    // k × (length × s1 + weighted) + length × sum × k(k − 1)/2 to s2 (exact in doubles).
    s2 = (s2 + scale * (rowLength * s1 + weighted) + rowLength * sum * triangle) % ADLER_MOD;
    s1 = (s1 + scale * sum) % ADLER_MOD;
  }
  bits |= symbolCode[END_OF_BLOCK] << count;
  count += symbolBits[END_OF_BLOCK];
  while (count > 0) {
    out[at++] = bits & 0xff;
    bits >>>= 8;
    count -= 8;
  }
  const adler = ((s2 << 16) | s1) >>> 0;
  out[at++] = adler >>> 24;
  out[at++] = (adler >>> 16) & 0xff;
  out[at++] = (adler >>> 8) & 0xff;
  out[at++] = adler & 0xff;
  return at;
}

/** Images are cut from slabs of 1 MB: 10,000 small typed arrays of their own cost more to make. */
const SLAB = 1 << 20;
let slab = new Uint8Array(0);
let slabUsed = 0;
function allocate(length: number): Uint8Array {
  if (length > SLAB / 8) return new Uint8Array(length);
  if (slabUsed + length > slab.length) {
    slab = new Uint8Array(SLAB);
    slabUsed = 0;
  }
  const bytes = slab.subarray(slabUsed, slabUsed + length);
  slabUsed += length;
  return bytes;
}

/** Writes a chunk's length and type at `at` (its data follows); returns where the data starts. */
function chunkStart(
  view: DataView,
  bytes: Uint8Array,
  at: number,
  type: string,
  length: number,
): number {
  view.setUint32(at, length);
  for (let i = 0; i < 4; i++) bytes[at + 4 + i] = type.charCodeAt(i);
  return at + 8;
}

/** Closes the chunk whose type is at `typeAt` and data ends at `end` with its CRC; returns its end. */
function chunkEnd(view: DataView, bytes: Uint8Array, typeAt: number, end: number): number {
  view.setUint32(end, crc32(bytes.subarray(typeAt, end)));
  return end + 4;
}

/** A PNG file and its CRC-32 (what a zip entry of it states). */
export interface PngFile {
  readonly bytes: Uint8Array;
  readonly crc: number;
}

/**
 * The PNG of a QR symbol with a quiet zone of `quiet` light modules around it, `scale` pixels a
 * module (1…16), with its resolution: `dpi` dots per inch, so an application placing it at its
 * own size agrees. `keep` false: the bytes are the writer's own buffer, read before the next call
 * (the merged document copies each code into its zip at once, rather than into a slab first: on
 * this machine fresh memory costs more than the copy, docs/pictures.md "Speed").
 */
export function modulesPng(
  m: ModuleMatrix,
  quiet: number,
  scale: number,
  dpi: number,
  keep = true,
): PngFile {
  const size = (m.size + 2 * quiet) * scale;
  // Signature, IHDR (13 bytes of data), pHYs (9), then IDAT written in place, then IEND.
  const idatData = 8 + 25 + 21 + 8;
  const end = imageData(m, quiet, scale, idatData);
  const idatLength = end - idatData;
  const total = end + 4 + 12;
  let bytes: Uint8Array;
  if (keep) {
    bytes = allocate(total);
    bytes.set(outScratch.subarray(idatData, end), idatData);
  } else {
    // imageData's room has its worst case and 64 bytes more: the chunk ends fit after `end`.
    bytes = outScratch.subarray(0, total);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  bytes.set(SIGNATURE, 0);
  let at = chunkStart(view, bytes, 8, 'IHDR', 13);
  view.setUint32(at, size);
  view.setUint32(at + 4, size);
  bytes[at + 8] = 1; // bit depth
  bytes[at + 9] = 0; // grey scale; compression, filter and interlace methods: 0
  at = chunkEnd(view, bytes, 12, at + 13);
  const physAt = at;
  at = chunkStart(view, bytes, at, 'pHYs', 9);
  const perMetre = Math.round(dpi / 0.0254);
  view.setUint32(at, perMetre);
  view.setUint32(at + 4, perMetre);
  bytes[at + 8] = 1; // unit: metre
  at = chunkEnd(view, bytes, physAt + 4, at + 9);
  at = chunkStart(view, bytes, at, 'IDAT', idatLength);
  const idatType = at - 4;
  at = chunkEnd(view, bytes, idatType, end);
  at = chunkStart(view, bytes, at, 'IEND', 0);
  chunkEnd(view, bytes, at - 4, at);
  // The file's CRC (its zip entry's) from the IDAT chunk's, not a second pass over its pixels.
  const head = crc32(bytes.subarray(0, idatType));
  const upToIdatCrc = crc32Combine(head, view.getUint32(end), end - idatType);
  return { bytes, crc: crc32(bytes.subarray(end), upToIdatCrc) };
}
