// Deflate's fixed Huffman codes (RFC 1951 3.2.6), as tables a writer looks codes up in: the
// framed deflate of one file per row (package/framedDeflate.ts), the merged package's lines
// (package/linesDeflate.ts) and the QR codes' PNG images (pictures/png.ts). Here, in the pure
// domain, so the picture thread's bundle holds them without the package stage (docs/pictures.md).

export const MIN_MATCH = 3;
export const MAX_MATCH = 258;
export const WINDOW = 32_768;

// RFC 1951 3.2.5: length codes 257…285 and distance codes 0…29, each with its base and extra bits.
const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
];
const LENGTH_EXTRA = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DISTANCE_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
  3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DISTANCE_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];

/** `bits` low bits of `code`, reversed: Huffman codes are sent most significant bit first. */
function reversed(code: number, bits: number): number {
  let out = 0;
  for (let i = 0; i < bits; i++) out |= ((code >>> i) & 1) << (bits - 1 - i);
  return out;
}

/** The fixed literal/length code of symbol 0…287 (RFC 1951 3.2.6), bit-reversed, and its length. */
export const SYMBOL_CODE = new Uint16Array(288);
export const SYMBOL_BITS = new Uint8Array(288);
for (let s = 0; s < 288; s++) {
  const [base, first, bits] =
    s < 144 ? [0x30, 0, 8] : s < 256 ? [0x190, 144, 9] : s < 280 ? [0, 256, 7] : [0xc0, 280, 8];
  SYMBOL_CODE[s] = reversed(base + s - first, bits);
  SYMBOL_BITS[s] = bits;
}

/** A match length's symbol and extra bits, written as one code (length ≤ 13 bits). */
export const LENGTH_CODE = new Uint32Array(MAX_MATCH + 1);
export const LENGTH_BITS = new Uint8Array(MAX_MATCH + 1);
for (let c = 0; c < LENGTH_BASE.length; c++) {
  const last = c + 1 < LENGTH_BASE.length ? LENGTH_BASE[c + 1] - 1 : MAX_MATCH;
  for (let length = LENGTH_BASE[c]; length <= last; length++) {
    const symbol = 257 + c;
    LENGTH_CODE[length] = SYMBOL_CODE[symbol] | ((length - LENGTH_BASE[c]) << SYMBOL_BITS[symbol]);
    LENGTH_BITS[length] = SYMBOL_BITS[symbol] + LENGTH_EXTRA[c];
  }
}
// Length 258 has its own code (285) with no extra bits, not 284 with all of them set.
LENGTH_CODE[MAX_MATCH] = SYMBOL_CODE[285];
LENGTH_BITS[MAX_MATCH] = SYMBOL_BITS[285];

/** A distance's 5-bit code and extra bits, written as one code (≤ 18 bits). */
function distanceCode(distance: number): { code: number; bits: number } {
  let c = DISTANCE_BASE.length - 1;
  while (DISTANCE_BASE[c] > distance) c--;
  return {
    code: reversed(c, 5) | ((distance - DISTANCE_BASE[c]) << 5),
    bits: 5 + DISTANCE_EXTRA[c],
  };
}
export const DISTANCE_CODE = new Uint32Array(WINDOW + 1);
export const DISTANCE_BITS = new Uint8Array(WINDOW + 1);
for (let d = 1; d <= WINDOW; d++) {
  const { code, bits } = distanceCode(d);
  DISTANCE_CODE[d] = code;
  DISTANCE_BITS[d] = bits;
}
