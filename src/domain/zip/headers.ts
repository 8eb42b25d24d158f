// A zip's records as bytes: local and central headers, the records that end an archive and MS-DOS
// dates; write.ts puts them together, and the package stage's shared zip (sharedZip.ts) writes them
// itself.
//
// Past 65,535 entries (a letterhead merge of ≈ 22,000 rows) the archive ends with a ZIP64 end of
// central directory record and locator (APPNOTE 4.3.14/4.3.15), and the classic record's counts
// are 0xFFFF, which tells readers to use the ZIP64 record; pizzip wrote the count modulo 65,536.
// Python's zipfile and Info-ZIP read these archives whole; LibreOffice (7.4 and 25.2 tried) opens
// no package of more than 65,535 parts, ZIP64 or not, so the merge warns (largeDocumentWarning).
// Pure.

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

/**
 * The fields a local header (from offset 4) and a central header (from offset 6) share, in the
 * same order (APPNOTE 4.3.7, 4.3.12): version needed (2.0, deflate), flags, method, time, date,
 * CRC-32, compressed and uncompressed size.
 */
function entryFields(
  view: DataView,
  at: number,
  { time, day, flags, method, crc }: HeaderFields,
  { compressed, size }: Sizes,
): void {
  view.setUint16(at, 20, true);
  view.setUint16(at + 2, flags, true);
  view.setUint16(at + 4, method, true);
  view.setUint16(at + 6, time, true);
  view.setUint16(at + 8, day, true);
  view.setUint32(at + 10, crc, true);
  view.setUint32(at + 14, compressed, true);
  view.setUint32(at + 18, size, true);
}

export function localHeader(
  out: Uint8Array,
  view: DataView,
  at: number,
  name: Uint8Array,
  fields: HeaderFields,
  sizes: Sizes,
): void {
  view.setUint32(at, 0x04034b50, true);
  entryFields(view, at + 4, fields, sizes);
  view.setUint16(at + 26, name.length, true);
  view.setUint16(at + 28, 0, true); // extra field length
  out.set(name, at + LOCAL_HEADER);
}

export function centralHeader(
  out: Uint8Array,
  view: DataView,
  at: number,
  name: Uint8Array,
  fields: HeaderFields,
  sizes: Sizes,
  offset: number,
  isDir: boolean,
): void {
  view.setUint32(at, 0x02014b50, true);
  view.setUint16(at + 4, 20, true); // version made by: 2.0, MS-DOS attributes
  entryFields(view, at + 6, fields, sizes);
  view.setUint16(at + 28, name.length, true);
  // extra field, comment, disk number, internal attributes: 0
  view.setUint32(at + 38, isDir ? 0x10 : 0, true); // external attributes: MS-DOS directory bit
  view.setUint32(at + 42, offset, true);
  out.set(name, at + CENTRAL_HEADER);
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
