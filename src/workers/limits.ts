// Guards run before a file is parsed, so a hostile upload fails fast instead of exhausting memory.
import { dataFileTooLarge, GENERATOR_FILE_TOO_LARGE, LIMITS } from '../domain/constants';
import { formatFileSize } from '../domain/text/fileSize';
import { centralDirectory, centralRecords } from '../domain/zip/read';

/** Upload limit of docs/product.md#input-rules/#limits, from src/domain (the machine's upload check uses the same). */
export const MAX_FILE_BYTES = LIMITS.generatorFileBytes;
const FILE_TOO_LARGE_MESSAGE = GENERATOR_FILE_TOO_LARGE;

/** A real .docx/.xlsx unpacks to a few MB; these bounds leave a wide margin and stop zip bombs. */
const MAX_ZIP_ENTRIES = 10_000;
const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
const MAX_ENTRY_RATIO = 500;

export class FileLimitError extends Error {
  override name = 'FileLimitError';
}

export function assertFileSize(byteLength: number): void {
  if (byteLength > MAX_FILE_BYTES) throw new FileLimitError(FILE_TOO_LARGE_MESSAGE);
}

/** A data file's own, larger limit (docs/values.md); the refusal names its size and the limit. */
export function assertDataFileSize(byteLength: number, name?: string): void {
  if (byteLength > LIMITS.dataFileBytes)
    throw new FileLimitError(dataFileTooLarge(name, formatFileSize(byteLength)));
}

function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    bytes[2] === 0x03 &&
    bytes[3] === 0x04
  );
}

interface ZipSummary {
  entries: number;
  unpackedBytes: number;
  /** An entry over 1 MB inflated that is compressed more than MAX_ENTRY_RATIO:1. */
  suspiciousRatio: boolean;
}

const UNREADABLE: ZipSummary = {
  entries: Number.POSITIVE_INFINITY,
  unpackedBytes: Number.POSITIVE_INFINITY,
  suspiciousRatio: false,
};

/**
 * Reads the zip's central directory (sizes as declared by the archive) without inflating anything.
 * Returns null when the bytes are not a readable zip, so the caller can report its own format error.
 */
export function summariseZip(bytes: Uint8Array): ZipSummary | null {
  const directory = centralDirectory(bytes);
  if (!directory) return null;
  // 0xFFFF / 0xFFFFFFFF mean ZIP64, which no honest 10 MB office file needs.
  if (directory.zip64) return UNREADABLE;
  // Every record the directory holds, however many the end record declares.
  const { records } = centralRecords(bytes, directory.start, Number.POSITIVE_INFINITY);
  let suspiciousRatio = false;
  let unpackedBytes = 0;
  for (const { compressedSize: compressed, size: uncompressed } of records) {
    if (uncompressed === 0xffffffff || compressed === 0xffffffff) return UNREADABLE;
    if (uncompressed > 1024 * 1024 && uncompressed > compressed * MAX_ENTRY_RATIO)
      suspiciousRatio = true;
    unpackedBytes += uncompressed;
  }
  return { entries: Math.max(records.length, directory.count), unpackedBytes, suspiciousRatio };
}

/** Throws a FileLimitError when the archive would unpack to an absurd size or entry count. */
function assertSafeZip(bytes: Uint8Array): void {
  const summary = summariseZip(bytes);
  if (!summary) return;
  if (summary.entries > MAX_ZIP_ENTRIES) {
    throw new FileLimitError(
      `the archive holds more than ${MAX_ZIP_ENTRIES} files and looks like a zip bomb`,
    );
  }
  if (summary.unpackedBytes > MAX_UNPACKED_BYTES) {
    throw new FileLimitError(
      'the archive would unpack to more than 200 MB and looks like a zip bomb',
    );
  }
  if (summary.suspiciousRatio) {
    throw new FileLimitError(
      `a file in the archive is compressed more than ${MAX_ENTRY_RATIO}:1 and looks like a zip bomb`,
    );
  }
}

/** Size check first (a template's limit, or a data file's), then the zip guard: both before any parsing. */
export function assertReadable(
  buffer: ArrayBuffer,
  kind: 'template' | 'data' = 'template',
): Uint8Array {
  if (kind === 'data') assertDataFileSize(buffer.byteLength);
  else assertFileSize(buffer.byteLength);
  const bytes = new Uint8Array(buffer);
  if (isZip(bytes)) assertSafeZip(bytes);
  return bytes;
}
