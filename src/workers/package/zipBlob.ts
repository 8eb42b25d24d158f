// A zip written straight into a Blob (docs/deflate.md, "Writing the zip"): the headers and small
// entries through one reused buffer that becomes a Blob each time it is full, large entries given
// to the Blob as they are. The archive's bytes land in fresh memory once, the Blob's own copy,
// instead of a buffer of its whole length first: 10,000 invoices with a QR code each are 37 MB,
// and on this machine a first touch of 37 MB costs 100–130 ms (a second, 1–2 ms).
import { EntryBlock, writeZipTo, type ZipEntry, type ZipSink } from '../../domain/zip/write';

/** The reused buffer's size: a Blob of a few dozen parts at most (see SharedZip.finish). */
const STAGE_BYTES = 4 << 20;
/** Data at least this long is a part of the Blob of its own rather than copied into the buffer. */
const OWN_PART_FROM = 256 << 10;

class BlobSink implements ZipSink<Blob> {
  bytes = new Uint8Array(STAGE_BYTES);
  view = new DataView(this.bytes.buffer);
  at = 0;
  private used = 0;
  private readonly parts: BlobPart[] = [];

  reserve(n: number): void {
    this.room(n);
    // The buffer is reused: what the headers leave unwritten must read 0.
    this.bytes.fill(0, this.at, this.used);
  }

  append(data: Uint8Array): void {
    if (data.length >= OWN_PART_FROM) {
      this.seal();
      this.parts.push(data as Uint8Array<ArrayBuffer>);
      return;
    }
    this.room(data.length);
    this.bytes.set(data, this.at);
  }

  appendSealed(part: Blob): void {
    this.seal();
    this.parts.push(part);
  }

  finish(type: string): Blob {
    this.seal();
    return new Blob(this.parts, { type });
  }

  private room(n: number): void {
    if (this.used + n > this.bytes.length) {
      this.seal();
      if (n > this.bytes.length) {
        this.bytes = new Uint8Array(n);
        this.view = new DataView(this.bytes.buffer);
      }
    }
    this.at = this.used;
    this.used += n;
  }

  /** The buffer's bytes as a Blob (a copy), and the buffer free again. */
  private seal(): void {
    if (this.used > 0) this.parts.push(new Blob([this.bytes.subarray(0, this.used)]));
    this.used = 0;
  }
}

/** The zip writeZip would write of `entries` and `block`, as a Blob of `type`. */
export function zipBlob(
  entries: readonly ZipEntry[],
  type: string,
  now: Date = new Date(),
  block?: EntryBlock<Blob>,
): Blob {
  const sink = new BlobSink();
  writeZipTo(sink, entries, now, block);
  return sink.finish(type);
}

/**
 * An EntryBlock for zipBlob whose entries become Blobs 4 MB at a time, its chunk written over
 * again: what is added to it (the merged document's header copies, its QR codes as they are
 * drawn) lands in fresh memory once, in the Blob.
 */
export function sealingEntryBlock(now?: Date): EntryBlock<Blob> {
  return new EntryBlock(now, (bytes) => new Blob([bytes as Uint8Array<ArrayBuffer>]));
}
