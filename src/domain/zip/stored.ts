// The files of a zip whose entries are stored (not compressed), as the generator writes its
// one-file-per-row zip: each file's name and where its bytes lie, found through the archive's
// central directory by the one reader (read.ts). The e-mail of each row hands the server that one
// zip instead of a part per mail (docs/delivery.md, "The job"). Pure.
import { centralDirectory, centralRecords, entryDataStart, zip64Directory } from './read';

export interface StoredEntry {
  name: string;
  /** Its bytes: `[start, end)` in the zip. */
  start: number;
  end: number;
}

export const NOT_STORED_ZIP = 'The documents are not a zip of stored files';

/** Every file of the zip in order; throws NOT_STORED_ZIP for anything else (a compressed entry, a cut zip). */
export function storedZipEntries(zip: Uint8Array): StoredEntry[] {
  const classic = centralDirectory(zip);
  const directory = classic?.zip64 ? zip64Directory(zip, classic) : classic;
  if (!directory || directory.count === 0) throw new Error(NOT_STORED_ZIP);
  const { records, complete } = centralRecords(zip, directory.start, directory.count);
  if (!complete) throw new Error(NOT_STORED_ZIP);
  return records.map((record) => {
    const start = entryDataStart(zip, record.local);
    const end = start + record.compressedSize;
    if (
      start < 0 ||
      record.method !== 0 ||
      record.size !== record.compressedSize ||
      end > zip.length
    )
      throw new Error(NOT_STORED_ZIP);
    return { name: record.name, start, end };
  });
}
