import { LIMITS } from '../domain/constants';

/**
 * Profile images arrive as data-URLs. The declared MIME type is not trusted: the type is taken
 * from the decoded bytes' magic numbers, and only JPEG, PNG, GIF and WebP are kept (no SVG, which
 * can carry script).
 */

export type ImageType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export type ImageCheck =
  { ok: true; type: ImageType; bytes: Buffer } | { ok: false; reason: 'invalid' | 'too_large' };

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.+-]+)*;base64,/i;
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

export function detectImageType(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (bytes.length >= 3 && starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.length >= 8 && starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return 'image/png';
  if (
    bytes.length >= 6 &&
    (starts([0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || starts([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))
  ) {
    return 'image/gif';
  }
  // RIFF....WEBP
  if (bytes.length >= 12 && starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

/** Decodes a base64 data-URL and checks it is a supported image of at most 5 MB. */
export function checkImageDataUrl(dataUrl: string): ImageCheck {
  const header = DATA_URL.exec(dataUrl);
  if (!header) return { ok: false, reason: 'invalid' };
  const body = dataUrl.slice(header[0].length).replace(/\s+/g, '');
  // Refuse before decoding when even the shortest decoding of this much base64 is too big.
  if (Math.floor((body.length * 3) / 4) - 2 > LIMITS.profileImageBytes)
    return { ok: false, reason: 'too_large' };
  if (body.length === 0 || body.length % 4 !== 0 || !BASE64_BODY.test(body))
    return { ok: false, reason: 'invalid' };
  const bytes = Buffer.from(body, 'base64');
  if (bytes.length > LIMITS.profileImageBytes) return { ok: false, reason: 'too_large' };
  const type = detectImageType(bytes);
  if (!type) return { ok: false, reason: 'invalid' };
  return { ok: true, type, bytes };
}

export function toDataUrl(type: string, bytes: Uint8Array): string {
  return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
}
