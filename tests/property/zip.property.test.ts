// The one zip module (src/domain/zip): its CRC-32 is the zip CRC for any bytes, and continues
// across any split point (crcAppending); what the package stage writes, the one reader reads back
// with every name, size and CRC, past 65,535 entries (ZIP64) too.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { crc32, crcAppending } from '../../src/domain/zip/crc32';
import {
  centralDirectory,
  centralRecords,
  entryDataStart,
  zip64Directory,
} from '../../src/domain/zip/read';
import {
  deflateSmall,
  EntryBlock,
  sealingEntryBlock,
  writeZip,
  zipBlob,
  type ZipEntry,
} from '../../src/workers/package';

/** The reference: the zip CRC a byte at a time from its one 256-entry table (APPNOTE 4.4.7). */
const TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function referenceCrc(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const bytes = fc.uint8Array({ maxLength: 300 });

describe('CRC-32', () => {
  test('is the zip CRC of any bytes', () => {
    fc.assert(
      fc.property(bytes, (data) => {
        expect(crc32(data)).toBe(referenceCrc(data));
      }),
    );
  });

  test('continues over any split point, read or folded in (crcAppending)', () => {
    fc.assert(
      fc.property(bytes, fc.nat(), (data, cut) => {
        const at = data.length === 0 ? 0 : cut % (data.length + 1);
        const head = data.subarray(0, at);
        const tail = data.subarray(at);
        expect(crc32(tail, crc32(head))).toBe(referenceCrc(data));
        expect(crcAppending(tail)(crc32(head))).toBe(referenceCrc(data));
      }),
    );
  });
});

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Every entry as the one reader reads it: name, sizes, CRC and the bytes it stores. */
function readBack(zip: Uint8Array) {
  const classic = centralDirectory(zip);
  if (!classic) throw new Error('no end record');
  const directory = classic.zip64 ? zip64Directory(zip, classic) : classic;
  if (!directory) throw new Error('no ZIP64 record');
  const { records, complete } = centralRecords(zip, directory.start, directory.count);
  expect(complete).toBe(true);
  return records.map((record) => {
    const start = entryDataStart(zip, record.local);
    return { ...record, data: zip.subarray(start, start + record.compressedSize) };
  });
}

const entryOf = (name: string, text: string, deflate: boolean): ZipEntry => {
  const data = encoder.encode(text);
  return deflate
    ? { name, method: 8, ...deflateSmall(data) }
    : { name, method: 0, data, size: data.length, crc: crc32(data) };
};

describe('what the package stage writes, the one reader reads back', () => {
  test('names (UTF-8 too), sizes and CRCs of entries and of entries written in place', () => {
    const name = fc.stringMatching(/^[a-zA-Z0-9é_ /.-]{1,20}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(name, fc.string(), fc.boolean()), {
          maxLength: 8,
          selector: ([n]) => n,
        }),
        fc.array(fc.tuple(fc.string(), fc.string()), { maxLength: 4 }),
        (own, placed) => {
          const block = new EntryBlock(new Date(2024, 0, 2));
          placed.forEach(([, text], i) => {
            const part = deflateSmall(encoder.encode(text));
            block.addDeflated(`word/copy${i}.xml`, part);
          });
          const entries = own.map(([n, text, deflate]) => entryOf(n, text, deflate));
          const read = readBack(writeZip(entries, new Date(2024, 0, 2), block));
          const written = [
            ...entries.map((e) => [e.name, e.size, e.crc, e.data.length]),
            ...placed.map(([, text], i) => {
              const data = encoder.encode(text);
              const part = deflateSmall(data);
              return [`word/copy${i}.xml`, data.length, crc32(data), part.data.length];
            }),
          ];
          expect(read.map((r) => [r.name, r.size, r.crc, r.compressedSize])).toEqual(written);
          entries.forEach((e, i) => expect(read[i].data).toEqual(e.data));
        },
      ),
      { numRuns: 50 },
    );
  });

  test('past 65,535 entries, through the ZIP64 record', () => {
    const entries = Array.from({ length: 66_000 }, (_, i) => entryOf(`p/${i}.txt`, `${i}`, false));
    const zip = writeZip(entries);
    expect(centralDirectory(zip)?.zip64).toBe(true);
    const read = readBack(zip);
    expect(read).toHaveLength(66_000);
    expect(read[65_999].name).toBe('p/65999.txt');
    expect(decoder.decode(read[65_999].data)).toBe('65999');
    expect(read.every((r, i) => r.crc === entries[i].crc && r.size === entries[i].size)).toBe(true);
  });
});

describe('the zip written into a Blob (zipBlob)', () => {
  const blobBytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
  /** Byte for byte (toEqual walks megabytes an element at a time). */
  const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(a, b) === 0;
  /** An entry of `length` bytes that differ from one entry to the next. */
  const sized = (name: string, length: number, seed: number): ZipEntry => {
    const data = Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);
    return { name, method: 0, data, size: length, crc: crc32(data) };
  };

  test('holds the bytes writeZip writes, whatever the sizes of its entries', async () => {
    const now = new Date(2024, 0, 2);
    await fc.assert(
      fc.asyncProperty(
        // Lengths around the buffer's 4 MB and the 256 kB from which an entry is a part of its own.
        fc.array(fc.oneof(fc.nat(600), fc.integer({ min: 200_000, max: 300_000 })), {
          maxLength: 12,
        }),
        fc.array(fc.string(), { maxLength: 3 }),
        async (lengths, placed) => {
          const block = new EntryBlock(now);
          placed.forEach((text, i) =>
            block.addDeflated(`word/copy${i}.xml`, deflateSmall(encoder.encode(text))),
          );
          const entries = lengths.map((length, i) => sized(`word/media/p${i}.png`, length, i));
          const blob = zipBlob(entries, 'application/zip', now, block);
          expect(blob.type).toBe('application/zip');
          expect(same(await blobBytes(blob), writeZip(entries, now, block))).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  test('over several of its reused buffers, with a block of header copies', async () => {
    const now = new Date(2024, 0, 2);
    // 9 MB of entries of 3.6 kB (10,000 QR codes' shape), each header written in a reused buffer.
    const entries = Array.from({ length: 2_500 }, (_, i) => sized(`m/${i}.png`, 3_600, i));
    const block = new EntryBlock(now);
    for (let i = 0; i < 2_000; i++)
      block.addDeflated(`word/header${i}.xml`, deflateSmall(encoder.encode(`<w:hdr>${i}</w:hdr>`)));
    const written = await blobBytes(zipBlob(entries, 'application/zip', now, block));
    expect(same(written, writeZip(entries, now, block))).toBe(true);
    expect(readBack(written)).toHaveLength(4_500);
  });

  test('with a block that becomes Blobs as it fills (sealingEntryBlock), the same bytes', async () => {
    const now = new Date(2024, 0, 2);
    const kept = new EntryBlock(now);
    const sealing = sealingEntryBlock(now);
    // 11 MB: the block's 4 MB chunk handed over twice and written over; one entry larger than it.
    const sizes = [...Array.from({ length: 3_000 }, () => 3_600), 5 << 20, 700];
    sizes.forEach((length, i) => {
      const { data, size, crc } = sized('', length, i);
      for (const block of [kept, sealing])
        block.add(
          `word/media/p${i}.png`,
          length,
          (out, at) => (out.set(data, at), { size, crc }),
          0,
        );
    });
    expect(sealing.local.sealed.length).toBeGreaterThan(1);
    const entries = [sized('[Content_Types].xml', 300, 0)];
    const written = await blobBytes(zipBlob(entries, 'application/zip', now, sealing));
    expect(same(written, writeZip(entries, now, kept))).toBe(true);
    expect(readBack(written)).toHaveLength(sizes.length + 1);
  });
});
