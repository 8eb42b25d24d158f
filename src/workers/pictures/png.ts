// A QR code as a PNG of one bit per pixel (grey scale, 0 black, 1 white), each module a square of
// `scale` pixels, so it prints sharp at the size it is drawn (qrImage.ts picks the scale). A QR
// image is made per invoice, 10,000 in a run: its pixel rows repeat (every module is `scale` rows
// tall, the quiet zone is white), so its zlib stream is written here directly as one fixed-Huffman
// deflate block of a module row's bytes followed by a match copying that row, rather than
// compressing 30 kB of pixels with a general deflater each time.
import { crc32 } from '../../domain/docx/crc32';
import {
  DISTANCE_BITS,
  DISTANCE_CODE,
  LENGTH_BITS,
  LENGTH_CODE,
  MAX_MATCH,
  MIN_MATCH,
  SYMBOL_BITS,
  SYMBOL_CODE,
} from '../fixedHuffman';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ADLER_MOD = 65521;
const END_OF_BLOCK = 256;

/** Bits written least significant first, as deflate packs them. */
class BitWriter {
  private bits = 0;
  private count = 0;
  length = 0;
  constructor(readonly out: Uint8Array) {}

  write(code: number, bits: number): void {
    this.bits |= code << this.count;
    this.count += bits;
    while (this.count >= 8) {
      this.out[this.length++] = this.bits & 0xff;
      this.bits >>>= 8;
      this.count -= 8;
    }
  }

  literal(byte: number): void {
    this.write(SYMBOL_CODE[byte], SYMBOL_BITS[byte]);
  }

  /** Copies `length` bytes from `distance` back (any length: cut into matches of 3…258). */
  copy(distance: number, length: number, history: (back: number) => number): void {
    let rest = length;
    while (rest >= MIN_MATCH) {
      // Never leave 1 or 2 bytes over: no match is that short.
      let take = Math.min(rest, MAX_MATCH);
      if (rest - take > 0 && rest - take < MIN_MATCH) take = rest - MIN_MATCH;
      const lengthCode = LENGTH_CODE[take];
      // A length code and its extra bits fit 13 bits; the distance's 18; written apart.
      this.write(lengthCode, LENGTH_BITS[take]);
      this.write(DISTANCE_CODE[distance], DISTANCE_BITS[distance]);
      rest -= take;
    }
    for (let i = rest; i > 0; i--) this.literal(history(distance));
  }

  finish(): Uint8Array {
    if (this.count > 0) this.out[this.length++] = this.bits & 0xff;
    this.bits = 0;
    this.count = 0;
    return this.out.subarray(0, this.length);
  }
}

/** One module row's pixel row: filter byte 0, then the bits (light = 1). */
function pixelRow(modules: readonly boolean[], scale: number, out: Uint8Array): void {
  out.fill(0);
  out[0] = 0;
  let bit = 0;
  for (const dark of modules) {
    if (dark) {
      bit += scale;
      continue;
    }
    for (let k = 0; k < scale; k++, bit++) out[1 + (bit >>> 3)] |= 0x80 >>> (bit & 7);
  }
}

function sameRow(a: readonly boolean[], b: readonly boolean[] | undefined): boolean {
  if (!b) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The zlib stream (RFC 1950) of the image's scan lines. */
function imageData(modules: readonly (readonly boolean[])[], scale: number): Uint8Array {
  const width = modules.length * scale;
  const rowLength = 1 + Math.ceil(width / 8);
  const row = new Uint8Array(rowLength);
  // Worst case: every module row's bytes as 9-bit literals, plus its matches.
  const writer = new BitWriter(new Uint8Array(16 + modules.length * (rowLength * 2 + 16)));
  writer.out[0] = 0x78; // deflate, 32 kB window
  writer.out[1] = 0x01; // no dictionary, fastest; (0x78 << 8 | 0x01) % 31 === 0
  writer.length = 2;
  writer.write(1, 1); // final block
  writer.write(1, 2); // fixed Huffman codes
  let s1 = 1;
  let s2 = 0;
  let sum = 0;
  let weighted = 0;
  for (let r = 0; r < modules.length; r++) {
    let copies = scale;
    if (sameRow(modules[r], modules[r - 1])) {
      writer.copy(rowLength, rowLength * scale, (back) => row[rowLength - back]);
    } else {
      pixelRow(modules[r], scale, row);
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
        let run = 1;
        while (i + run < rowLength && row[i + run] === row[i]) run++;
        writer.literal(row[i]);
        if (run - 1 >= MIN_MATCH) writer.copy(1, run - 1, () => row[i]);
        else for (let k = 1; k < run; k++) writer.literal(row[i]);
        i += run;
      }
      // The module's other pixel rows are copies of the first.
      writer.copy(rowLength, rowLength * (scale - 1), (back) => row[rowLength - back]);
      copies = scale;
    }
    // Adler-32 over `copies` repeats of the row: each adds the row's sum to s1 and
    // length × s1 + the weighted sum to s2.
    for (let k = 0; k < copies; k++) {
      s2 = (s2 + rowLength * s1 + weighted) % ADLER_MOD;
      s1 = (s1 + sum) % ADLER_MOD;
    }
  }
  writer.write(SYMBOL_CODE[END_OF_BLOCK], SYMBOL_BITS[END_OF_BLOCK]);
  const body = writer.finish();
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, ((s2 << 16) | s1) >>> 0);
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * The PNG of a square module matrix (true = dark; quiet zone included), `scale` pixels a module,
 * with its resolution: `dpi` dots per inch, so an application placing it at its own size agrees.
 */
export function modulesPng(
  modules: readonly (readonly boolean[])[],
  scale: number,
  dpi: number,
): Uint8Array {
  const size = modules.length * scale;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header[8] = 1; // bit depth
  header[9] = 0; // grey scale
  // compression, filter and interlace methods: 0
  const physical = new Uint8Array(9);
  const perMetre = Math.round(dpi / 0.0254);
  new DataView(physical.buffer).setUint32(0, perMetre);
  new DataView(physical.buffer).setUint32(4, perMetre);
  physical[8] = 1; // unit: metre
  const parts = [
    Uint8Array.from(SIGNATURE),
    chunk('IHDR', header),
    chunk('pHYs', physical),
    chunk('IDAT', imageData(modules, scale)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
