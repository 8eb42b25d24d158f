// QR codes (error correction M, ISO/IEC 18004 with its mask chosen by penalty, by paulmillr's
// `qr`) drawn as PNG: each module a whole number of pixels, enough that the code has at least
// PRINT_DPI where it is placed, with the standard quiet zone of four modules.
//
// The library's public `encodeQR(text, 'raw')` answers an array of arrays of booleans, which cost
// more to build and read than encoding the symbol (docs/pictures.md, "Speed"). The symbol is
// therefore taken from the steps `encodeQR` runs itself, exported by the library (`_tests`:
// `detectType`, `encodeData`, `drawSymbol`; the version is pinned in package.json), as its packed
// matrix; the version is chosen as `encodeQR` does, from the library's capacity tables. Where
// those steps are missing the public call is used. Tests compare both ways module by module.
// Since 2026-11-28 the codewords and the symbol are made by qrSymbol.ts, exactly as those steps
// make them but from the previous code of the run (docs/pictures.md, "Speed"); the library's
// steps remain the fallback when its tables are missing.
import encodeQR, { _BYTES, _ECC_BLOCKS, _WORDS_PER_BLOCK, _tests } from 'qr';
import { modulesPng, type ModuleMatrix } from './png';
import type { Picture } from './picture';
import {
  codewords,
  COUNT_BITS,
  drawCodewords,
  symbolTablesPresent,
  type Encoding,
} from './qrSymbol';

const PRINT_DPI = 300;
const QUIET_ZONE = 4;
const EMU_PER_INCH = 914_400;
/** Beyond this a module is already sharper than any printer (a 3 cm code at 16 px a module is 1,000 dpi+). */
const MAX_SCALE = 16;
const ECC = 'medium';

const encoder = new TextEncoder();

const library = _tests as Partial<typeof _tests> | undefined;
const packedSteps =
  typeof library?.detectType === 'function' &&
  typeof library.encodeData === 'function' &&
  typeof library.drawSymbol === 'function';

/** The smallest version whose data capacity at level M holds the segment, or 0 when none does. */
function versionFor(encoding: Encoding, length: number): number {
  const bits =
    encoding === 'numeric'
      ? Math.floor(length / 3) * 10 + [0, 4, 7][length % 3]
      : encoding === 'alphanumeric'
        ? Math.floor(length / 2) * 11 + (length % 2) * 6
        : length * 8;
  for (let version = 1; version <= 40; version++) {
    const countBits = COUNT_BITS[encoding][Math.floor((version + 7) / 17)];
    const capacity =
      (_BYTES[version - 1] - _WORDS_PER_BLOCK[ECC][version - 1] * _ECC_BLOCKS[ECC][version - 1]) *
      8;
    if (length < 1 << countBits && 4 + countBits + bits <= capacity) return version;
  }
  return 0;
}

/** The matrix of a boolean grid (the public call's answer), its quiet zone of `border` cut off. */
function packed(grid: readonly (readonly boolean[])[], border: number): ModuleMatrix {
  const size = grid.length - 2 * border;
  const words = Math.ceil(size / 32);
  const v = new Uint32Array(size * words);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if (grid[y + border][x + border]) v[y * words + (x >>> 5)] |= 1 << (x & 31);
  return { size, words, v };
}

/**
 * The QR symbol (error correction M, no quiet zone) of `text`, as a packed matrix. It may be the
 * library's working matrix: read it before encoding another. Throws when the text does not fit.
 */
export function qrMatrix(text: string): ModuleMatrix {
  if (!packedSteps) return packed(encodeQR(text, 'raw', { ecc: ECC, border: 1 }), 1);
  const encoding = library.detectType!(text) as Encoding;
  const utf8 = encoding === 'byte' ? encoder.encode(text) : undefined;
  const version = versionFor(encoding, utf8 ? utf8.length : text.length);
  if (version === 0) throw new Error('Capacity overflow');
  if (symbolTablesPresent && !libraryOnly) {
    const length = utf8 ? utf8.length : text.length;
    return drawCodewords(version, codewords(version, encoding, text, utf8 ?? NO_BYTES, length));
  }
  const data = library.encodeData!(version, ECC, text, encoding, utf8);
  return library.drawSymbol!(version, ECC, data);
}

const NO_BYTES = new Uint8Array(0);
let libraryOnly = false;

/** Draws with the library's own steps only (true), as before qrSymbol.ts: for tests and the bench. */
export function useLibrarySymbol(only: boolean): void {
  libraryOnly = only;
}

/** How a QR code of `text` is drawn `widthEmu` wide: pixels a module, its size in pixels and dpi. */
export interface QrLayout {
  readonly scale: number;
  readonly size: number;
  readonly dpi: number;
}

function layoutOf(symbolSize: number, widthEmu: number): QrLayout {
  const modules = symbolSize + 2 * QUIET_ZONE;
  const pixels = (widthEmu / EMU_PER_INCH) * PRINT_DPI;
  const scale = Math.min(MAX_SCALE, Math.max(1, Math.ceil(pixels / modules)));
  const size = modules * scale;
  const dpi = Math.max(1, Math.round(size / (widthEmu / EMU_PER_INCH)));
  return { scale, size, dpi };
}

/**
 * The layout of `text`'s QR code without drawing it (its version from the capacity tables), so
 * the merge can place a code another thread draws. Throws when the text does not fit a QR code.
 */
export function qrLayout(text: string, widthEmu: number): QrLayout {
  const encoding = (library?.detectType?.(text) ?? 'byte') as Encoding;
  const length = encoding === 'byte' ? encoder.encode(text).length : text.length;
  const version = versionFor(encoding, length);
  if (version === 0) throw new Error('Capacity overflow');
  return layoutOf(17 + 4 * version, widthEmu);
}

/**
 * The QR code of `text` as a PNG sharp at `widthEmu` wide (a square), with its CRC-32 (its zip
 * entry needs no pass over the bytes). Throws when the text does not fit a QR code. `keep` false:
 * the bytes are read before the next code is drawn (modulesPng).
 */
export function qrPicture(
  text: string,
  widthEmu: number,
  keep = true,
): Picture & { readonly crc: number } {
  const symbol = qrMatrix(text);
  const { scale, size, dpi } = layoutOf(symbol.size, widthEmu);
  const { bytes, crc } = modulesPng(symbol, QUIET_ZONE, scale, dpi, keep);
  return { bytes, crc, type: 'png', width: size, height: size };
}
