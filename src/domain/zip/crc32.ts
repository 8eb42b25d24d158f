// CRC-32 (IEEE, the one zip uses): the only one in the code base, for the sanitiser, the
// package stage (merge, one file per row, PDF split, e-Faktur) and the QR codes' PNG images. Pure.

// Eight bytes a step (slice-by-8): the merged main part is 100 MB
// of XML at 10,000 rows, and a byte at a time costs more than rendering it.
const TABLES = (() => {
  const tables = Array.from({ length: 8 }, () => new Int32Array(256));
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[0][n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[0][n];
    for (let t = 1; t < 8; t++) {
      c = tables[0][c & 0xff] ^ (c >>> 8);
      tables[t][n] = c;
    }
  }
  return tables;
})();
const [T0, T1, T2, T3, T4, T5, T6, T7] = TABLES;

/** CRC-32 of `bytes`, continuing from `crc` (the CRC of what came before; 0 to start). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let c = ~crc;
  let i = 0;
  const n = bytes.length;
  const end8 = n - (n % 8);
  for (; i < end8; i += 8) {
    const a = c ^ (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24));
    c =
      T7[a & 0xff] ^
      T6[(a >>> 8) & 0xff] ^
      T5[(a >>> 16) & 0xff] ^
      T4[a >>> 24] ^
      T3[bytes[i + 4]] ^
      T2[bytes[i + 5]] ^
      T1[bytes[i + 6]] ^
      T0[bytes[i + 7]];
  }
  for (; i < n; i++) c = T0[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

/**
 * `crc => crc32(bytes, crc)` for a static text whose CRC is taken after many different prefixes (a
 * frame's segments, once per row), in four table look-ups instead of a pass over its bytes. CRC is
 * linear: the register after the text is M(register before) ^ (the text's CRC from 0), where M
 * shifts by the text's length; M is tabulated per byte of the register from its 32 unit vectors.
 */
export function crcAppending(bytes: Uint8Array): (crc: number) => number {
  const zeros = new Uint8Array(bytes.length);
  /** The register after the zeros from register `r`: crc32 inverts on the way in and out. */
  const shifted = (r: number) => ~crc32(zeros, ~r);
  const unit = Array.from({ length: 32 }, (_, i) => shifted(1 << i));
  const tables = Array.from({ length: 4 }, (_, j) => {
    const table = new Int32Array(256);
    for (let b = 1; b < 256; b++) {
      const low = 31 - Math.clz32(b & -b);
      table[b] = table[b & (b - 1)] ^ unit[8 * j + low];
    }
    return table;
  });
  const [M0, M1, M2, M3] = tables;
  const alone = ~crc32(bytes, 0xffffffff);
  return (crc) => {
    const r = ~crc;
    return (
      ~(M0[r & 0xff] ^ M1[(r >>> 8) & 0xff] ^ M2[(r >>> 16) & 0xff] ^ M3[r >>> 24] ^ alone) >>> 0
    );
  };
}

const POLYNOMIAL = 0xedb88320;

/** a × b modulo the CRC polynomial (bit-reflected, x^0 in the high bit), as zlib's multmodp. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let m = 1 << 31; ; m >>>= 1) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^n) modulo the polynomial, n = 0…31 (x^1 is 1 << 30). */
const X_TO_2N = (() => {
  const table = new Int32Array(32);
  let p = 1 << 30;
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multiplyModP(p, p);
  return table;
})();

/**
 * The CRC-32 of A followed by B from the CRCs of each and B's length, without reading B again
 * (zlib's crc32_combine): appending B shifts A's register by 8 × length bits, a product by
 * x^(8 × length) taken from squares (kept by length), far less than a pass over B.
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  let shift = shifts.get(lengthB);
  if (shift === undefined) {
    shift = 1 << 31; // x^0
    for (let n = lengthB, k = 3; n > 0; n = Math.floor(n / 2), k++)
      if (n & 1) shift = multiplyModP(X_TO_2N[k & 31], shift);
    // The lengths of a run's parts repeat (10,000 QR codes' pixels take a few hundred lengths).
    if (shifts.size >= 4096) shifts.clear();
    shifts.set(lengthB, shift);
  }
  return (multiplyModP(shift, crcA) ^ crcB) >>> 0;
}

/** x^(8 × length) by length, as crc32Combine last needed them. */
const shifts = new Map<number, number>();
