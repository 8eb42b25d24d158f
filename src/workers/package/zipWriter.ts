// Entries for the one zip writer (src/domain/zip/write.ts): parts deflated here, natively where
// the platform can, and a pizzip archive's parts, those the merge did not touch with the
// compressed bytes pizzip read them with (docs/deflate.md, "Writing the zip").
import type PizZip from 'pizzip';
import pako from 'pako/dist/pako.es5.min.js';
import { crc32 } from '../../domain/zip/crc32';
import { storedPart, textSetSince } from '../internals';
import type { ZipEntry } from '../../domain/zip/write';

// The writer's names, where the merge and its tests have imported them from.
export { EntryBlock, MAX_CLASSIC_ENTRIES, writeZip, type ZipEntry } from '../../domain/zip/write';

/**
 * A part's bytes as an entry, deflated at level 3 like the body (StreamingDeflate): level 6 took
 * twice the time for 10 % less.
 */
/**
 * `deflatedEntry` by the platform's own zlib (CompressionStream: Chrome 80, Firefox 113, Safari
 * 16.4, Node 18), several times faster than pako on large text such as e-Faktur's XML, and pako
 * where the platform lacks it. It asks for gzip, whose body is the raw deflate a zip entry holds and
 * whose trailer carries the CRC-32 and size (RFC 1952), so the CRC is native too.
 */
export async function nativeDeflatedEntry(name: string, bytes: Uint8Array): Promise<ZipEntry> {
  let stream: CompressionStream;
  try {
    stream = new CompressionStream('gzip');
  } catch {
    return deflatedEntry(name, bytes);
  }
  const gzip = new Uint8Array(
    await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream)).arrayBuffer(),
  );
  const body = gzipBody(gzip);
  const trailer = new DataView(gzip.buffer, gzip.byteOffset + gzip.length - 8, 8);
  if (!body || trailer.getUint32(4, true) !== bytes.length >>> 0) return deflatedEntry(name, bytes);
  return { name, data: body, method: 8, size: bytes.length, crc: trailer.getUint32(0, true) };
}

/** The raw deflate inside one gzip member: after its header (with any optional fields), before its 8-byte trailer. */
function gzipBody(gzip: Uint8Array): Uint8Array | null {
  if (gzip.length < 18 || gzip[0] !== 0x1f || gzip[1] !== 0x8b || gzip[2] !== 8) return null;
  const flags = gzip[3];
  let at = 10;
  if (flags & 4) at += 2 + (gzip[at] | (gzip[at + 1] << 8)); // FEXTRA
  for (const bit of [8, 16]) if (flags & bit) at = gzip.indexOf(0, at) + 1; // FNAME, FCOMMENT
  if (flags & 2) at += 2; // FHCRC
  return at > 0 && at <= gzip.length - 8 ? gzip.subarray(at, gzip.length - 8) : null;
}

export function deflatedEntry(name: string, bytes: Uint8Array): ZipEntry {
  return {
    name,
    data: pako.deflateRaw(bytes, { level: 3 }),
    method: 8,
    size: bytes.length,
    crc: crc32(bytes),
  };
}

/**
 * The entries of a pizzip archive as the writer takes them. A part pizzip still holds as it read it
 * keeps its compressed bytes and CRC; a part set since is deflated here; a part in `replaced` is
 * written as given there, in the archive's order, and one the archive lacks is added at its end.
 */
export function entriesOf(
  zip: PizZip,
  replaced: ReadonlyMap<string, ZipEntry> = new Map(),
): ZipEntry[] {
  const entries: ZipEntry[] = [];
  for (const [name, file] of Object.entries(zip.files)) {
    const replacement = replaced.get(name);
    if (replacement) {
      entries.push({ date: file.date, ...replacement });
      continue;
    }
    if (file.dir) {
      entries.push({
        name: name.endsWith('/') ? name : `${name}/`,
        data: new Uint8Array(0),
        method: 0,
        size: 0,
        crc: 0,
        date: file.date,
      });
      continue;
    }
    const stored = storedPart(file);
    if (stored) {
      entries.push({ name, ...stored, date: file.date });
      continue;
    }
    // A part set as text (the merge's .rels and [Content_Types].xml: 30 MB at 50,000 letterhead
    // rows) is encoded natively rather than by pizzip's own UTF-8 loop.
    const text = textSetSince(file);
    const bytes = text !== null ? new TextEncoder().encode(text) : file.asUint8Array();
    entries.push({ ...deflatedEntry(name, bytes), date: file.date });
  }
  for (const [name, entry] of replaced) if (!Object.hasOwn(zip.files, name)) entries.push(entry);
  return entries;
}
