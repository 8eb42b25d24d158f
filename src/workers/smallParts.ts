// A merged letterhead document adds a header, footer and .rels copy per section: tens of
// thousands of parts of 0.3–3 kB. pizzip deflates each with zlib's default 32 kB window and
// 128 kB hash tables, allocated and cleared per part, which costs far more than the deflating
// itself (≈0.4 ms a part, more than rendering the row). Parts added with SMALL_PART_OPTIONS are
// deflated with a 4 kB window and small tables instead: the same compressed size for parts this
// small, about 5× faster. It is ordinary deflate (method 8), so every zip reader opens it.
import PizZip from 'pizzip';
import pako from 'pako/dist/pako.es5.min.js';

interface Compression {
  magic: string;
  compressInputType: string;
  uncompressInputType: string;
  compress(input: Uint8Array, options: unknown): Uint8Array;
  uncompress(input: Uint8Array): Uint8Array;
}

const NAME = 'DEFLATE_SMALL_PART';
// PizZip.compressions is the registry pizzip's generate() looks compression names up in.
const compressions = (PizZip as unknown as { compressions?: Record<string, Compression> }).compressions;
if (compressions) compressions[NAME] ??= {
  magic: '\x08\x00',
  compressInputType: 'uint8array',
  uncompressInputType: 'uint8array',
  compress: (input) => pako.deflateRaw(input, { level: 6, windowBits: 12, memLevel: 3, chunkSize: 4096 }),
  uncompress: (input) => pako.inflateRaw(input),
};

/** zip.file(path, data, SMALL_PART_OPTIONS) for parts of a few kB. */
export const SMALL_PART_OPTIONS = (compressions ? { compression: NAME } : {}) as unknown as PizZip.FileOptions;

/**
 * A part written unchanged into many copies (a header's .rels for each section), deflated once:
 * pizzip stores an entry read from a zip as its compressed bytes and writes those bytes again
 * without inflating or deflating them. Returns what zip.file(path, data) takes.
 */
export function deflatedOnce(bytes: Uint8Array): PizZip.Data {
  const single = new PizZip();
  single.file('part', bytes, SMALL_PART_OPTIONS);
  const read = new PizZip(single.generate({ type: 'uint8array' }));
  const compressed = (read.files.part as unknown as { _data?: PizZip.Data })._data;
  // Should pizzip ever keep entries otherwise, the plain bytes still make a correct copy.
  return compressed !== undefined && typeof compressed === 'object' && !(compressed instanceof Uint8Array) ? compressed : bytes;
}
