// What a part of a package is, by its bytes and never by its name (docs/sanitiser.md): LibreOffice
// sniffs content, so a gzip named image1.png is read as the SVG inside it.
import { DocxRefusedError } from './messages';
import type { DeflateCodec } from './zip';

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'bmp' | 'tiff' | 'emf' | 'wmf';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const u16 = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/** BITMAPINFOHEADER and its successors, and the OS/2 core header. */
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/** The raster or metafile format these bytes start as, or null: the pictures passed unchanged. */
export function imageFormat(b: Uint8Array): ImageFormat | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'gif';
  if (startsWith(b, ascii('BM')) && b.length >= 18 && BMP_HEADER_SIZES.has(u32(b, 14)))
    return 'bmp';
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (startsWith(b, [1, 0, 0, 0]) && startsWith(b, ascii(' EMF'), 40)) return 'emf';
  if (startsWith(b, [0xd7, 0xcd, 0xc6, 0x9a])) return 'wmf'; // placeable
  if (
    (b[0] === 1 || b[0] === 2) &&
    b[1] === 0 &&
    u16(b, 2) === 9 &&
    [0x100, 0x300].includes(u16(b, 4))
  )
    return 'wmf';
  return null;
}

export const isGzip = (b: Uint8Array) => startsWith(b, [0x1f, 0x8b, 0x08]);

/** The first member of a gzip stream, inflated to at most maxBytes; null when it is damaged. */
export function gunzip(b: Uint8Array, codec: DeflateCodec, maxBytes: number): Uint8Array | null {
  const flags = b[3];
  let at = 10;
  if (flags & 4) at += 2 + u16(b, at); // FEXTRA
  for (const flag of [8, 16])
    // FNAME, FCOMMENT: zero-terminated
    if (flags & flag) {
      while (at < b.length && b[at] !== 0) at++;
      at++;
    }
  if (flags & 2) at += 2; // FHCRC
  if (at >= b.length) return null;
  try {
    return codec.inflateRaw(b.subarray(at), maxBytes);
  } catch (error) {
    if (error instanceof RangeError || /size|length|buffer/i.test(String(error)))
      throw new DocxRefusedError('tooLarge');
    return null;
  }
}

const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-16 by its byte-order mark, or by a '<' or white space with a zero byte beside it. */
function utf16Of(b: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  if (startsWith(b, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(b, [0xfe, 0xff])) return 'utf-16be';
  const xmlStart = (c: number) => c === 0x3c || WHITESPACE.has(c);
  if (b.length >= 2 && b[1] === 0 && xmlStart(b[0])) return 'utf-16le';
  if (b.length >= 2 && b[0] === 0 && xmlStart(b[1])) return 'utf-16be';
  return null;
}

/**
 * The text of an XML part, in UTF-8 or UTF-16 (with or without a byte-order mark), with its
 * declaration saying UTF-8 (the sanitiser writes it back so); null when the bytes are not XML.
 * Text that starts as XML but does not decode is refused.
 */
export function xmlTextOf(b: Uint8Array): { text: string; converted: boolean } | null {
  const wide = utf16Of(b);
  if (wide) {
    let text: string;
    try {
      text = new TextDecoder(wide, { fatal: true }).decode(b);
    } catch {
      throw new DocxRefusedError('encoding');
    }
    if (!text.trimStart().startsWith('<')) return null;
    if (text.includes('\0')) throw new DocxRefusedError('encoding');
    const declared = text.replace(/^(\s*<\?xml\s[^?]*?encoding\s*=\s*)(["'])[^"']*\2/, '$1"UTF-8"');
    return { text: declared, converted: true };
  }
  let i = startsWith(b, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < b.length && WHITESPACE.has(b[i])) i++;
  if (b[i] !== 0x3c) return null;
  try {
    return { text: utf8.decode(b), converted: false };
  } catch {
    throw new DocxRefusedError('encoding');
  }
}

/** Whether an XML text's root element is <svg> (with any prefix). */
export function isSvg(text: string): boolean {
  const root = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[\s/>]/.exec(
    text.replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<![^>]*>/g, ''),
  );
  return root?.[2] === 'svg';
}
