// One file per row stores each row's .docx in the zip, so the zip needs the CRC-32 of every whole
// document. Most of a document is the template's untouched parts, the same compressed bytes in
// every row: a 22 kB Word file with a thumbnail and two style parts took a pass over 20 kB of
// static bytes per row, more time than rendering its fields (docs/operations.md, "One file per
// row"). CRC is linear, so a static part's bytes are folded into the running CRC in four table
// look-ups (crcAppending); only the headers, the rendered parts and the central directory are read.
import { crc32, crcAppending } from './compressedParts';
import type { ZipEntry } from './zipWriter';

const LOCAL_HEADER = 30;

/** CRC-32s of whole documents written by writeZip from entries of which many are the same objects. */
export class DocumentCrc {
  private readonly appending = new Map<Uint8Array, (crc: number) => number>();
  private readonly nameLengths = new Map<string, number>();
  private readonly encoder = new TextEncoder();

  /** `statics`: the entries whose data is the same bytes in every document. */
  constructor(statics: readonly ZipEntry[], minBytes = 256) {
    for (const entry of statics)
      if (entry.data.length >= minBytes) this.appending.set(entry.data, crcAppending(entry.data));
  }

  private nameLength(name: string): number {
    let n = this.nameLengths.get(name);
    if (n === undefined) {
      n = this.encoder.encode(name).length;
      this.nameLengths.set(name, n);
    }
    return n;
  }

  /** The CRC-32 of `document`, which writeZip wrote from `entries` (no EntryBlock). */
  of(document: Uint8Array, entries: readonly ZipEntry[]): number {
    let crc = 0;
    let at = 0;
    for (const entry of entries) {
      const header = LOCAL_HEADER + this.nameLength(entry.name);
      crc = crc32(document.subarray(at, at + header), crc);
      at += header;
      const fold = this.appending.get(entry.data);
      crc = fold ? fold(crc) : crc32(entry.data, crc);
      at += entry.data.length;
    }
    return crc32(document.subarray(at), crc);
  }
}
