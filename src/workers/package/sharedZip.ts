// One file per row: each run of the template's untouched entries (local headers, data and central
// records) made once and copied into every row's file with one `set`, its CRC-32 folded in rather
// than read; the zip written into one reused buffer that becomes a Blob each time it is full
// (docs/deflate.md, "One file per row, shared"). The bytes are the ones writeZip would write.
import { crc32, crcAppending } from '../../domain/zip/crc32';
import {
  CENTRAL_HEADER,
  LOCAL_HEADER,
  MAX_32,
  UTF8_NAMES,
  centralHeader,
  dosDateTime,
  endLength,
  endRecords,
  localHeader,
  type ZipEntry,
} from '../../domain/zip/headers';
import { shortBytes } from '../template';

/**
 * The buffer the zip is written into. Reused: each time it is full its bytes are copied once into a
 * Blob, the zip is a Blob of those Blobs (a few dozen parts, see finish), and writing never
 * touches fresh memory but for that copy.
 */
const CHUNK_BYTES = 8 << 20;
/** A CRC folded in by table (crcAppending) from this length; shorter ones are read. */
const FOLD_FROM = 64;

/** A run of the template's untouched entries, as every document holds them: first, in order. */
interface StaticRun {
  /** `base`'s entry indexes, in order. */
  indexes: readonly number[];
  /** Their local headers and data. */
  bytes: Uint8Array;
  /** Their central records: the run starts each document, so their offsets are the same in all. */
  central: Uint8Array;
  /** The CRC-32 of `bytes`. */
  crc: number;
  /** `crc => crc32(central, crc)`. */
  appendCentral: (crc: number) => number;
}

/** A stored file of the zip, for its central directory. */
interface FileRecord {
  name: Uint8Array;
  flags: number;
  crc: number;
  size: number;
  offset: number;
}

const NO_RUN: StaticRun = {
  indexes: [],
  bytes: new Uint8Array(0),
  central: new Uint8Array(0),
  crc: 0,
  appendCentral: (crc) => crc,
};

const sameIndexes = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** `crc => crc32(bytes, crc)`, by table for a long text (crc32.ts `crcAppending`). */
const appending = (bytes: Uint8Array) =>
  bytes.length >= FOLD_FROM ? crcAppending(bytes) : (crc: number) => crc32(bytes, crc);

/**
 * Writes a zip of documents (stored, method 0) whose entries are mostly `base`'s (the same
 * objects): the untouched ones are a run made once, the row's own entries are written per row.
 */
export class SharedZip {
  private readonly encoder = new TextEncoder();
  private readonly baseNames: Uint8Array[];
  private readonly runs: StaticRun[] = [];
  private lastRun = NO_RUN;
  private readonly stamp: { time: number; day: number };
  /** The zip so far: every full buffer's bytes. */
  private readonly sealed: Blob[] = [];
  private readonly files: FileRecord[] = [];
  private buffer = new Uint8Array(CHUNK_BYTES);
  private view = new DataView(this.buffer.buffer);
  private used = 0;
  private length = 0;

  constructor(
    private readonly base: readonly ZipEntry[],
    private readonly now: Date,
  ) {
    this.baseNames = base.map((entry) => shortBytes(entry.name, this.encoder));
    this.stamp = dosDateTime(now);
  }

  private nameOf(entries: readonly ZipEntry[], i: number): Uint8Array {
    return i < this.base.length && entries[i].name === this.base[i].name
      ? this.baseNames[i]
      : shortBytes(entries[i].name, this.encoder);
  }

  private fields(entry: ZipEntry, name: Uint8Array) {
    const { time, day } = entry.date ? dosDateTime(entry.date) : this.stamp;
    const flags = name.length !== entry.name.length ? UTF8_NAMES : 0;
    return { time, day, flags, method: entry.method, crc: entry.crc };
  }

  /**
   * The header fields of a document stored in the zip. An object literal, not a spread of
   * `stamp`: a spread cost ≈ 2.5 µs in V8 (Node 20), a quarter of writing a row's own bytes.
   */
  private stored(flags: number, crc: number) {
    return { time: this.stamp.time, day: this.stamp.day, flags, method: 0, crc };
  }

  /** `base`'s entries at `indexes`, in that order, as their documents hold them: made once. */
  private run(indexes: readonly number[]): StaticRun {
    if (sameIndexes(indexes, this.lastRun.indexes)) return this.lastRun;
    let run = this.runs.find((r) => sameIndexes(indexes, r.indexes));
    if (!run) {
      run = this.makeRun(indexes);
      this.runs.push(run);
    }
    this.lastRun = run;
    return run;
  }

  private makeRun(indexes: readonly number[]): StaticRun {
    let length = 0;
    let centralLength = 0;
    for (const i of indexes) {
      length += LOCAL_HEADER + this.baseNames[i].length + this.base[i].data.length;
      centralLength += CENTRAL_HEADER + this.baseNames[i].length;
    }
    const bytes = new Uint8Array(length);
    const view = new DataView(bytes.buffer);
    const central = new Uint8Array(centralLength);
    const centralView = new DataView(central.buffer);
    let at = 0;
    let record = 0;
    for (const i of indexes) {
      const entry = this.base[i];
      const name = this.baseNames[i];
      const fields = this.fields(entry, name);
      const sizes = { compressed: entry.data.length, size: entry.size };
      localHeader(bytes, view, at, name, fields, sizes);
      bytes.set(entry.data, at + LOCAL_HEADER + name.length);
      const isDir = entry.name.endsWith('/');
      centralHeader(central, centralView, record, name, fields, sizes, at, isDir);
      at += LOCAL_HEADER + name.length + entry.data.length;
      record += CENTRAL_HEADER + name.length;
    }
    return { indexes, bytes, central, crc: crc32(bytes), appendCentral: appending(central) };
  }

  /** Room for `n` bytes of the zip in one piece of `buffer`: where they go. */
  private reserve(n: number): number {
    if (this.used + n > this.buffer.length) {
      this.seal();
      if (n > this.buffer.length) {
        this.buffer = new Uint8Array(n);
        this.view = new DataView(this.buffer.buffer);
      }
    }
    const at = this.used;
    this.used += n;
    return at;
  }

  /** The buffer's bytes as a Blob (a copy), and the buffer free again. */
  private seal(): void {
    if (this.used > 0) this.sealed.push(new Blob([this.buffer.subarray(0, this.used)]));
    this.used = 0;
  }

  /**
   * Adds a document of `entries`, stored under `name`: the entries that are `base`'s own objects
   * come first, in their order, as one run; then the row's own entries. (A package's parts may
   * come in any order; [Content_Types].xml stays first when untouched.)
   */
  add(name: string, entries: readonly ZipEntry[]): void {
    const count = entries.length;
    const statics: number[] = [];
    const owns: number[] = [];
    for (let i = 0; i < count; i++)
      (i < this.base.length && entries[i] === this.base[i] ? statics : owns).push(i);
    const run = statics.length > 0 ? this.run(statics) : NO_RUN;
    const ownNames = owns.map((i) => this.nameOf(entries, i));
    let ownLength = 0;
    let ownCentral = 0;
    for (let k = 0; k < owns.length; k++) {
      ownLength += LOCAL_HEADER + ownNames[k].length + entries[owns[k]].data.length;
      ownCentral += CENTRAL_HEADER + ownNames[k].length;
    }
    const centralStart = run.bytes.length + ownLength;
    const centralLength = run.central.length + ownCentral;
    const documentLength = centralStart + centralLength + endLength(count);
    const fileName = shortBytes(name, this.encoder);
    const headerLength = LOCAL_HEADER + fileName.length;
    // The file in one piece of the buffer: the zip's header of it (written last, it needs the
    // file's CRC), the run, the own entries, the run's central records, the own ones, the end.
    const header = this.reserve(headerLength + documentLength);
    const { buffer, view } = this;
    const start = header + headerLength;
    buffer.set(run.bytes, start);
    let at = start + run.bytes.length;
    const offsets = new Array<number>(owns.length);
    for (let k = 0; k < owns.length; k++) {
      const entry = entries[owns[k]];
      offsets[k] = at - start;
      localHeader(buffer, view, at, ownNames[k], this.fields(entry, ownNames[k]), {
        compressed: entry.data.length,
        size: entry.size,
      });
      buffer.set(entry.data, at + LOCAL_HEADER + ownNames[k].length);
      at += LOCAL_HEADER + ownNames[k].length + entry.data.length;
    }
    let crc = crc32(buffer.subarray(start + run.bytes.length, at), run.crc);
    buffer.set(run.central, at);
    crc = run.appendCentral(crc);
    at += run.central.length;
    const tail = at;
    const end = start + documentLength;
    // The buffer is reused: the fields these records leave 0 (extra field, comment, disk) must read 0.
    buffer.fill(0, tail, end);
    for (let k = 0; k < owns.length; k++) {
      const entry = entries[owns[k]];
      const sizes = { compressed: entry.data.length, size: entry.size };
      const fields = this.fields(entry, ownNames[k]);
      const isDir = entry.name.endsWith('/');
      centralHeader(buffer, view, at, ownNames[k], fields, sizes, offsets[k], isDir);
      at += CENTRAL_HEADER + ownNames[k].length;
    }
    endRecords(view, at, count, centralLength, centralStart);
    crc = crc32(buffer.subarray(tail, end), crc);

    const flags = fileName.length !== name.length ? UTF8_NAMES : 0;
    const fields = this.stored(flags, crc);
    const sizes = { compressed: documentLength, size: documentLength };
    localHeader(buffer, view, header, fileName, fields, sizes);
    const fileOffset = this.length;
    this.length += headerLength + documentLength;
    if (this.length > MAX_32) throw new Error('the zip would be larger than 4 GB');
    this.files.push({ name: fileName, flags, crc, size: documentLength, offset: fileOffset });
  }

  /** The zip: every document added, then its central directory. */
  finish(type: string): Blob {
    const count = this.files.length;
    let centralLength = 0;
    for (const file of this.files) centralLength += CENTRAL_HEADER + file.name.length;
    const tail = this.reserve(centralLength + endLength(count));
    this.buffer.fill(0, tail, this.used);
    let record = tail;
    for (const { name, flags, crc, size, offset } of this.files) {
      const fields = this.stored(flags, crc);
      const sizes = { compressed: size, size };
      centralHeader(this.buffer, this.view, record, name, fields, sizes, offset, false);
      record += CENTRAL_HEADER + name.length;
    }
    endRecords(this.view, record, count, centralLength, this.length);
    this.seal();
    // A Blob of a few large Blobs, not of a part per row: Chromium registers every part of a Blob
    // with its browser process, and a Blob of 10,000 rows' pieces took seconds to make and a
    // 377 ms task on the page at the download (docs/deflate.md, "One file per row, shared").
    return new Blob(this.sealed, { type });
  }
}
