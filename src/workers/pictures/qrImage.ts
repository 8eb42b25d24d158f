// QR codes (error correction M, ISO/IEC 18004 with its mask chosen by penalty, by paulmillr's
// `qr`) drawn as PNG: each module a whole number of pixels, enough that the code has at least
// PRINT_DPI where it is placed, with the standard quiet zone of four modules.
import encodeQR from 'qr';
import { modulesPng } from './png';
import type { Picture } from './picture';

const PRINT_DPI = 300;
const QUIET_ZONE = 4;
const EMU_PER_INCH = 914_400;
/** Beyond this a module is already sharper than any printer (a 3 cm code at 16 px a module is 1,000 dpi+). */
const MAX_SCALE = 16;

/** The QR code of `text` as a PNG sharp at `widthEmu` wide (a square). Throws when the text does not fit a QR code. */
export function qrPicture(text: string, widthEmu: number): Picture {
  const modules = encodeQR(text, 'raw', { ecc: 'medium', border: QUIET_ZONE });
  const pixels = (widthEmu / EMU_PER_INCH) * PRINT_DPI;
  const scale = Math.min(MAX_SCALE, Math.max(1, Math.ceil(pixels / modules.length)));
  const size = modules.length * scale;
  const dpi = Math.max(1, Math.round(size / (widthEmu / EMU_PER_INCH)));
  return { bytes: modulesPng(modules, scale, dpi), type: 'png', width: size, height: size };
}
