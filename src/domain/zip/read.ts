// A zip's central directory, read as the archive declares it (nothing inflated): the one reader
// for the sanitiser (docx/zip.ts), the generator's zip-bomb guard (workers/limits.ts) and the
// package stage's tests. Each caller decides what a damaged or ZIP64 archive means to it. Pure.

export const LOCAL_SIGNATURE = 0x04034b50;
export const CENTRAL_SIGNATURE = 0x02014b50;
export const END_SIGNATURE = 0x06054b50;
const ZIP64_END_SIGNATURE = 0x06064b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
export const END_LENGTH = 22;
const ZIP64_LOCATOR_LENGTH = 20;
export const CENTRAL_LENGTH = 46;
const MAX_COMMENT_LENGTH = 0xffff;

export interface CentralDirectory {
  /** Where the end of central directory record starts. */
  end: number;
  /** The entry count, directory size and start of the classic record (0xFFFF/0xFFFFFFFF: see ZIP64). */
  count: number;
  size: number;
  start: number;
  /** This disk's number in the classic record (0 for an archive of one disk). */
  disk: number;
  /** The classic record says a ZIP64 record holds the real count or start. */
  zip64: boolean;
}

export interface CentralRecord {
  /** Where the record starts and the offset just past it. */
  at: number;
  next: number;
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  local: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: false });

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The end record (found from the end, past a comment of up to 64 kB), or null when there is none. */
export function centralDirectory(bytes: Uint8Array): CentralDirectory | null {
  const view = viewOf(bytes);
  const last = bytes.length - END_LENGTH;
  const lowest = Math.max(0, last - MAX_COMMENT_LENGTH);
  for (let end = last; end >= lowest; end--) {
    if (view.getUint32(end, true) !== END_SIGNATURE) continue;
    const count = view.getUint16(end + 10, true);
    const start = view.getUint32(end + 16, true);
    return {
      end,
      count,
      size: view.getUint32(end + 12, true),
      start,
      disk: view.getUint16(end + 4, true),
      zip64: count === 0xffff || start === 0xffffffff,
    };
  }
  return null;
}

/**
 * The classic record's values replaced by the ZIP64 record's (APPNOTE 4.3.14/4.3.15), or null when
 * the archive has no ZIP64 locator before its end record.
 */
export function zip64Directory(
  bytes: Uint8Array,
  classic: CentralDirectory,
): CentralDirectory | null {
  const view = viewOf(bytes);
  const locator = classic.end - ZIP64_LOCATOR_LENGTH;
  if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE) return null;
  const record = Number(view.getBigUint64(locator + 8, true));
  if (record + 56 > locator || view.getUint32(record, true) !== ZIP64_END_SIGNATURE) return null;
  return {
    ...classic,
    count: Number(view.getBigUint64(record + 32, true)),
    size: Number(view.getBigUint64(record + 40, true)),
    start: Number(view.getBigUint64(record + 48, true)),
  };
}

/**
 * Up to `count` records from `start`, each whole before `bound`; stops early at anything that is
 * not a central record (`complete` then says so).
 */
export function centralRecords(
  bytes: Uint8Array,
  start: number,
  count: number,
  bound: number = bytes.length,
): { records: CentralRecord[]; complete: boolean } {
  const view = viewOf(bytes);
  const records: CentralRecord[] = [];
  let at = start;
  while (records.length < count) {
    if (at + CENTRAL_LENGTH > bound || view.getUint32(at, true) !== CENTRAL_SIGNATURE)
      return { records, complete: false };
    const nameLength = view.getUint16(at + 28, true);
    const next =
      at +
      CENTRAL_LENGTH +
      nameLength +
      view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
    records.push({
      at,
      next,
      name: utf8.decode(bytes.subarray(at + CENTRAL_LENGTH, at + CENTRAL_LENGTH + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      local: view.getUint32(at + 42, true),
    });
    at = next;
  }
  return { records, complete: true };
}

/** Where an entry's data starts, from its local header at `local`; -1 when there is none there. */
export function entryDataStart(bytes: Uint8Array, local: number): number {
  const view = viewOf(bytes);
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_SIGNATURE) return -1;
  return local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
}
