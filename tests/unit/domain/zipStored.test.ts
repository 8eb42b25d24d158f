// The server reads the e-mails' documents from one zip of stored files (src/domain/zip/stored.ts,
// docs/delivery.md): every file by name with exactly its bytes, through the central directory;
// a compressed entry or a cut archive is refused.
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { crc32 } from '../../../src/domain/zip/crc32';
import { NOT_STORED_ZIP, storedZipEntries } from '../../../src/domain/zip/stored';
import { deflatedEntry, writeZip, type ZipEntry } from '../../../src/workers/package';

const stored = (name: string, data: Uint8Array): ZipEntry => ({
  name,
  data,
  method: 0,
  size: data.length,
  crc: crc32(data),
});

test('every stored file comes back by name with exactly its bytes', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 8 }),
      fc.array(fc.uint8Array({ maxLength: 300 }), { minLength: 8, maxLength: 8 }),
      (names, contents) => {
        const entries = names.map((name, i) => stored(`${name}.docx`, contents[i]));
        const zip = writeZip(entries);
        const read = storedZipEntries(zip);
        expect(read.map((e) => e.name)).toEqual(entries.map((e) => e.name));
        read.forEach((e, i) => expect(zip.subarray(e.start, e.end)).toEqual(contents[i]));
      },
    ),
  );
});

test('a compressed entry, a cut archive or no archive is refused', () => {
  const text = new TextEncoder().encode('Tagihan INV-1 '.repeat(50));
  const compressed = writeZip([stored('a.docx', text), deflatedEntry('b.docx', text)]);
  expect(() => storedZipEntries(compressed)).toThrow(NOT_STORED_ZIP);
  const whole = writeZip([stored('a.docx', text), stored('b.docx', text)]);
  expect(storedZipEntries(whole)).toHaveLength(2);
  expect(() => storedZipEntries(whole.subarray(0, whole.length - 30))).toThrow(NOT_STORED_ZIP);
  expect(() => storedZipEntries(text)).toThrow(NOT_STORED_ZIP);
  expect(() => storedZipEntries(writeZip([]))).toThrow(NOT_STORED_ZIP);
});
