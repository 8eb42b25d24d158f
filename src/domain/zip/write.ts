// Writing a zip: the one writer, for the sanitiser (docx/zip.ts) and the package stage (the merged
// .docx, one file per row, the PDF split, e-Faktur). Entries arrive already compressed (or stored)
// and each one's two headers are written with a DataView; an EntryBlock takes entries written in
// place, without an entry object each (docs/deflate.md, "Writing the zip"). Past 65,535 entries
// the archive ends with a ZIP64 record (headers.ts). Pure.
import { shortBytes } from './names';
import {
  CENTRAL_HEADER,
  centralHeader,
  dosDateTime,
  endLength,
  endRecords,
  LOCAL_HEADER,
  localHeader,
  MAX_32,
  UTF8_NAMES,
  type ZipEntry,
} from './headers';

export { MAX_CLASSIC_ENTRIES, type ZipEntry } from './headers';

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
 * chunks; after reserve(), `chunk` is the one it is in and `at` where in it. With `seal`, a full
 * chunk is handed to it (its bytes copied into what it answers, a Blob in the worker) and written
 * over again: `sealed` then holds what came before `list`.
 */
class Chunks<Sealed> {
  readonly list: Chunk[] = [];
  readonly sealed: Sealed[] = [];
  length = 0;
  chunk: Chunk = { bytes: new Uint8Array(0), view: new DataView(new ArrayBuffer(0)), used: 0 };
  at = 0;

  constructor(private readonly seal?: (bytes: Uint8Array) => Sealed) {}

  /** Makes room for `n` more bytes; answers their offset from the first chunk's start. */
  reserve(n: number): number {
    if (this.chunk.used + n > this.chunk.bytes.length) {
      if (this.seal && this.chunk.used > 0) {
        this.sealed.push(this.seal(this.chunk.bytes.subarray(0, this.chunk.used)));
        this.chunk.used = 0;
      }
      if (n > this.chunk.bytes.length || !this.seal) {
        const bytes = new Uint8Array(Math.max(CHUNK, n));
        this.chunk = { bytes, view: new DataView(bytes.buffer), used: 0 };
        if (this.seal) this.list.length = 0;
        this.list.push(this.chunk);
      }
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
export class EntryBlock<Sealed = never> {
  readonly local: Chunks<Sealed>;
  readonly central = new Chunks<never>();
  private readonly encoder = new TextEncoder();
  private readonly stamp: { time: number; day: number };
  count = 0;

  /**
   * `seal`: the entries' bytes are handed to it 4 MB at a time and their chunk written over again
   * (the worker's Blob, package/zipBlob.ts); such a block is written by writeZipTo's sink.
   */
  constructor(now: Date = new Date(), seal?: (bytes: Uint8Array) => Sealed) {
    this.stamp = dosDateTime(now);
    this.local = new Chunks(seal);
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
 * Where writeZipTo puts an archive, in order: `reserve(n)` makes room for `n` bytes that read 0,
 * to be written in place from `bytes[at]` (through `view`) before the next call; `append(data)`
 * adds `data` as it is (a sink may keep the array rather than copy it: it must not change after).
 */
export interface ZipSink<Sealed = never> {
  bytes: Uint8Array;
  view: DataView;
  at: number;
  reserve(n: number): void;
  append(data: Uint8Array): void;
  /** Adds what a sealing EntryBlock made of its bytes, in order. */
  appendSealed(part: Sealed): void;
}

/** A sink of one buffer of the archive's exact length, fresh (so it reads 0) or the caller's. */
class BufferSink implements ZipSink<unknown> {
  readonly view: DataView;
  at = 0;
  private next = 0;

  constructor(readonly bytes: Uint8Array<ArrayBuffer>) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  }

  reserve(n: number): void {
    this.at = this.next;
    this.next += n;
  }

  append(data: Uint8Array): void {
    this.bytes.set(data, this.next);
    this.next += data.length;
  }

  appendSealed(): void {
    throw new Error('zip: a sealing block is written by writeZipTo');
  }
}

/** The byte lengths of an archive's parts, checked against the format's 4 GB limit. */
function zipLengths(
  entries: readonly ZipEntry[],
  names: readonly Uint8Array[],
  block: EntryBlock<unknown> | undefined,
) {
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
  return { blockStart, count, total: localLength + centralLength + endLength(count) };
}

/**
 * The zip archive of `entries`, in order, in a buffer of its own and of its exact length, or in
 * `into` (exactly the archive's length).
 */
export function writeZip(
  entries: readonly ZipEntry[],
  now: Date = new Date(),
  block?: EntryBlock<unknown>,
  into?: Uint8Array<ArrayBuffer>,
): Uint8Array<ArrayBuffer> {
  const names = encodedNames(entries);
  const { total } = zipLengths(entries, names, block);
  if (into && into.length !== total) throw new Error('zip: the target is not the archive length');
  const out = into ?? new Uint8Array(total);
  writeEntries(new BufferSink(out), entries, names, now, block);
  return out;
}

/**
 * Writes the zip archive of `entries`, in order, then `block`'s, into `sink`: the bytes writeZip
 * makes, for a sink that need not hold them in one piece (package/zipBlob.ts).
 */
export function writeZipTo<Sealed>(
  sink: ZipSink<Sealed>,
  entries: readonly ZipEntry[],
  now: Date = new Date(),
  block?: EntryBlock<Sealed>,
): void {
  writeEntries(sink, entries, encodedNames(entries), now, block);
}

function writeEntries<Sealed>(
  sink: ZipSink<Sealed>,
  entries: readonly ZipEntry[],
  names: readonly Uint8Array[],
  now: Date,
  block: EntryBlock<Sealed> | undefined,
): void {
  const { blockStart, count } = zipLengths(entries, names, block);
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
    sink.reserve(LOCAL_HEADER + names[i].length);
    localHeader(sink.bytes, sink.view, sink.at, names[i], fields, sizes);
    sink.append(entry.data);
    at += LOCAL_HEADER + names[i].length + entry.data.length;
  });
  for (const part of block?.local.sealed ?? []) sink.appendSealed(part);
  for (const chunk of block?.local.list ?? []) sink.append(chunk.bytes.subarray(0, chunk.used));
  at += block?.local.length ?? 0;

  const centralStart = at;
  entries.forEach((entry, i) => {
    const { time, day } = stamps[i];
    const fields = { time, day, flags: flagsOf(i), method: entry.method, crc: entry.crc };
    const sizes = { compressed: entry.data.length, size: entry.size };
    sink.reserve(CENTRAL_HEADER + names[i].length);
    const isDir = entry.name.endsWith('/');
    centralHeader(sink.bytes, sink.view, sink.at, names[i], fields, sizes, offsets[i], isDir);
    at += CENTRAL_HEADER + names[i].length;
  });
  for (const chunk of block?.central.list ?? []) {
    // The block's records hold offsets within the block: moved by where it was written.
    sink.reserve(chunk.used);
    const { bytes, view } = sink;
    bytes.set(chunk.bytes.subarray(0, chunk.used), sink.at);
    for (let record = sink.at, end = sink.at + chunk.used; record < end;) {
      view.setUint32(record + 42, view.getUint32(record + 42, true) + blockStart, true);
      record += CENTRAL_HEADER + view.getUint16(record + 28, true);
    }
    at += chunk.used;
  }
  const centralSize = at - centralStart;
  sink.reserve(endLength(count));
  endRecords(sink.view, sink.at, count, centralSize, centralStart);
}
