// One file per row: each run of the template's untouched entries written once for every row's file
// to refer to, each row's own bytes slices of a reused buffer, all copied once into the zip at the
// end; the bytes are the ones writeZip would write (docs/deflate.md, "One file per row, shared").
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

/** The buffer a row's own bytes are written into; it is kept (copied) each time it is full. */
const BUFFER_BYTES = 1 << 20;
/** A CRC folded in by table (crcAppending) from this length; shorter ones are read. */
const FOLD_FROM = 64;

/** A run of the template's untouched entries, as its documents hold it (local headers and data). */
interface StaticRun {
  bytes: Uint8Array;
  length: number;
  appendCrc: (crc: number) => number;
}

/** Where a row's own bytes are: [buffer number, start, end]. */
type OwnBytes = [number, number, number];

/** A stored file of the zip, for its central directory. */
interface FileRecord {
  name: Uint8Array;
  flags: number;
  crc: number;
  size: number;
  offset: number;
}

/**
 * Writes a zip of documents (stored, method 0) whose entries are mostly `base`'s (the same
 * objects), writing each run of `base`'s entries once and copying it into every file at the end.
 */
export class SharedZip {
  private readonly encoder = new TextEncoder();
  private readonly baseNames: Uint8Array[];
  private readonly runs = new Map<string, StaticRun>();
  private readonly stamp: { time: number; day: number };
  private readonly parts: (Uint8Array | OwnBytes)[] = [];
  /** The row's own bytes, one filled buffer after another. */
  private readonly filled: Uint8Array[] = [];
  private readonly files: FileRecord[] = [];
  private buffer = new Uint8Array(BUFFER_BYTES);
  private view = new DataView(this.buffer.buffer);
  private used = 0;
  /** Where in `buffer` the row's own bytes not yet in `parts` start. */
  private pending = 0;
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

  private fields(entry: ZipEntry, name: Uint8Array, crc = entry.crc) {
    const { time, day } = entry.date ? dosDateTime(entry.date) : this.stamp;
    const flags = name.length !== entry.name.length ? UTF8_NAMES : 0;
    return { time, day, flags, method: entry.method, crc };
  }

  /** `base`'s entries at `indexes`, in that order, as their documents hold them: made once. */
  private run(indexes: readonly number[]): StaticRun {
    const key = indexes.join(',');
    let run = this.runs.get(key);
    if (!run) {
      let length = 0;
      for (const i of indexes)
        length += LOCAL_HEADER + this.baseNames[i].length + this.base[i].data.length;
      const bytes = new Uint8Array(length);
      const view = new DataView(bytes.buffer);
      let at = 0;
      for (const i of indexes) {
        const entry = this.base[i];
        const name = this.baseNames[i];
        localHeader(bytes, view, at, name, this.fields(entry, name), {
          compressed: entry.data.length,
          size: entry.size,
        });
        bytes.set(entry.data, at + LOCAL_HEADER + name.length);
        at += LOCAL_HEADER + name.length + entry.data.length;
      }
      const appendCrc =
        length >= FOLD_FROM ? crcAppending(bytes) : (crc: number) => crc32(bytes, crc);
      run = { bytes, length, appendCrc };
      this.runs.set(key, run);
    }
    return run;
  }

  /** The row's own bytes written so far, as a part. */
  private closeOwn(): void {
    if (this.used > this.pending) this.parts.push([this.filled.length, this.pending, this.used]);
    this.pending = this.used;
  }

  /** Room for `n` of the row's own bytes, in one piece: where they go in `buffer`. */
  private reserve(n: number): number {
    if (this.used + n > this.buffer.length) {
      this.closeOwn();
      this.filled.push(this.buffer.slice(0, this.used));
      if (n > this.buffer.length) {
        this.buffer = new Uint8Array(n);
        this.view = new DataView(this.buffer.buffer);
      }
      this.used = 0;
      this.pending = 0;
    }
    const at = this.used;
    this.used += n;
    // The buffer is reused: the headers' fields left 0 (extra field, comment, disk) must read 0.
    this.buffer.fill(0, at, this.used);
    return at;
  }

  /**
   * Adds a document of `entries`, stored under `name`: the entries that are `base`'s own objects
   * come first, in their order, as one run referred to, not copied; then the row's own entries.
   * (A package's parts may come in any order; [Content_Types].xml stays first when untouched.)
   */
  add(name: string, entries: readonly ZipEntry[]): void {
    const count = entries.length;
    const statics: number[] = [];
    const owns: number[] = [];
    for (let i = 0; i < count; i++)
      (i < this.base.length && entries[i] === this.base[i] ? statics : owns).push(i);
    const order = [...statics, ...owns];
    const names = order.map((i) => this.nameOf(entries, i));
    const run = statics.length > 0 ? this.run(statics) : null;
    const ownStart = run?.length ?? 0;
    let ownLength = 0;
    let centralLength = 0;
    for (let k = 0; k < count; k++) {
      if (k >= statics.length)
        ownLength += LOCAL_HEADER + names[k].length + entries[order[k]].data.length;
      centralLength += CENTRAL_HEADER + names[k].length;
    }
    const centralStart = ownStart + ownLength;
    const tailLength = centralLength + endLength(count);
    const documentLength = centralStart + tailLength;
    const fileName = shortBytes(name, this.encoder);
    const headerLength = LOCAL_HEADER + fileName.length;
    // The row's own bytes in one piece of the buffer: the zip's header of the file (written last,
    // it needs the file's CRC), then, after the run, the own entries and the central directory.
    const header = this.reserve(headerLength + ownLength + tailLength);
    const { buffer, view } = this;
    let at = header + headerLength;
    if (run) {
      this.used = at;
      this.closeOwn();
      this.parts.push(run.bytes);
      this.used = header + headerLength + ownLength + tailLength;
    }
    let crc = run ? run.appendCrc(0) : 0;
    const offsets = new Array<number>(count);
    let offset = 0;
    for (let k = 0; k < count; k++) {
      const entry = entries[order[k]];
      offsets[k] = offset;
      offset += LOCAL_HEADER + names[k].length + entry.data.length;
      if (k < statics.length) continue;
      localHeader(buffer, view, at, names[k], this.fields(entry, names[k]), {
        compressed: entry.data.length,
        size: entry.size,
      });
      buffer.set(entry.data, at + LOCAL_HEADER + names[k].length);
      at += LOCAL_HEADER + names[k].length + entry.data.length;
    }
    for (let k = 0; k < count; k++) {
      const entry = entries[order[k]];
      const sizes = { compressed: entry.data.length, size: entry.size };
      const fields = this.fields(entry, names[k]);
      const isDir = entry.name.endsWith('/');
      centralHeader(buffer, view, at, names[k], fields, sizes, offsets[k], isDir);
      at += CENTRAL_HEADER + names[k].length;
    }
    endRecords(view, at, count, centralLength, centralStart);
    const ownFrom = header + headerLength;
    crc = crc32(buffer.subarray(ownFrom, ownFrom + ownLength + tailLength), crc);

    const flags = fileName.length !== name.length ? UTF8_NAMES : 0;
    const fields = { ...this.stamp, flags, method: 0, crc };
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
    let record = tail;
    for (const { name, flags, crc, size, offset } of this.files) {
      const fields = { ...this.stamp, flags, method: 0, crc };
      const sizes = { compressed: size, size };
      centralHeader(this.buffer, this.view, record, name, fields, sizes, offset, false);
      record += CENTRAL_HEADER + name.length;
    }
    endRecords(this.view, record, count, centralLength, this.length);
    this.closeOwn();
    this.filled.push(this.buffer.subarray(0, this.used));
    // One contiguous buffer, not a Blob of a part per piece: Chromium registers every part of a
    // Blob with its browser process, and a Blob of 10,000 rows' pieces took seconds to make and a
    // 377 ms task on the page at the download (docs/deflate.md, "One file per row, shared").
    const pieces = this.parts.map((part) =>
      part instanceof Uint8Array ? part : this.filled[part[0]].subarray(part[1], part[2]),
    );
    const zip = new Uint8Array(pieces.reduce((total, piece) => total + piece.length, 0));
    let at = 0;
    for (const piece of pieces) {
      zip.set(piece, at);
      at += piece.length;
    }
    return new Blob([zip], { type });
  }
}
