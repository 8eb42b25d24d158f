// A QR symbol at level M drawn exactly as paulmillr's `qr` 0.7.0 draws it (its `encodeData` then
// `drawSymbol`, module by module: tests/unit/workers/pictures/qrSymbol.test.ts), but cheaper for a
// run of codes whose texts differ in a few bytes, as a run's QRIS payloads do (docs/pictures.md,
// "Speed"). Reed–Solomon and the placement of codewords are linear over GF(2^8) and GF(2), so a
// code is made from the previous one of its version by what changed: the error correction of a
// block moves by the changed bytes' contributions (a table per position), and only the modules of
// changed codewords are flipped. The mask is chosen by the library's penalty rules, scored as it
// scores them (format cells blank, first lowest wins), word-parallel.
import {
  _alignmentPatterns,
  _BYTES,
  _ECC_BLOCKS,
  _formatBits,
  _maskBits,
  _versionBits,
  _WORDS_PER_BLOCK,
} from 'qr';
import type { ModuleMatrix } from './png';

export type Encoding = 'numeric' | 'alphanumeric' | 'byte';

/** Whether the library's tables this file draws with are there (it is pinned; else qrImage.ts falls back). */
export const symbolTablesPresent =
  typeof _alignmentPatterns === 'function' &&
  typeof _formatBits === 'function' &&
  typeof _maskBits === 'function' &&
  typeof _versionBits === 'function' &&
  Array.isArray(_BYTES);

const ECC = 'medium';
const MODE_BITS: Record<Encoding, number> = { numeric: 1, alphanumeric: 2, byte: 4 };
/** Bits of the character count, by mode, for versions 1–9, 10–26 and 27–40 (ISO/IEC 18004 Table 3). */
export const COUNT_BITS: Record<Encoding, readonly number[]> = {
  numeric: [10, 12, 14],
  alphanumeric: [9, 11, 13],
  byte: [8, 16, 16],
};
const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';
const ALNUM = /* @__PURE__ */ (() => {
  const table = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHANUMERIC.length; i++) table[ALPHANUMERIC.charCodeAt(i)] = i;
  return table;
})();

/** GF(2^8) with the QR polynomial 0x11d; EXP doubled so a sum of two logs needs no modulo. */
const EXP = new Uint8Array(510);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = EXP[i + 255] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
/** A zero coefficient in a table of logs (no log is 255). */
const ZERO = 255;

// ---------------------------------------------------------------------------------------------
// Codewords: the data bits, then per block its Reed–Solomon words, interleaved.

interface Blocks {
  readonly dataBytes: number;
  readonly eccWords: number;
  readonly count: number;
  readonly short: number;
  readonly shortLength: number;
  /** The generator's coefficients after its leading 1 (the library's order). */
  readonly generator: Uint8Array;
  /**
   * Logs of the error correction of a block holding a single 1 with k bytes after it:
   * `unitLogs[k * eccWords + j]` (ZERO for 0), k up to the long blocks' length.
   */
  readonly unitLogs: Uint8Array;
}

const blocksByVersion: (Blocks | undefined)[] = [];

function generatorOf(eccWords: number): Uint8Array {
  const gen = new Uint8Array(eccWords);
  gen[eccWords - 1] = 1;
  for (let i = 0, root = 1; i < eccWords; i++) {
    for (let j = 0; j < eccWords; j++) {
      const c = gen[j];
      gen[j] = (c ? EXP[LOG[c] + LOG[root]] : 0) ^ (j + 1 < eccWords ? gen[j + 1] : 0);
    }
    root = EXP[LOG[root] + 1];
  }
  return gen;
}

function blocksOf(version: number): Blocks {
  const known = blocksByVersion[version];
  if (known) return known;
  const total = _BYTES[version - 1];
  const eccWords = _WORDS_PER_BLOCK[ECC][version - 1];
  const count = _ECC_BLOCKS[ECC][version - 1];
  const shortLength = Math.floor(total / count) - eccWords;
  const generator = generatorOf(eccWords);
  // A 1 followed by k zero bytes: k = 0 leaves the generator; each zero byte after it is one more
  // step of the division (feedback = the register's first word).
  const unitLogs = new Uint8Array((shortLength + 1) * eccWords);
  const register = generator.slice();
  for (let k = 0; k <= shortLength; k++) {
    for (let j = 0; j < eccWords; j++)
      unitLogs[k * eccWords + j] = register[j] === 0 ? ZERO : LOG[register[j]];
    const feedback = register[0];
    register.copyWithin(0, 1);
    register[eccWords - 1] = 0;
    if (feedback !== 0)
      for (let j = 0; j < eccWords; j++)
        if (generator[j] !== 0) register[j] ^= EXP[LOG[generator[j]] + LOG[feedback]];
  }
  const made: Blocks = {
    dataBytes: total - eccWords * count,
    eccWords,
    count,
    short: count - (total % count),
    shortLength,
    generator,
    unitLogs,
  };
  blocksByVersion[version] = made;
  return made;
}

/** The data codewords of one segment of `text` (in `encoding`; `utf8` for bytes) into `out`. */
function writeData(
  version: number,
  encoding: Encoding,
  text: string,
  utf8: Uint8Array,
  length: number,
  out: Uint8Array,
): void {
  const capacityBits = out.length * 8;
  let acc = 0;
  let accBits = 0;
  let at = 0;
  const push = (value: number, bits: number) => {
    acc = (acc << bits) | value;
    for (accBits += bits; accBits >= 8;) out[at++] = (acc >>> (accBits -= 8)) & 0xff;
  };
  push(MODE_BITS[encoding], 4);
  push(length, COUNT_BITS[encoding][Math.floor((version + 7) / 17)]);
  if (encoding === 'byte') {
    // The common case (a QRIS is bytes) without a call a byte: accBits stays as the header left it.
    for (let i = 0; i < length; i++) {
      acc = (acc << 8) | utf8[i];
      out[at++] = (acc >>> accBits) & 0xff;
    }
  } else if (encoding === 'numeric') {
    for (let i = 0; i < length; i += 3) {
      const n = Math.min(3, length - i);
      push(Number(text.slice(i, i + n)), [0, 4, 7, 10][n]);
    }
  } else {
    for (let i = 0; i + 1 < length; i += 2)
      push(ALNUM[text.charCodeAt(i)] * 45 + ALNUM[text.charCodeAt(i + 1)], 11);
    if (length & 1) push(ALNUM[text.charCodeAt(length - 1)], 6);
  }
  let bitAt = at * 8 + accBits;
  if (bitAt > capacityBits) throw new Error('Capacity overflow');
  // The terminator (up to four zero bits), zeros to the byte, then the pad codewords.
  bitAt += Math.min(4, capacityBits - bitAt);
  if (bitAt & 7) bitAt += 8 - (bitAt & 7);
  const padAt = bitAt >>> 3;
  // The scratch holds the previous code: the bytes the terminator reaches are cleared.
  for (let i = at; i < padAt; i++) out[i] = 0;
  if (accBits > 0) out[at] = (acc << (8 - accBits)) & 0xff;
  for (let i = padAt, pad = 0; i < out.length; i++, pad ^= 1) out[i] = pad ? 0x11 : 0xec;
}

/** The error correction of `block` into `ecc` (from its offset), by the division, as the library does. */
function divide(block: Uint8Array, generator: Uint8Array, ecc: Uint8Array, offset: number): void {
  const n = generator.length;
  const last = n - 1;
  ecc.fill(0, offset, offset + n);
  for (let i = 0; i < block.length; i++) {
    const feedback = block[i] ^ ecc[offset];
    if (feedback === 0) {
      ecc.copyWithin(offset, offset + 1, offset + n);
      ecc[offset + last] = 0;
      continue;
    }
    const lf = LOG[feedback];
    for (let j = 0; j < last; j++) {
      const g = generator[j];
      ecc[offset + j] = ecc[offset + j + 1] ^ (g === 0 ? 0 : EXP[LOG[g] + lf]);
    }
    ecc[offset + last] = generator[last] === 0 ? 0 : EXP[LOG[generator[last]] + lf];
  }
}

/** The previous code's data and error correction, per version: what the next one starts from. */
interface Previous {
  readonly data: Uint8Array;
  readonly ecc: Uint8Array;
  /** What `codewords` answers: read before the next code of the version. */
  readonly codewords: Uint8Array;
  known: boolean;
}
const previousByVersion: (Previous | undefined)[] = [];

/**
 * The error correction of each block of `data` into `previous.ecc` (block after block), from the
 * previous code's: a block with few changed bytes moves by each one's contribution (the code is
 * linear), else it is divided again.
 */
function correct(blocks: Blocks, data: Uint8Array, previous: Previous): void {
  const { eccWords, count, short, shortLength, generator, unitLogs } = blocks;
  const old = previous.data;
  const ecc = previous.ecc;
  for (let b = 0, start = 0; b < count; b++) {
    const length = shortLength + (b < short ? 0 : 1);
    const offset = b * eccWords;
    let changed = 0;
    if (previous.known)
      for (let i = start; i < start + length; i++) if (data[i] !== old[i]) changed++;
    if (!previous.known || changed * 2 > length) {
      divide(data.subarray(start, start + length), generator, ecc, offset);
    } else if (changed > 0) {
      for (let i = start; i < start + length; i++) {
        const d = data[i] ^ old[i];
        if (d === 0) continue;
        const ld = LOG[d];
        const row = (start + length - 1 - i) * eccWords;
        for (let j = 0; j < eccWords; j++) {
          const u = unitLogs[row + j];
          if (u !== ZERO) ecc[offset + j] ^= EXP[ld + u];
        }
      }
    }
    start += length;
  }
  old.set(data);
  previous.known = true;
}

/**
 * The codewords of `text` at `version` (data and error correction, interleaved), as `encodeData`;
 * the array is reused by the next code of the version (10,000 arrays a run cost collecting).
 */
export function codewords(
  version: number,
  encoding: Encoding,
  text: string,
  utf8: Uint8Array,
  length: number,
): Uint8Array {
  const blocks = blocksOf(version);
  const previous = (previousByVersion[version] ??= {
    data: new Uint8Array(blocks.dataBytes),
    ecc: new Uint8Array(blocks.eccWords * blocks.count),
    codewords: new Uint8Array(_BYTES[version - 1]),
    known: false,
  });
  const data = dataScratch(blocks.dataBytes);
  writeData(version, encoding, text, utf8, length, data);
  correct(blocks, data, previous);
  const { eccWords, count, short, shortLength } = blocks;
  const out = previous.codewords;
  let p = 0;
  for (let i = 0; i <= shortLength; i++)
    for (let b = 0, start = 0; b < count; b++) {
      const blockLength = shortLength + (b < short ? 0 : 1);
      if (i < blockLength) out[p++] = data[start + i];
      start += blockLength;
    }
  const ecc = previous.ecc;
  for (let j = 0; j < eccWords; j++)
    for (let b = 0; b < count; b++) out[p++] = ecc[b * eccWords + j];
  return out;
}

let dataBuffer = new Uint8Array(0);
function dataScratch(length: number): Uint8Array {
  if (dataBuffer.length < length) dataBuffer = new Uint8Array(length * 2);
  return dataBuffer.subarray(0, length);
}

// ---------------------------------------------------------------------------------------------
// The symbol: function patterns, codewords placed, the mask chosen by penalty, format and version.

interface Matrix {
  readonly size: number;
  readonly words: number;
  readonly v: Uint32Array;
}

const matrix = (size: number): Matrix => {
  const words = (size + 31) >>> 5;
  return { size, words, v: new Uint32Array(words * size) };
};

function setModule(m: Matrix, x: number, y: number, dark: number): void {
  const i = y * m.words + (x >>> 5);
  const bit = 1 << (x & 31);
  m.v[i] = dark ? m.v[i] | bit : m.v[i] & ~bit;
}

/** The transposed copy of `m`: module (x, y) at (y, x). */
function transposed(m: Matrix): Matrix {
  const t = matrix(m.size);
  for (let y = 0; y < m.size; y++)
    for (let x = 0; x < m.size; x++)
      if ((m.v[y * m.words + (x >>> 5)] >>> (x & 31)) & 1) setModule(t, y, x, 1);
  return t;
}

/**
 * A version's fixed parts (as the library's symbol cache): the function patterns with the format
 * and version cells blank, where each bit of the codewords goes (in the matrix and in its
 * transposed copy), the eight masks' planes (both ways); and the previous code's unmasked matrix.
 */
interface Layout {
  readonly size: number;
  readonly words: number;
  readonly position: Uint16Array;
  readonly planes: readonly Uint32Array[];
  readonly planesT: readonly Uint32Array[];
  /** The previous code's codewords and its unmasked matrix, both ways. */
  readonly placed: Uint8Array;
  readonly m: Uint32Array;
  readonly t: Uint32Array;
  /** What `drawCodewords` answers, reused. */
  readonly out: Matrix;
  /** The mask the previous code took: tried first, so the others stop early more often. */
  lastMask: number;
}

let layout: Layout | undefined;
let layoutVersion = 0;

function layoutOf(version: number): Layout {
  if (layout && layoutVersion === version) return layout;
  const size = 21 + 4 * (version - 1);
  const m = matrix(size);
  const fixed = new Uint8Array(size * size);
  const setFixed = (x: number, y: number, dark: number) => {
    setModule(m, x, y, dark);
    fixed[y * size + x] = 1;
  };
  for (const [fx, fy] of [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ])
    for (let dy = -1; dy < 8; dy++)
      for (let dx = -1; dx < 8; dx++) {
        const x = fx + dx;
        const y = fy + dy;
        if (x < 0 || y < 0 || x >= size || y >= size) continue;
        const inside = dx >= 0 && dx < 7 && dy >= 0 && dy < 7;
        const ring = dx === 0 || dx === 6 || dy === 0 || dy === 6;
        const core = dx > 1 && dx < 5 && dy > 1 && dy < 5;
        setFixed(x, y, inside && (ring || core) ? 1 : 0);
      }
  const align = _alignmentPatterns(version);
  for (const ay of align)
    for (const ax of align) {
      if (fixed[ay * size + ax]) continue;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++)
          setFixed(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1 ? 1 : 0);
    }
  for (let i = 0; i < size; i++) {
    if (!fixed[6 * size + i]) setFixed(i, 6, i % 2 === 0 ? 1 : 0);
    if (!fixed[i * size + 6]) setFixed(6, i, i % 2 === 0 ? 1 : 0);
  }
  for (let i = 0; i < 9; i++) {
    if (i !== 6) {
      setFixed(8, i, 0);
      setFixed(i, 8, 0);
    }
    if (i < 8) {
      setFixed(size - 1 - i, 8, 0);
      setFixed(8, size - 1 - i, 0);
    }
  }
  if (version >= 7)
    for (let i = 0; i < 18; i++) {
      const x = size - 11 + (i % 3);
      const y = (i / 3) | 0;
      setFixed(x, y, 0);
      setFixed(y, x, 0);
    }
  // The zigzag order of the codewords' bits, two columns at a time from the right, skipping the
  // vertical timing column; and each mask's plane over the data cells.
  const planes = Array.from({ length: 8 }, () => matrix(size));
  const positions: number[] = [];
  const words = m.words;
  for (let xOffset = size - 1, dir = -1, y = size - 1; xOffset > 0; xOffset -= 2, dir = -dir) {
    if (xOffset === 6) xOffset = 5;
    for (; ; y += dir) {
      for (let j = 0; j < 2; j++) {
        const x = xOffset - j;
        if (fixed[y * size + x]) continue;
        positions.push(((y * words + (x >>> 5)) << 5) | (x & 31));
        for (let p = 0, mb = _maskBits(x, y); mb; p++, mb >>= 1)
          if (mb & 1) setModule(planes[p], x, y, 1);
      }
      if (y + dir < 0 || y + dir >= size) break;
    }
  }
  layout = {
    size,
    words,
    position: Uint16Array.from(positions),
    planes: planes.map((p) => p.v),
    planesT: planes.map((p) => transposed(p).v),
    placed: new Uint8Array(_BYTES[version - 1]),
    m: m.v,
    t: transposed(m).v,
    out: matrix(size),
    lastMask: 0,
  };
  layoutVersion = version;
  return layout;
}

/**
 * Flips the modules of the codewords that changed since the previous code of this version (no
 * test a bit: the bits of a codeword are as likely set as not, a test would guess wrong half the
 * time), then transposes the matrix for the rules read along its rows.
 */
function place(l: Layout, data: Uint8Array): void {
  const { position, placed, m } = l;
  const whole = Math.min(data.length, position.length >>> 3);
  for (let k = 0; k < whole; k++) {
    const d = data[k] ^ placed[k];
    if (d === 0) continue;
    placed[k] = data[k];
    for (let j = 0, i = k * 8; j < 8; j++, i++) {
      const p = position[i];
      m[p >>> 5] ^= ((d >>> (7 - j)) & 1) << (p & 31);
    }
  }
  transpose(m, l.t, l.size, l.words);
}

const block = new Int32Array(32);

/** `t` = `m` transposed, 32 × 32 modules at a time (a butterfly of swaps; bits past the size: 0). */
function transpose(m: Uint32Array, t: Uint32Array, size: number, words: number): void {
  const a = block;
  for (let by = 0; by < size; by += 32)
    for (let bx = 0; bx < words; bx++) {
      const rows = Math.min(32, size - by);
      for (let r = 0; r < rows; r++) a[r] = m[(by + r) * words + bx];
      a.fill(0, rows);
      for (let stage = 0, s = 1; stage < 5; stage++, s <<= 1) {
        const mask = BUTTERFLY[stage];
        for (let i = 0; i < 32; i += s << 1)
          for (let k = i; k < i + s; k++) {
            const x = a[k];
            const y = a[k + s];
            const swap = ((x >>> s) ^ y) & mask;
            a[k] = x ^ (swap << s);
            a[k + s] = y ^ swap;
          }
      }
      for (let i = 0, ty = bx * 32; i < 32 && ty < size; i++, ty++)
        t[ty * words + (by >>> 5)] = a[i];
    }
}
const BUTTERFLY = [0x55555555, 0x33333333, 0x0f0f0f0f, 0x00ff00ff, 0x0000ffff];

// The penalty rules as the library scores them (qr 0.7.0 `penaltyScore`: format cells blank),
// word-parallel: 32 columns at a time down the masked symbol, then down its transposed copy (its
// rows), each read once with every rule of that way taken in the same pass, the mask applied as
// the rows are read.

/** Bits set in a 16-bit number. */
const POP16 = /* @__PURE__ */ (() => {
  const table = new Uint8Array(1 << 16);
  for (let i = 1; i < table.length; i++) table[i] = table[i >>> 1] + (i & 1);
  return table;
})();

function popcount(n: number): number {
  return POP16[n & 0xffff] + POP16[n >>> 16];
}

/** The valid bits of a row's last word. */
const lastWordMask = (size: number) => (size & 31 ? (1 << (size & 31)) - 1 : -1);

/** Scratch of one word column: where four light modules end, and where a 1011101 ends. */
let lights = new Int32Array(0);
let cores = new Int32Array(0);
/** The last `down` pass's 2×2 blocks alike and dark modules. */
let passBoxes = 0;
let passDark = 0;

/**
 * N3 of one word column from `lights` and `cores` (each by the row it ends on): 1011101 with four
 * light modules after it, or before it, each counted.
 */
function finderCount(size: number): number {
  const core = cores;
  const light = lights;
  let count = 0;
  // A 1011101 starting on row c ends on c + 6; four light from c + 7 end on c + 10, four light
  // ending on c − 1 start on c − 4.
  for (let end = 6; end < size; end++) {
    const c = core[end];
    if (c === 0) continue;
    if (end + 4 < size) count += popcount(c & light[end + 4]);
    if (end >= 10) count += popcount(c & light[end - 7]);
  }
  return count;
}

/**
 * The rules read down the columns of `x ^ plane` (32 columns a word): N1 (runs of five or more
 * alike: 3 + (length − 5); a window of five alike is four rows without change, a run of L holds
 * L − 4 windows and its first counts twice) plus 40 × N3; and the 2×2 blocks alike and the dark
 * modules (passBoxes, passDark). The rows before the first are taken as changing all over, so no
 * window starts before it, with no test a row.
 */
function down(x: Uint32Array, plane: Uint32Array, size: number, words: number): number {
  const tail = lastWordMask(size);
  // 2×2 blocks: valid left columns of the last word, one fewer than its modules.
  const tail2 = (1 << (size - 32 * (words - 1) - 1)) - 1;
  const core = cores;
  const light = lights;
  let runs = 0;
  let finders = 0;
  let boxes = 0;
  let dark = 0;
  for (let wi = 0; wi < words; wi++) {
    const last = wi === words - 1;
    const valid = last ? tail : -1;
    const validBoxes = last ? tail2 : -1;
    // r1…r6: the rows before; dB…dE: the changes between rows before.
    let r1 = ~(x[wi] ^ plane[wi]);
    let r2 = 0;
    let r3 = 0;
    let r4 = 0;
    let r5 = 0;
    let r6 = 0;
    let dB = -1;
    let dC = -1;
    let dD = -1;
    let dE = -1;
    let hPrev = 0;
    for (let y = 0, i = wi; y < size; y++, i += words) {
      const r = x[i] ^ plane[i];
      dark += popcount(r);
      const next = last ? 0 : x[i + 1] ^ plane[i + 1];
      // Each module alike its right neighbour; with the row above alike too: a block.
      const h = ~(r ^ ((r >>> 1) | (next << 31))) & validBoxes;
      const box = ~(r ^ r1) & h & hPrev;
      if (box !== 0) boxes += popcount(box);
      hPrev = h;
      const d = r ^ r1;
      const w = ~(d | dB | dC | dD) & valid;
      if (w !== 0) runs += popcount(w) + 2 * popcount(w & dE);
      dE = dD;
      dD = dC;
      dC = dB;
      dB = d;
      light[y] = ~(r3 | r2 | r1 | r) & valid;
      core[y] = r6 & ~r5 & r4 & r3 & r2 & ~r1 & r;
      r6 = r5;
      r5 = r4;
      r4 = r3;
      r3 = r2;
      r2 = r1;
      r1 = r;
    }
    finders += finderCount(size);
  }
  passBoxes = boxes;
  passDark = dark;
  return runs + 40 * finders;
}

/**
 * N1 + 40 × N3 down the columns of `x ^ plane` (as `down`, without the blocks and dark modules),
 * or, once a word column's sum reaches `limit`, that partial sum. Its loop repeats `down`'s on
 * purpose: two loops without flags in the hottest code of a symbol (sixteen passes each); one
 * loop with flags for the blocks and dark modules has not been measured.
 */
function across(
  x: Uint32Array,
  plane: Uint32Array,
  size: number,
  words: number,
  limit: number,
): number {
  const tail = lastWordMask(size);
  const core = cores;
  const light = lights;
  let runs = 0;
  let finders = 0;
  for (let wi = 0; wi < words; wi++) {
    const valid = wi === words - 1 ? tail : -1;
    let r1 = ~(x[wi] ^ plane[wi]);
    let r2 = 0;
    let r3 = 0;
    let r4 = 0;
    let r5 = 0;
    let r6 = 0;
    let dB = -1;
    let dC = -1;
    let dD = -1;
    let dE = -1;
    for (let y = 0, i = wi; y < size; y++, i += words) {
      const r = x[i] ^ plane[i];
      const d = r ^ r1;
      const w = ~(d | dB | dC | dD) & valid;
      if (w !== 0) runs += popcount(w) + 2 * popcount(w & dE);
      dE = dD;
      dD = dC;
      dC = dB;
      dB = d;
      light[y] = ~(r3 | r2 | r1 | r) & valid;
      core[y] = r6 & ~r5 & r4 & r3 & r2 & ~r1 & r;
      r6 = r5;
      r5 = r4;
      r4 = r3;
      r3 = r2;
      r2 = r1;
      r1 = r;
    }
    finders += finderCount(size);
    if (runs + 40 * finders >= limit) break;
  }
  return runs + 40 * finders;
}

/**
 * The penalty of the symbol `m` (transposed `t`) under the mask `plane` (`planeT`), or, once a
 * partial sum reaches `limit`, that partial sum (every rule adds: the mask cannot win any more).
 */
function penalty(l: Layout, p: number, limit: number): number {
  const { size, words } = l;
  const downward = down(l.m, l.planes[p], size, words);
  const total = size * size;
  const darkSteps = Math.ceil(
    Math.max(0, Math.abs(passDark * 100 - total * 50) - total * 5) / (total * 5),
  );
  const partial = downward + 3 * passBoxes + 10 * darkSteps;
  if (partial >= limit) return partial;
  return partial + across(l.t, l.planesT[p], size, words, limit - partial);
}

/** The mask the library picks: the lowest penalty, the first of equals. */
function chooseMask(l: Layout): number {
  if (cores.length < l.size) {
    cores = new Int32Array(l.size);
    lights = new Int32Array(l.size);
  }
  let best = -1;
  let bestScore = Infinity;
  for (let k = 0; k < 8; k++) {
    // The previous code's mask first: a low score early lets the others stop early.
    const p = (l.lastMask + k) & 7;
    // An earlier mask wins a tie: it must only not score more.
    const limit = best >= 0 && p < best ? bestScore + 1 : bestScore;
    const score = penalty(l, p, limit);
    if (score < limit) {
      bestScore = score;
      best = p;
    }
  }
  l.lastMask = best;
  return best;
}

/** The format (level M, `mask`) and version cells, as the library draws them. */
function drawInfo(out: Matrix, version: number, mask: number): void {
  const size = out.size;
  const bits = _formatBits(ECC, mask as 0);
  for (let i = 0; i < 15; i++) {
    const bit = (bits >> i) & 1;
    if (i < 6) setModule(out, 8, i, bit);
    else if (i < 8) setModule(out, 8, i + 1, bit);
    else if (i === 8) setModule(out, 7, 8, bit);
    else setModule(out, 14 - i, 8, bit);
    if (i < 8) setModule(out, size - 1 - i, 8, bit);
    else setModule(out, 8, size - 15 + i, bit);
  }
  setModule(out, 8, size - 8, 1);
  if (version >= 7) {
    const vbits = _versionBits(version);
    for (let i = 0; i < 18; i++) {
      const bit = (vbits >> i) & 1;
      const x = size - 11 + (i % 3);
      const y = (i / 3) | 0;
      setModule(out, x, y, bit);
      setModule(out, y, x, bit);
    }
  }
}

/** The symbol of `codewords` (from `codewords()`) at `version`: read it before drawing another. */
export function drawCodewords(version: number, data: Uint8Array): ModuleMatrix {
  const l = layoutOf(version);
  place(l, data);
  const mask = chooseMask(l);
  const out = l.out;
  const plane = l.planes[mask];
  for (let i = 0; i < out.v.length; i++) out.v[i] = l.m[i] ^ plane[i];
  drawInfo(out, version, mask);
  return out;
}
