// The merged package's relationship and override lines (20,000 each at 10,000 letterhead rows),
// each written as matches against the last line of its shape with its section number as
// literals, in one fixed-Huffman block: ≈ 45 ms of building and deflating text saved
// (docs/deflate.md, "The package's lines").
import { crc32, crcAppending } from '../../domain/zip/crc32';
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
import type { DeflatedPart } from './smallParts';

/** The static text of one kind of line, between the values a line fills in. */
export class LineShape {
  readonly crcs: ((crc: number) => number)[];
  /** Where each segment started in the last line of this shape (−1: none written yet). */
  readonly previous: Float64Array;

  constructor(readonly segments: readonly Uint8Array[]) {
    this.crcs = segments.map((segment) => crcAppending(segment));
    this.previous = new Float64Array(segments.length).fill(-1);
  }
}

/** One part written as literal text and lines of a few shapes, deflated as it is written. */
export class LinesDeflate {
  private out = new Uint8Array(1 << 16);
  private at = 0;
  private acc = 0b011; // BFINAL 1, BTYPE 01: one last block, fixed Huffman codes
  private count = 3;
  /** Uncompressed bytes written so far, and their CRC-32. */
  private position = 0;
  private crc = 0;

  private write(code: number, bits: number): void {
    if (this.at + 8 > this.out.length) {
      const grown = new Uint8Array(this.out.length * 2);
      grown.set(this.out);
      this.out = grown;
    }
    this.acc |= code << this.count;
    this.count += bits;
    while (this.count >= 8) {
      this.out[this.at++] = this.acc & 0xff;
      this.acc >>>= 8;
      this.count -= 8;
    }
  }

  /** Bytes written as they are. */
  literals(bytes: Uint8Array): void {
    for (let i = 0; i < bytes.length; i++) this.write(SYMBOL_CODE[bytes[i]], SYMBOL_BITS[bytes[i]]);
    this.crc = crc32(bytes, this.crc);
    this.position += bytes.length;
  }

  /** A line of `shape` with `values` between its segments (values.length = segments − 1). */
  line(shape: LineShape, values: readonly Uint8Array[]): void {
    const { segments, previous, crcs } = shape;
    for (let k = 0; k < segments.length; k++) {
      const segment = segments[k];
      const distance = this.position - previous[k];
      if (previous[k] < 0 || distance > WINDOW || segment.length < MIN_MATCH) {
        for (let i = 0; i < segment.length; i++)
          this.write(SYMBOL_CODE[segment[i]], SYMBOL_BITS[segment[i]]);
      } else {
        const distanceCode = DISTANCE_CODE[distance];
        const distanceBits = DISTANCE_BITS[distance];
        for (let left = segment.length; left > 0;) {
          // No piece shorter than a match: 259 bytes go as 256 + 3, not 258 + 1.
          const n = left > MAX_MATCH ? Math.min(MAX_MATCH, left - MIN_MATCH) : left;
          this.write(LENGTH_CODE[n], LENGTH_BITS[n]);
          this.write(distanceCode, distanceBits);
          left -= n;
        }
      }
      previous[k] = this.position;
      this.crc = crcs[k](this.crc);
      this.position += segment.length;
      if (k + 1 < segments.length) this.literals(values[k]);
    }
  }

  finish(): DeflatedPart {
    this.write(SYMBOL_CODE[256], SYMBOL_BITS[256]); // end of block
    if (this.count > 0) this.out[this.at++] = this.acc & 0xff;
    return { data: this.out.slice(0, this.at), size: this.position, crc: this.crc };
  }
}
