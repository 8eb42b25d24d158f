// A zip package read from its central directory and written anew: what LibreOffice gets is only
// the entries we read (one copy of each name), never the bytes of the original container.
import { crc32 } from '../zip/crc32';
import { writeZip as writeEntries, type ZipEntry } from '../zip/write';
import { centralDirectory, centralRecords, entryDataStart } from '../zip/read';
import { DocxRefusedError } from './messages';

/** An entry as the one zip module holds it: `data` as stored (raw deflate for method 8). */
export type { ZipEntry };

/** Raw deflate, injected so the same code runs on the server (node:zlib) and in a worker (pako). */
export interface DeflateCodec {
  /**
   * Must throw when the output would exceed maxBytes. `expectedBytes`: the size the zip declares
   * for the output (which the caller checks), so a codec may inflate into one buffer of that size
   * instead of joining pieces (node:zlib's pieces are what glibc kept of a thread's memory).
   */
  inflateRaw(data: Uint8Array, maxBytes: number, expectedBytes?: number): Uint8Array;
  deflateRaw(data: Uint8Array): Uint8Array;
}

export interface ZipLimits {
  /** Sum of the declared uncompressed sizes. */
  maxUnpackedBytes: number;
}

const MAX_ENTRIES = 0xffff;
/** A relative part name of plain segments: no backslash, no `..`, no leading slash, no control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const PART_NAME = /^(?!\/)(?!.*(?:^|\/)\.\.?(?:\/|$))[^\\\u0000-\u001f]+$/;
/** The earliest date a zip header holds: what the sanitiser stamps every entry with. */
const DOS_EPOCH = new Date(1980, 0, 1);

export function looksLikeZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4
  );
}

/** Entries of the package, by central directory. Refuses encryption, ZIP64, duplicates and bombs. */
export function readZip(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  if (!looksLikeZip(bytes)) throw new DocxRefusedError('notZip');
  const directory = centralDirectory(bytes);
  if (!directory) throw new DocxRefusedError('damaged');
  const { end, count, size: directorySize, start: directoryStart } = directory;
  if (count === MAX_ENTRIES || directoryStart === 0xffffffff)
    throw new DocxRefusedError('tooManyParts');
  if (directory.disk !== 0 || directoryStart + directorySize > end)
    throw new DocxRefusedError('damaged');
  const entries: ZipEntry[] = [];
  const seen = new Set<string>();
  let unpacked = 0;
  for (const record of recordsOf(bytes, directoryStart, count, end)) {
    const { flags, method, size, compressedSize, local, crc, name } = record;
    if (flags & 1 || (method !== 0 && method !== 8)) throw new DocxRefusedError('encrypted');
    if (size === 0xffffffff || compressedSize === 0xffffffff)
      throw new DocxRefusedError('tooLarge');
    // Part names are case-insensitive (OPC): two spellings of one name would let the reader pick either.
    const key = name.toLowerCase();
    if (seen.has(key) || !PART_NAME.test(name)) throw new DocxRefusedError('damaged');
    seen.add(key);
    unpacked += size;
    if (unpacked > limits.maxUnpackedBytes) throw new DocxRefusedError('tooLarge');
    const dataStart = local + 30 > directoryStart ? -1 : entryDataStart(bytes, local);
    if (dataStart < 0 || dataStart + compressedSize > directoryStart)
      throw new DocxRefusedError('damaged');
    const compressed = bytes.subarray(dataStart, dataStart + compressedSize);
    entries.push({ name, method: method as 0 | 8, crc, size, data: compressed });
  }
  return entries;
}

/** The directory's records one by one, each whole before the end record; a damaged one refuses. */
function* recordsOf(bytes: Uint8Array, start: number, count: number, end: number) {
  for (let i = 0, at = start; i < count; i++) {
    const { records, complete } = centralRecords(bytes, at, 1, end);
    if (!complete) throw new DocxRefusedError('damaged');
    yield records[0];
    at = records[0].next;
  }
}

/** The entry's bytes; a body that inflates past its declared size is a bomb, refused. */
export function entryBytes(entry: ZipEntry, codec: DeflateCodec): Uint8Array {
  if (entry.method === 0) {
    if (entry.data.length !== entry.size) throw new DocxRefusedError('damaged');
    return entry.data;
  }
  let out: Uint8Array;
  try {
    out = codec.inflateRaw(entry.data, entry.size, entry.size);
  } catch {
    throw new DocxRefusedError('damaged');
  }
  if (out.length !== entry.size) throw new DocxRefusedError('damaged');
  return out;
}

/** A new entry holding `data`, deflated. */
export function deflatedEntry(name: string, data: Uint8Array, codec: DeflateCodec): ZipEntry {
  return {
    name,
    method: 8,
    crc: crc32(data),
    size: data.length,
    data: codec.deflateRaw(data),
  };
}

/**
 * A plain zip (no ZIP64: readZip refused packages that would need it), every entry dated
 * 1980-01-01 00:00 so the same package is written as the same bytes.
 */
export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  return writeEntries(entries, DOS_EPOCH);
}
