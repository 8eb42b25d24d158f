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

/** The codewords of `text` at `version` (data and error correction, interleaved), as `encodeData`. */
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
    known: false,
  });
  const data = dataScratch(blocks.dataBytes);
  writeData(version, encoding, text, utf8, length, data);
  correct(blocks, data, previous);
  const { eccWords, count, short, shortLength } = blocks;
  const out = new Uint8Array(_BYTES[version - 1]);
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
  readonly positionT: Uint16Array;
  readonly planes: readonly Uint32Array[];
  readonly planesT: readonly Uint32Array[];
  /** The previous code's codewords and its unmasked matrix, both ways. */
  readonly placed: Uint8Array;
  readonly m: Uint32Array;
  readonly t: Uint32Array;
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
  const positionsT: number[] = [];
  const words = m.words;
  for (let xOffset = size - 1, dir = -1, y = size - 1; xOffset > 0; xOffset -= 2, dir = -dir) {
    if (xOffset === 6) xOffset = 5;
    for (; ; y += dir) {
      for (let j = 0; j < 2; j++) {
        const x = xOffset - j;
        if (fixed[y * size + x]) continue;
        positions.push(((y * words + (x >>> 5)) << 5) | (x & 31));
        positionsT.push(((x * words + (y >>> 5)) << 5) | (y & 31));
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
    positionT: Uint16Array.from(positionsT),
    planes: planes.map((p) => p.v),
    planesT: planes.map((p) => transposed(p).v),
    placed: new Uint8Array(_BYTES[version - 1]),
    m: m.v,
    t: transposed(m).v,
    lastMask: 0,
  };
  layoutVersion = version;
  return layout;
}

/** Flips the modules of the codewords that changed since the previous code of this version. */
function place(l: Layout, data: Uint8Array): void {
  const { position, positionT, placed, m, t } = l;
  const bits = position.length;
  for (let k = 0; k < data.length; k++) {
    let d = data[k] ^ placed[k];
    if (d === 0) continue;
    placed[k] = data[k];
    for (let i = k * 8; d !== 0; i++, d = (d << 1) & 0xff) {
      if ((d & 0x80) === 0 || i >= bits) continue;
      const p = position[i];
      m[p >>> 5] ^= 1 << (p & 31);
      const q = positionT[i];
      t[q >>> 5] ^= 1 << (q & 31);
    }
  }
}

// The penalty rules as the library scores them (qr 0.7.0 `penaltyScore`), word-parallel over the
// symbol and its transposed copy (its columns as rows).

function popcount(n: number): number {
  n = n - ((n >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** The valid bits of a row's last word. */
const lastWordMask = (size: number) => (size & 31 ? ((1 << (size & 31)) - 1) >>> 0 : 0xffffffff);

/**
 * N1 down the columns: runs of five or more alike score 3 + (length − 5). A window of five alike
 * is four rows without change; a run of L holds L − 4 windows, and its first window counts twice.
 */
function runsDown(v: Uint32Array, size: number, words: number): number {
  const tail = lastWordMask(size);
  let score = 0;
  for (let wi = 0; wi < words; wi++) {
    const valid = wi === words - 1 ? tail : 0xffffffff;
    let r3 = v[3 * words + wi];
    let dPrev = 0xffffffff;
    let d0 = v[wi] ^ v[words + wi];
    let d1 = v[words + wi] ^ v[2 * words + wi];
    let d2 = v[2 * words + wi] ^ r3;
    for (let y = 0, i = 4 * words + wi; y <= size - 5; y++, i += words) {
      const r4 = v[i];
      const d3 = r3 ^ r4;
      const w = ~(d0 | d1 | d2 | d3) & valid;
      if (w !== 0) score += popcount(w) + 2 * popcount(w & dPrev);
      dPrev = d0;
      d0 = d1;
      d1 = d2;
      d2 = d3;
      r3 = r4;
    }
  }
  return score;
}

/**
 * N3 down the columns: 1011101 with four light modules after it, or before it (each counted). A
 * row's "core" (1011101 starting there) and "light" (four light from there) are kept as it goes.
 */
function findersDown(v: Uint32Array, size: number, words: number, light: Int32Array): number {
  const tail = lastWordMask(size);
  let count = 0;
  for (let wi = 0; wi < words; wi++) {
    const valid = wi === words - 1 ? tail : 0xffffffff;
    // light[y] = rows y…y + 3 light, for y up to size − 4.
    let r0 = v[wi];
    let r1 = v[words + wi];
    let r2 = v[2 * words + wi];
    for (let y = 0, i = 3 * words + wi; y <= size - 4; y++, i += words) {
      const r3 = v[i];
      light[y] = ~(r0 | r1 | r2 | r3) & valid;
      r0 = r1;
      r1 = r2;
      r2 = r3;
    }
    for (let y = 0, i = wi; y <= size - 7; y++, i += words) {
      const core =
        v[i] &
        ~v[i + words] &
        v[i + 2 * words] &
        v[i + 3 * words] &
        v[i + 4 * words] &
        ~v[i + 5 * words] &
        v[i + 6 * words];
      if (core === 0) continue;
      // Light after: the core at y ≤ size − 11; light before: the core at y ≥ 4.
      if (y <= size - 11) count += popcount(core & light[y + 7]);
      if (y >= 4) count += popcount(core & light[y - 4]);
    }
  }
  return count;
}

/**
 * The penalty of `v` (its transposed copy `t`), or, once a partial sum reaches `limit`, that partial
 * sum (every rule adds, so the mask cannot win any more).
 */
function penalty(
  v: Uint32Array,
  t: Uint32Array,
  size: number,
  words: number,
  limit: number,
  light: Int32Array,
): number {
  const adjacent = runsDown(v, size, words) + runsDown(t, size, words);
  if (adjacent >= limit) return adjacent;
  // N2: 3 a 2×2 block alike (overlapping); N4: 10 a 5% step of dark modules away from half.
  const tail2 = ((1 << (size - 32 * (words - 1) - 1)) - 1) >>> 0;
  let boxes = 0;
  let dark = 0;
  for (let y = 0; y < size; y++) {
    const row = y * words;
    for (let wi = 0; wi < words; wi++) {
      const a0 = v[row + wi];
      dark += popcount(a0);
      if (y === size - 1) continue;
      const a1 = v[row + words + wi];
      const last = wi + 1 === words;
      const n0 = last ? 0 : v[row + wi + 1];
      const n1 = last ? 0 : v[row + words + wi + 1];
      let w = ~(a0 ^ a1) & ~(a0 ^ ((a0 >>> 1) | (n0 << 31))) & ~(a1 ^ ((a1 >>> 1) | (n1 << 31)));
      if (last) w &= tail2;
      if (w !== 0) boxes += popcount(w);
    }
  }
  const total = size * size;
  const darkSteps = Math.ceil(
    Math.max(0, Math.abs(dark * 100 - total * 50) - total * 5) / (total * 5),
  );
  const partial = adjacent + 3 * boxes + 10 * darkSteps;
  if (partial >= limit) return partial;
  return partial + 40 * (findersDown(v, size, words, light) + findersDown(t, size, words, light));
}

let candidate = new Uint32Array(0);
let candidateT = new Uint32Array(0);
let lightScratch = new Int32Array(0);

/** The mask the library picks: the lowest penalty, the first of equals. */
function chooseMask(l: Layout): number {
  const { size, words, m, t, planes, planesT } = l;
  const n = m.length;
  if (candidate.length < n) {
    candidate = new Uint32Array(n);
    candidateT = new Uint32Array(n);
  }
  if (lightScratch.length < size) lightScratch = new Int32Array(size);
  const c = candidate;
  const ct = candidateT;
  let best = -1;
  let bestScore = Infinity;
  for (let k = 0; k < 8; k++) {
    // The previous code's mask first: a low score early lets the others stop early.
    const p = (l.lastMask + k) & 7;
    const pv = planes[p];
    const ptv = planesT[p];
    for (let i = 0; i < n; i++) {
      c[i] = m[i] ^ pv[i];
      ct[i] = t[i] ^ ptv[i];
    }
    // An earlier mask wins a tie: it must only not score more.
    const limit = best >= 0 && p < best ? bestScore + 1 : bestScore;
    const score = penalty(c, ct, size, words, limit, lightScratch);
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

/** The symbol of `codewords` (from `codewords()`) at `version`: a new matrix. */
export function drawCodewords(version: number, data: Uint8Array): ModuleMatrix {
  const l = layoutOf(version);
  place(l, data);
  const mask = chooseMask(l);
  const out = matrix(l.size);
  const plane = l.planes[mask];
  for (let i = 0; i < out.v.length; i++) out.v[i] = l.m[i] ^ plane[i];
  drawInfo(out, version, mask);
  return out;
}
