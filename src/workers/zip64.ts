// A merged letterhead document holds a header (and footer, and their .rels) per section, so
// 50,000 sections make well over 65,535 zip entries. The classic end-of-central-directory record
// counts entries in 16 bits and pizzip writes the count modulo 65,536, which makes readers that
// trust the count (LibreOffice, Word) see only part of the package. Past that count the archive
// gets a ZIP64 end-of-central-directory record and locator (APPNOTE 4.3.14/4.3.15), and the classic
// record's counts are set to 0xFFFF, which tells readers to use the ZIP64 record.

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const EOCD_LENGTH = 22;
const ZIP64_EOCD_LENGTH = 56;
const ZIP64_LOCATOR_LENGTH = 20;
export const MAX_CLASSIC_ENTRIES = 0xffff;

function findEndOfCentralDirectory(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - EOCD_LENGTH - 0xffff);
  for (let i = view.byteLength - EOCD_LENGTH; i >= lowest; i--) {
    if (view.getUint32(i, true) === EOCD_SIGNATURE) return i;
  }
  throw new Error('the zip archive has no end of central directory');
}

/**
 * Returns the archive with a ZIP64 end record when it holds more entries than the classic record
 * can count (`entries` is the true count); smaller archives come back unchanged.
 */
export function withZip64End(zip: Uint8Array, entries: number): Uint8Array {
  if (entries <= MAX_CLASSIC_ENTRIES) return zip;
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const eocd = findEndOfCentralDirectory(view);
  const directorySize = view.getUint32(eocd + 12, true);
  const directoryOffset = view.getUint32(eocd + 16, true);
  const tail = zip.subarray(eocd);
  const out = new Uint8Array(eocd + ZIP64_EOCD_LENGTH + ZIP64_LOCATOR_LENGTH + tail.length);
  out.set(zip.subarray(0, eocd));
  const o = new DataView(out.buffer);
  let at = eocd;
  // ZIP64 end of central directory record.
  o.setUint32(at, ZIP64_EOCD_SIGNATURE, true);
  o.setBigUint64(at + 4, BigInt(ZIP64_EOCD_LENGTH - 12), true); // size of the rest of the record
  o.setUint16(at + 12, 45, true); // version made by: 4.5
  o.setUint16(at + 14, 45, true); // version needed: 4.5
  o.setUint32(at + 16, 0, true); // this disk
  o.setUint32(at + 20, 0, true); // disk where the central directory starts
  o.setBigUint64(at + 24, BigInt(entries), true); // entries on this disk
  o.setBigUint64(at + 32, BigInt(entries), true); // entries in total
  o.setBigUint64(at + 40, BigInt(directorySize), true);
  o.setBigUint64(at + 48, BigInt(directoryOffset), true);
  at += ZIP64_EOCD_LENGTH;
  // ZIP64 end of central directory locator.
  o.setUint32(at, ZIP64_LOCATOR_SIGNATURE, true);
  o.setUint32(at + 4, 0, true);
  o.setBigUint64(at + 8, BigInt(eocd), true);
  o.setUint32(at + 16, 1, true); // total disks
  at += ZIP64_LOCATOR_LENGTH;
  // The classic record, its counts saturated.
  out.set(tail, at);
  o.setUint16(at + 8, MAX_CLASSIC_ENTRIES, true);
  o.setUint16(at + 10, MAX_CLASSIC_ENTRIES, true);
  return out;
}
