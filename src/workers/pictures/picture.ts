// A picture as the merge places it: its bytes, its type and its size in pixels.

export type PictureType = 'png' | 'jpeg' | 'gif';

export interface Picture {
  readonly bytes: Uint8Array;
  readonly type: PictureType;
  readonly width: number;
  readonly height: number;
  /** The CRC-32 of `bytes` when whoever made them knows it (a QR code's PNG), for its zip entry. */
  readonly crc?: number;
}

/** The type a file's first bytes say it is (PNG, JPEG or GIF), whatever its name; else null. */
export function sniffPictureType(bytes: Uint8Array): PictureType | null {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpeg';
  if (
    starts(0x47, 0x49, 0x46, 0x38) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return 'gif';
  return null;
}
