// The images chosen next to the data file (`Images (.zip, .png, .jpg)`): image files and zips of
// them, each checked by its bytes (PNG, JPEG or GIF, whatever its name), each at most 5 MB and all
// together at most the data-file limit. A zip is read from its central directory, its sizes checked
// before anything is inflated, and an entry that inflates past its declared size is refused (a zip
// bomb never unpacks more than a slice beyond the limit). Rows name their image by file name.
import pako from 'pako/dist/pako.es5.min.js';
import { imageSize } from 'image-size';
import { LIMITS } from '../../domain/constants';
import { findImageName } from '../../domain/word/pictureField';
import { imageSetMessages } from '../../domain/word/imageSetMessages';
import { DocxRefusedError } from '../../domain/docx';
import { entryBytes, looksLikeZip, readZip, type DeflateCodec } from '../../domain/docx/zip';
import { sniffPictureType, type Picture } from './picture';

/** One image at most this large (the limit of a profile picture). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** All images together, unpacked, at most the limit of a data file. */
export const MAX_IMAGE_SET_BYTES = LIMITS.generatorFileBytes;
/** Compressed input fed to the inflater at a time, so a bomb is stopped before it grows far. */
const INFLATE_SLICE = 4096;

export interface ImageFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

export class ImageSetError extends Error {
  override readonly name = 'ImageSetError';
}

/** Raw inflate that stops once the output passes `maxBytes`. */
const boundedInflate: DeflateCodec = {
  inflateRaw(data, maxBytes) {
    const inflater = new pako.Inflate({ raw: true, chunkSize: 64 * 1024 });
    const chunks: Uint8Array[] = [];
    let total = 0;
    inflater.onData = (chunk) => {
      total += chunk.length;
      if (total <= maxBytes) chunks.push(chunk.slice());
    };
    for (let at = 0; at < data.length && !inflater.ended && total <= maxBytes; at += INFLATE_SLICE)
      inflater.push(data.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= data.length);
    if (inflater.err || total > maxBytes) throw new Error('inflate');
    const out = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      out.set(chunk, offset);
      offset += chunk.length;
    }
    return out;
  },
  deflateRaw: (data) => pako.deflateRaw(data),
};

/** Folders, and what macOS and Windows leave beside the files in a zip they made. */
function isLeftOver(name: string): boolean {
  const base = name.split('/').pop() ?? '';
  return (
    name.endsWith('/') ||
    name.startsWith('__MACOSX/') ||
    base.startsWith('.') ||
    base === 'Thumbs.db'
  );
}

function picture(name: string, bytes: Uint8Array): Picture {
  if (bytes.length > MAX_IMAGE_BYTES) throw new ImageSetError(imageSetMessages.imageTooLarge(name));
  const type = sniffPictureType(bytes);
  if (!type) throw new ImageSetError(imageSetMessages.notImage(name));
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new ImageSetError(imageSetMessages.damaged(name));
  }
  if (!size.width || !size.height) throw new ImageSetError(imageSetMessages.damaged(name));
  return { bytes, type, width: size.width, height: size.height };
}

function zipEntries(file: ImageFile, room: number): ImageFile[] {
  let entries;
  try {
    entries = readZip(file.bytes, { maxUnpackedBytes: room });
  } catch (error) {
    if (error instanceof DocxRefusedError && error.reason === 'tooLarge')
      throw new ImageSetError(imageSetMessages.zipBomb(file.name));
    throw new ImageSetError(imageSetMessages.damagedZip(file.name));
  }
  const files: ImageFile[] = [];
  for (const entry of entries) {
    if (isLeftOver(entry.name)) continue;
    if (entry.size > MAX_IMAGE_BYTES)
      throw new ImageSetError(imageSetMessages.imageTooLarge(`${file.name}: ${entry.name}`));
    let bytes: Uint8Array;
    try {
      bytes = entryBytes(entry, boundedInflate);
    } catch {
      throw new ImageSetError(imageSetMessages.zipBomb(file.name));
    }
    files.push({ name: entry.name, bytes });
  }
  return files;
}

export interface ImageSet {
  /** Every image's name (a zip's entries by their path in it), in the order chosen. */
  readonly names: readonly string[];
  /** The image a row's text names (findImageName), or null. */
  find(wanted: string): { readonly name: string; readonly picture: Picture } | null;
}

/** Reads and checks the chosen image files; throws an ImageSetError naming the file at fault. */
export function readImageSet(files: readonly ImageFile[]): ImageSet {
  const pictures = new Map<string, Picture>();
  let total = 0;
  for (const file of files) {
    const images = looksLikeZip(file.bytes)
      ? zipEntries(file, MAX_IMAGE_SET_BYTES - total)
      : [file];
    for (const image of images) {
      total += image.bytes.length;
      if (total > MAX_IMAGE_SET_BYTES) throw new ImageSetError(imageSetMessages.setTooLarge);
      const shown = image === file ? file.name : `${file.name}: ${image.name}`;
      if (pictures.has(image.name)) throw new ImageSetError(imageSetMessages.duplicate(image.name));
      pictures.set(image.name, picture(shown, image.bytes));
    }
  }
  const names = [...pictures.keys()];
  return {
    names,
    find(wanted) {
      const name = findImageName(names, wanted);
      return name === null ? null : { name, picture: pictures.get(name)! };
    },
  };
}
