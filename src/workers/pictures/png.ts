// A QR code as a PNG of one bit per pixel (grey scale, 0 black, 1 white), each module a square of
// `scale` pixels, so it prints sharp at the size it is drawn (qrImage.ts picks the scale). A QR
// image is made per invoice, 10,000 in a run: its pixel rows repeat (every module is `scale` rows
// tall, the quiet zone is white), so its zlib stream is written here directly as one fixed-Huffman
// deflate block of a module row's bytes followed by a match copying that row, rather than
// compressing 30 kB of pixels with a general deflater each time. The modules are read from the
// QR library's packed matrix (32 modules a word), never as an array of booleans: a QRIS code
// is about 5,000 modules, made 10,000 times (docs/pictures.md, "Speed").
import { crc32 } from '../../domain/zip/crc32';
import {
  DISTANCE_BITS,
  DISTANCE_CODE,
  LENGTH_BITS,
  LENGTH_CODE,
  MAX_MATCH,
  MIN_MATCH,
  SYMBOL_BITS,
  SYMBOL_CODE,
} from '../package';

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
let rowScratch = new Uint8Array(256);

/** Whether module rows `a` and `b` (−1 or past the end: the quiet zone) are alike. */
function sameModuleRow(m: ModuleMatrix, a: number, b: number): boolean {
  const inA = a >= 0 && a < m.size;
  const inB = b >= 0 && b < m.size;
  if (!inA || !inB) return inA === inB;
  for (let w = 0; w < m.words; w++) if (m.v[a * m.words + w] !== m.v[b * m.words + w]) return false;
  return true;
}

/** Per scale: for each byte of 8 modules' light bits, its 8 × scale pixel bits as `scale` bytes. */
const expansions: Uint8Array[] = [];
function expansionOf(scale: number): Uint8Array {
  let table = expansions[scale];
  if (!table) {
    table = new Uint8Array(256 * scale);
    for (let b = 0; b < 256; b++)
      for (let p = 0; p < 8 * scale; p++)
        if ((b >>> (7 - Math.floor(p / scale))) & 1)
          table[b * scale + (p >>> 3)] |= 0x80 >>> (p & 7);
    expansions[scale] = table;
  }
  return table;
}

/** Module row `y`'s pixel row (−1 or past the end: quiet zone): filter byte 0, then the bits (light = 1). */
function pixelRow(
  m: ModuleMatrix,
  y: number,
  quiet: number,
  scale: number,
  row: Uint8Array,
  length: number,
): void {
  const table = expansionOf(scale);
  const across = m.size + 2 * quiet;
  const inside = y >= 0 && y < m.size;
  const words = m.v;
  const base = y * m.words;
  row[0] = 0;
  let at = 1;
  let lights = 0;
  for (let x = 0; x < across; x++) {
    const mx = x - quiet;
    const dark = inside && mx >= 0 && mx < m.size && (words[base + (mx >>> 5)] >>> (mx & 31)) & 1;
    lights = (lights << 1) | (dark ? 0 : 1);
    if ((x & 7) === 7) {
      // Eight modules are exactly `scale` bytes of pixels.
      for (let k = 0, from = lights * scale; k < scale; k++) row[at++] = table[from + k];
      lights = 0;
    }
  }
  const left = across & 7;
  if (left > 0) {
    // The last modules, padded with dark ones: the padding bits past the width are not read.
    const from = (lights << (8 - left)) * scale;
    for (let k = 0; at < length; k++) row[at++] = table[from + k];
  }
  for (; at < length; at++) row[at] = 0;
}

/**
 * The codes of a match copying `length` bytes from `distance` back, as pairs (code, bit count):
 * matches of 3…258, never leaving 1 or 2 bytes over (no match is that short). `length` ≥ 3.
 */
function matchCodes(distance: number, length: number): number[] {
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

/** The zlib stream (RFC 1950) of the image's scan lines, written into `out` from `start`; its end. */
function imageData(m: ModuleMatrix, quiet: number, scale: number, start: number): number {
  const across = (m.size + 2 * quiet) * scale;
  const rowLength = 1 + Math.ceil(across / 8);
  if (rowScratch.length < rowLength) rowScratch = new Uint8Array(rowLength);
  const row = rowScratch;
  const modulesDown = m.size + 2 * quiet;
  // Worst case: every module row's bytes as 9-bit literals, plus its matches.
  const worst = start + 64 + modulesDown * (rowLength * 2 + 64);
  if (outScratch.length < worst) outScratch = new Uint8Array(worst * 2);
  const out = outScratch;
  // A module row's pixel rows after its first, and a module row like the one before: copies.
  const restOfModule = scale > 1 ? matchCodes(rowLength, rowLength * (scale - 1)) : [];
  const wholeModule = matchCodes(rowLength, rowLength * scale);
  let at = start;
  out[at++] = 0x78; // deflate, 32 kB window
  out[at++] = 0x01; // no dictionary, fastest; (0x78 << 8 | 0x01) % 31 === 0
  // Bits go out least significant first, as deflate packs them: at most 7 held between codes,
  // a code at most 18 bits, so never more than 25.
  let bits = 1 | (1 << 1); // final block, fixed Huffman codes
  let count = 3;
  let s1 = 1;
  let s2 = 0;
  let sum = 0;
  let weighted = 0;
  for (let y = -quiet; y < m.size + quiet; y++) {
    let codes: number[];
    if (y > -quiet && sameModuleRow(m, y, y - 1)) {
      codes = wholeModule;
    } else {
      pixelRow(m, y, quiet, scale, row, rowLength);
      sum = 0;
      weighted = 0;
      for (let i = 0; i < rowLength; i++) {
        sum += row[i];
        weighted += (rowLength - i) * row[i];
      }
      sum %= ADLER_MOD;
      weighted %= ADLER_MOD;
      // The row's bytes, runs of one byte written as a literal and a copy of it.
      for (let i = 0; i < rowLength;) {
        const byte = row[i];
        let run = 1;
        while (i + run < rowLength && row[i + run] === byte) run++;
        const repeats = run - 1 >= MIN_MATCH ? 1 : run;
        for (let k = 0; k < repeats; k++) {
          bits |= SYMBOL_CODE[byte] << count;
          count += SYMBOL_BITS[byte];
          while (count >= 8) {
            out[at++] = bits & 0xff;
            bits >>>= 8;
            count -= 8;
          }
        }
        if (repeats === 1 && run > 1) {
          const run1 = runCodesOf(run - 1);
          for (let c = 0; c < run1.length; c += 2) {
            bits |= run1[c] << count;
            count += run1[c + 1];
            while (count >= 8) {
              out[at++] = bits & 0xff;
              bits >>>= 8;
              count -= 8;
            }
          }
        }
        i += run;
      }
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
    // length × s1 + the weighted sum to s2.
    for (let k = 0; k < scale; k++) {
      s2 = (s2 + rowLength * s1 + weighted) % ADLER_MOD;
      s1 = (s1 + sum) % ADLER_MOD;
    }
  }
  bits |= SYMBOL_CODE[END_OF_BLOCK] << count;
  count += SYMBOL_BITS[END_OF_BLOCK];
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

/**
 * The PNG of a QR symbol with a quiet zone of `quiet` light modules around it, `scale` pixels a
 * module (1…16), with its resolution: `dpi` dots per inch, so an application placing it at its
 * own size agrees.
 */
export function modulesPng(m: ModuleMatrix, quiet: number, scale: number, dpi: number): Uint8Array {
  const size = (m.size + 2 * quiet) * scale;
  // Signature, IHDR (13 bytes of data), pHYs (9), then IDAT written in place, then IEND.
  const idatData = 8 + 25 + 21 + 8;
  const end = imageData(m, quiet, scale, idatData);
  const idatLength = end - idatData;
  const total = end + 4 + 12;
  const bytes = allocate(total);
  bytes.set(outScratch.subarray(idatData, end), idatData);
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
  at = chunkEnd(view, bytes, at - 4, end);
  at = chunkStart(view, bytes, at, 'IEND', 0);
  chunkEnd(view, bytes, at - 4, at);
  return bytes;
}
