// Writes the merged .docx. pizzip's generate() builds each entry's headers as strings (hex digits
// concatenated, then copied into bytes a character at a time) and walks every entry again for the
// central directory: about 25 µs an entry, and a letterhead merge of 10,000 rows has 30,000 entries
// (a header, a footer and a .rels per section), so writing the zip cost more than rendering the
// rows. Here each entry arrives already deflated (the merge compresses its parts itself, see
// compressedParts.ts and smallParts.ts) and its two headers are written with a DataView.
//
// Entries of the template the merge did not touch keep the compressed bytes pizzip read them with.
// Past 65,535 entries (a letterhead merge of ≈ 22,000 rows) the archive ends with a ZIP64 end of
// central directory record and locator (APPNOTE 4.3.14/4.3.15), and the classic record's counts
// are 0xFFFF, which tells readers to use the ZIP64 record; pizzip wrote the count modulo 65,536.
// Python's zipfile and Info-ZIP read these archives whole; LibreOffice (7.4 and 25.2 tried) opens
// no package of more than 65,535 parts, ZIP64 or not, so the merge warns (largeDocumentWarning).
import type PizZip from 'pizzip';
import pako from 'pako/dist/pako.es5.min.js';
import { crc32 } from './compressedParts';
import { storedPart, textSetSince } from '../internals';
import { shortBytes } from '../template';

export interface ZipEntry {
  name: string;
  /** The entry's data as stored: raw deflate (method 8) or the bytes themselves (method 0). */
  data: Uint8Array;
  method: 0 | 8;
  /** Size and CRC-32 of the uncompressed bytes. */
  size: number;
  crc: number;
  date?: Date;
}

export const MAX_CLASSIC_ENTRIES = 0xffff;
export const LOCAL_HEADER = 30;
export const CENTRAL_HEADER = 46;
export const EOCD_LENGTH = 22;
const ZIP64_EOCD_LENGTH = 56;
const ZIP64_LOCATOR_LENGTH = 20;
export const MAX_32 = 0xffffffff;
export const UTF8_NAMES = 0x0800;

const stamps = new WeakMap<Date, { time: number; day: number }>();

/**
 * MS-DOS time and date of `date` (local time, 2-second resolution), as zip headers hold them; kept
 * per Date, as one file per row writes the template's parts with the same dates in every row.
 */
export function dosDateTime(date: Date): { time: number; day: number } {
  let stamp = stamps.get(date);
  if (!stamp) {
    stamp = localDosDateTime(date);
    stamps.set(date, stamp);
  }
  return stamp;
}

function localDosDateTime(date: Date): { time: number; day: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    day: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/**
 * Every entry's name as UTF-8: one encoding of all of them, cut into views when they are all
 * ASCII (as the merge's part names are), rather than an allocation per name (150,000 at 50,000
 * letterhead rows).
 */
function encodedNames(entries: readonly ZipEntry[]): Uint8Array[] {
  const encoder = new TextEncoder();
  const joined = entries.map((entry) => entry.name).join('');
  const bytes = encoder.encode(joined);
  if (bytes.length !== joined.length) return entries.map((entry) => encoder.encode(entry.name));
  let at = 0;
  return entries.map((entry) => bytes.subarray(at, (at += entry.name.length)));
}

export interface HeaderFields {
  time: number;
  day: number;
  flags: number;
  method: number;
  crc: number;
}

export interface Sizes {
  compressed: number;
  size: number;
}

export function localHeader(
  out: Uint8Array,
  view: DataView,
  at: number,
  name: Uint8Array,
  { time, day, flags, method, crc }: HeaderFields,
  { compressed, size }: Sizes,
): void {
  view.setUint32(at, 0x04034b50, true);
  view.setUint16(at + 4, 20, true); // version needed: 2.0 (deflate)
  view.setUint16(at + 6, flags, true);
  view.setUint16(at + 8, method, true);
  view.setUint16(at + 10, time, true);
  view.setUint16(at + 12, day, true);
  view.setUint32(at + 14, crc, true);
  view.setUint32(at + 18, compressed, true);
  view.setUint32(at + 22, size, true);
  view.setUint16(at + 26, name.length, true);
  view.setUint16(at + 28, 0, true); // extra field length
  out.set(name, at + LOCAL_HEADER);
}

export function centralHeader(
  out: Uint8Array,
  view: DataView,
  at: number,
  name: Uint8Array,
  { time, day, flags, method, crc }: HeaderFields,
  { compressed, size }: Sizes,
  offset: number,
  isDir: boolean,
): void {
  view.setUint32(at, 0x02014b50, true);
  view.setUint16(at + 4, 20, true); // version made by: 2.0, MS-DOS attributes
  view.setUint16(at + 6, 20, true); // version needed
  view.setUint16(at + 8, flags, true);
  view.setUint16(at + 10, method, true);
  view.setUint16(at + 12, time, true);
  view.setUint16(at + 14, day, true);
  view.setUint32(at + 16, crc, true);
  view.setUint32(at + 20, compressed, true);
  view.setUint32(at + 24, size, true);
  view.setUint16(at + 28, name.length, true);
  // extra field, comment, disk number, internal attributes: 0
  view.setUint32(at + 38, isDir ? 0x10 : 0, true); // external attributes: MS-DOS directory bit
  view.setUint32(at + 42, offset, true);
  out.set(name, at + CENTRAL_HEADER);
}

/** A chunk of 4 MB: entries are written in chunks, never moved as more come. */
const CHUNK = 1 << 22;

interface Chunk {
  bytes: Uint8Array<ArrayBuffer>;
  view: DataView;
  used: number;
}

/**
 * Bytes appended in chunks (a doubling buffer copied itself at every size and held twice its
 * length: a 50,000-row letterhead merge grew slower than its rows). A reservation never spans two
 * chunks; after reserve(), `chunk` is the one it is in and `at` where in it.
 */
class Chunks {
  readonly list: Chunk[] = [];
  length = 0;
  chunk: Chunk = { bytes: new Uint8Array(0), view: new DataView(new ArrayBuffer(0)), used: 0 };
  at = 0;

  /** Makes room for `n` more bytes; answers their offset from the first chunk's start. */
  reserve(n: number): number {
    if (this.chunk.used + n > this.chunk.bytes.length) {
      const bytes = new Uint8Array(Math.max(CHUNK, n));
      this.chunk = { bytes, view: new DataView(bytes.buffer), used: 0 };
      this.list.push(this.chunk);
    }
    this.at = this.chunk.used;
    this.chunk.used += n;
    const offset = this.length;
    this.length += n;
    return offset;
  }
}

/**
 * Entries written into chunks as they come (local header and data), with their
 * central directory records beside it, for writeZip to place after its own entries: the merge's
 * header/footer copies, 30,000 entries of a few hundred bytes at 10,000 letterhead rows, each
 * written in place without an entry object, a name string kept or a data array of its own.
 */
export class EntryBlock {
  readonly local = new Chunks();
  readonly central = new Chunks();
  private readonly encoder = new TextEncoder();
  private readonly stamp: { time: number; day: number };
  count = 0;

  constructor(now: Date = new Date()) {
    this.stamp = dosDateTime(now);
  }

  /**
   * Adds an entry of `compressed` bytes that `write(out, at)` writes at `at`, answering the size
   * and CRC-32 of what they inflate to: deflated (method 8), or stored as they are (method 0).
   */
  add(
    name: string,
    compressed: number,
    write: (out: Uint8Array<ArrayBuffer>, at: number) => { size: number; crc: number },
    method: 0 | 8 = 8,
  ): void {
    const nameBytes = shortBytes(name, this.encoder);
    const flags = nameBytes.length !== name.length ? UTF8_NAMES : 0;
    const { local, central } = this;
    const offset = local.reserve(LOCAL_HEADER + nameBytes.length + compressed);
    const { bytes, view } = local.chunk;
    const at = local.at;
    const { size, crc } = write(bytes, at + LOCAL_HEADER + nameBytes.length);
    // Spelled out: an object spread here cost more than writing the entry (V8's CopyDataProperties).
    const { time, day } = this.stamp;
    const fields = { time, day, flags, method, crc };
    const sizes = { compressed, size };
    localHeader(bytes, view, at, nameBytes, fields, sizes);
    central.reserve(CENTRAL_HEADER + nameBytes.length);
    const record = central.chunk;
    centralHeader(record.bytes, record.view, central.at, nameBytes, fields, sizes, offset, false);
    this.count++;
  }

  /** Adds an entry already deflated (the same .rels beside every copy). */
  addDeflated(name: string, part: Pick<ZipEntry, 'data' | 'size' | 'crc'>): void {
    this.add(name, part.data.length, (out, at) => {
      out.set(part.data, at);
      return part;
    });
  }
}

/**
 * The zip archive of `entries`, in order, in a buffer of its own and of its exact length, or in
 * `into` (exactly the archive's length).
 */
export function writeZip(
  entries: readonly ZipEntry[],
  now: Date = new Date(),
  block?: EntryBlock,
  into?: Uint8Array<ArrayBuffer>,
): Uint8Array<ArrayBuffer> {
  const names = encodedNames(entries);
  let localLength = 0;
  let centralLength = 0;
  for (let i = 0; i < entries.length; i++) {
    localLength += LOCAL_HEADER + names[i].length + entries[i].data.length;
    centralLength += CENTRAL_HEADER + names[i].length;
  }
  const blockStart = localLength;
  localLength += block?.local.length ?? 0;
  centralLength += block?.central.length ?? 0;
  const count = entries.length + (block?.count ?? 0);
  if (localLength > MAX_32 || centralLength > MAX_32)
    throw new Error('the merged document would be larger than 4 GB');
  const total = localLength + centralLength + endLength(count);
  if (into && into.length !== total) throw new Error('zip: the target is not the archive length');
  const out = into ?? new Uint8Array(total);
  const view = new DataView(out.buffer, out.byteOffset, total);
  const defaultStamp = dosDateTime(now);
  const offsets = new Array<number>(entries.length);
  // Each entry's time stamp and flags, worked out once for both of its headers.
  const stamps = entries.map((entry) => (entry.date ? dosDateTime(entry.date) : defaultStamp));
  const flagsOf = (i: number) => (names[i].length !== entries[i].name.length ? UTF8_NAMES : 0);

  let at = 0;
  entries.forEach((entry, i) => {
    const { time, day } = stamps[i];
    const fields = { time, day, flags: flagsOf(i), method: entry.method, crc: entry.crc };
    const sizes = { compressed: entry.data.length, size: entry.size };
    offsets[i] = at;
    localHeader(out, view, at, names[i], fields, sizes);
    out.set(entry.data, at + LOCAL_HEADER + names[i].length);
    at += LOCAL_HEADER + names[i].length + entry.data.length;
  });
  for (const chunk of block?.local.list ?? []) {
    out.set(chunk.bytes.subarray(0, chunk.used), at);
    at += chunk.used;
  }

  const centralStart = at;
  entries.forEach((entry, i) => {
    const { time, day } = stamps[i];
    const fields = { time, day, flags: flagsOf(i), method: entry.method, crc: entry.crc };
    const sizes = { compressed: entry.data.length, size: entry.size };
    centralHeader(out, view, at, names[i], fields, sizes, offsets[i], entry.name.endsWith('/'));
    at += CENTRAL_HEADER + names[i].length;
  });
  for (const chunk of block?.central.list ?? []) {
    // The block's records hold offsets within the block: moved by where it was written.
    out.set(chunk.bytes.subarray(0, chunk.used), at);
    for (let record = at, end = at + chunk.used; record < end;) {
      view.setUint32(record + 42, view.getUint32(record + 42, true) + blockStart, true);
      record += CENTRAL_HEADER + view.getUint16(record + 28, true);
    }
    at += chunk.used;
  }
  const centralSize = at - centralStart;
  endRecords(view, at, count, centralSize, centralStart);
  return out;
}

/** The length of the records that end an archive of `count` entries (ZIP64 past 65,535). */
export function endLength(count: number): number {
  return (count > MAX_CLASSIC_ENTRIES ? ZIP64_EOCD_LENGTH + ZIP64_LOCATOR_LENGTH : 0) + EOCD_LENGTH;
}

/**
 * Writes the records that end an archive at `at` (endLength(count) bytes): the end of central
 * directory, with a ZIP64 record and locator before it past 65,535 entries.
 */
export function endRecords(
  view: DataView,
  start: number,
  count: number,
  centralSize: number,
  centralStart: number,
): void {
  let at = start;
  const zip64 = count > MAX_CLASSIC_ENTRIES;
  if (zip64) {
    const eocd64 = at;
    view.setUint32(at, 0x06064b50, true);
    view.setBigUint64(at + 4, BigInt(ZIP64_EOCD_LENGTH - 12), true); // size of the rest of the record
    view.setUint16(at + 12, 45, true); // version made by: 4.5
    view.setUint16(at + 14, 45, true); // version needed: 4.5
    // this disk, disk of the central directory: 0
    view.setBigUint64(at + 24, BigInt(count), true);
    view.setBigUint64(at + 32, BigInt(count), true);
    view.setBigUint64(at + 40, BigInt(centralSize), true);
    view.setBigUint64(at + 48, BigInt(centralStart), true);
    at += ZIP64_EOCD_LENGTH;
    view.setUint32(at, 0x07064b50, true);
    view.setBigUint64(at + 8, BigInt(eocd64), true);
    view.setUint32(at + 16, 1, true); // total disks
    at += ZIP64_LOCATOR_LENGTH;
  }
  const classicCount = Math.min(count, MAX_CLASSIC_ENTRIES);
  view.setUint32(at, 0x06054b50, true);
  view.setUint16(at + 8, classicCount, true);
  view.setUint16(at + 10, classicCount, true);
  view.setUint32(at + 12, centralSize, true);
  view.setUint32(at + 16, centralStart, true);
}

/**
 * A part's bytes as an entry, deflated at level 3 like the body (StreamingDeflate): level 6 took
 * twice the time for 10 % less.
 */
/**
 * `deflatedEntry` by the platform's own zlib (CompressionStream: Chrome 80, Firefox 113, Safari
 * 16.4, Node 18), several times faster than pako on large text such as e-Faktur's XML, and pako
 * where the platform lacks it. It asks for gzip, whose body is the raw deflate a zip entry holds and
 * whose trailer carries the CRC-32 and size (RFC 1952), so the CRC is native too.
 */
export async function nativeDeflatedEntry(name: string, bytes: Uint8Array): Promise<ZipEntry> {
  let stream: CompressionStream;
  try {
    stream = new CompressionStream('gzip');
  } catch {
    return deflatedEntry(name, bytes);
  }
  const gzip = new Uint8Array(
    await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream)).arrayBuffer(),
  );
  const body = gzipBody(gzip);
  const trailer = new DataView(gzip.buffer, gzip.byteOffset + gzip.length - 8, 8);
  if (!body || trailer.getUint32(4, true) !== bytes.length >>> 0) return deflatedEntry(name, bytes);
  return { name, data: body, method: 8, size: bytes.length, crc: trailer.getUint32(0, true) };
}

/** The raw deflate inside one gzip member: after its header (with any optional fields), before its 8-byte trailer. */
function gzipBody(gzip: Uint8Array): Uint8Array | null {
  if (gzip.length < 18 || gzip[0] !== 0x1f || gzip[1] !== 0x8b || gzip[2] !== 8) return null;
  const flags = gzip[3];
  let at = 10;
  if (flags & 4) at += 2 + (gzip[at] | (gzip[at + 1] << 8)); // FEXTRA
  for (const bit of [8, 16]) if (flags & bit) at = gzip.indexOf(0, at) + 1; // FNAME, FCOMMENT
  if (flags & 2) at += 2; // FHCRC
  return at > 0 && at <= gzip.length - 8 ? gzip.subarray(at, gzip.length - 8) : null;
}

export function deflatedEntry(name: string, bytes: Uint8Array): ZipEntry {
  return {
    name,
    data: pako.deflateRaw(bytes, { level: 3 }),
    method: 8,
    size: bytes.length,
    crc: crc32(bytes),
  };
}

/**
 * The entries of a pizzip archive as the writer takes them. A part pizzip still holds as it read it
 * keeps its compressed bytes and CRC; a part set since is deflated here; a part in `replaced` is
 * written as given there, in the archive's order, and one the archive lacks is added at its end.
 */
export function entriesOf(
  zip: PizZip,
  replaced: ReadonlyMap<string, ZipEntry> = new Map(),
): ZipEntry[] {
  const entries: ZipEntry[] = [];
  for (const [name, file] of Object.entries(zip.files)) {
    const replacement = replaced.get(name);
    if (replacement) {
      entries.push({ date: file.date, ...replacement });
      continue;
    }
    if (file.dir) {
      entries.push({
        name: name.endsWith('/') ? name : `${name}/`,
        data: new Uint8Array(0),
        method: 0,
        size: 0,
        crc: 0,
        date: file.date,
      });
      continue;
    }
    const stored = storedPart(file);
    if (stored) {
      entries.push({ name, ...stored, date: file.date });
      continue;
    }
    // A part set as text (the merge's .rels and [Content_Types].xml: 30 MB at 50,000 letterhead
    // rows) is encoded natively rather than by pizzip's own UTF-8 loop.
    const text = textSetSince(file);
    const bytes = text !== null ? new TextEncoder().encode(text) : file.asUint8Array();
    entries.push({ ...deflatedEntry(name, bytes), date: file.date });
  }
  for (const [name, entry] of replaced) if (!Object.hasOwn(zip.files, name)) entries.push(entry);
  return entries;
}
