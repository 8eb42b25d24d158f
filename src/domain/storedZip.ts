// The files of a zip whose entries are stored (not compressed), as the generator writes its
// one-file-per-row zip: each file's name and where its bytes lie, read from the local headers.
// The e-mail of each row hands the server that one zip instead of a part per mail
// (docs/delivery.md, "The job"). Pure.

const LOCAL_HEADER = 30;
const LOCAL_SIGNATURE = 0x04034b50;

export interface StoredEntry {
  name: string;
  /** Its bytes: `[start, end)` in the zip. */
  start: number;
  end: number;
}

export const NOT_STORED_ZIP = 'The documents are not a zip of stored files';

/** Every file of the zip in order; throws NOT_STORED_ZIP for anything else (a compressed entry, a cut zip). */
export function storedZipEntries(zip: Uint8Array): StoredEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const decoder = new TextDecoder();
  const entries: StoredEntry[] = [];
  let at = 0;
  while (at + 4 <= zip.byteLength && view.getUint32(at, true) === LOCAL_SIGNATURE) {
    if (at + LOCAL_HEADER > zip.byteLength) throw new Error(NOT_STORED_ZIP);
    const flags = view.getUint16(at + 6, true);
    const method = view.getUint16(at + 8, true);
    const compressed = view.getUint32(at + 18, true);
    const size = view.getUint32(at + 22, true);
    const nameLength = view.getUint16(at + 26, true);
    const start = at + LOCAL_HEADER + nameLength + view.getUint16(at + 28, true);
    const end = start + compressed;
    if (method !== 0 || flags & 0x8 || size !== compressed || end > zip.byteLength)
      throw new Error(NOT_STORED_ZIP);
    const name = decoder.decode(zip.subarray(at + LOCAL_HEADER, at + LOCAL_HEADER + nameLength));
    entries.push({ name, start, end });
    at = end;
  }
  if (entries.length === 0) throw new Error(NOT_STORED_ZIP);
  return entries;
}
