// A zip package read from its central directory and written anew: what LibreOffice gets is only
// the entries we read (one copy of each name), never the bytes of the original container.
import { crc32 } from '../zip/crc32';
import {
  CENTRAL_SIGNATURE,
  END_SIGNATURE,
  LOCAL_SIGNATURE,
  centralDirectory,
  centralRecords,
  entryDataStart,
} from '../zip/read';
import { DocxRefusedError } from './messages';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  crc32: number;
  /** Uncompressed size as the central directory declares it. */
  size: number;
  compressed: Uint8Array;
}

/** Raw deflate, injected so the same code runs on the server (node:zlib) and in a worker (pako). */
export interface DeflateCodec {
  /** Must throw when the output would exceed maxBytes. */
  inflateRaw(data: Uint8Array, maxBytes: number): Uint8Array;
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
const encoder = new TextEncoder();

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
    entries.push({ name, method: method as 0 | 8, crc32: crc, size, compressed });
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
    if (entry.compressed.length !== entry.size) throw new DocxRefusedError('damaged');
    return entry.compressed;
  }
  let out: Uint8Array;
  try {
    out = codec.inflateRaw(entry.compressed, entry.size);
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
    crc32: crc32(data),
    size: data.length,
    compressed: codec.deflateRaw(data),
  };
}

/** A plain zip (no ZIP64: readZip refused packages that would need it) with UTF-8 names. */
export function writeZip(entries: readonly ZipEntry[]): Uint8Array {
  const names = entries.map((e) => encoder.encode(e.name));
  let localSize = 0;
  entries.forEach((e, i) => (localSize += 30 + names[i].length + e.compressed.length));
  const centralSize = names.reduce((sum, n) => sum + 46 + n.length, 0);
  const out = new Uint8Array(localSize + centralSize + 22);
  const view = new DataView(out.buffer);
  const offsets: number[] = [];
  let at = 0;
  const header = (signature: number, e: ZipEntry, name: Uint8Array, central: boolean) => {
    view.setUint32(at, signature, true);
    const base = central ? at + 2 : at;
    if (central) view.setUint16(at + 4, 20, true);
    view.setUint16(base + 4, 20, true); // version needed
    view.setUint16(base + 6, 0x0800, true); // UTF-8 names
    view.setUint16(base + 8, e.method, true);
    view.setUint16(base + 10, 0, true); // time
    view.setUint16(base + 12, 0x21, true); // 1980-01-01
    view.setUint32(base + 14, e.crc32, true);
    view.setUint32(base + 18, e.compressed.length, true);
    view.setUint32(base + 22, e.size, true);
    view.setUint16(base + 26, name.length, true);
  };
  entries.forEach((e, i) => {
    offsets.push(at);
    header(LOCAL_SIGNATURE, e, names[i], false);
    out.set(names[i], at + 30);
    out.set(e.compressed, at + 30 + names[i].length);
    at += 30 + names[i].length + e.compressed.length;
  });
  const centralStart = at;
  entries.forEach((e, i) => {
    header(CENTRAL_SIGNATURE, e, names[i], true);
    view.setUint32(at + 42, offsets[i], true);
    out.set(names[i], at + 46);
    at += 46 + names[i].length;
  });
  view.setUint32(at, END_SIGNATURE, true);
  view.setUint16(at + 8, entries.length, true);
  view.setUint16(at + 10, entries.length, true);
  view.setUint32(at + 12, at - centralStart, true);
  view.setUint32(at + 16, centralStart, true);
  return out;
}
