// One file per row is written by SharedZip (src/workers/package/sharedZip.ts): each row's .docx is
// the template's unchanged entries copied as one run plus the row's own entries, stored in the
// outer zip under a CRC-32 it folds together rather than reads. What it writes must be the zip a
// reader checks: every file's bytes match the CRC recorded for it, whatever mix of deflated and
// stored own entries (pictures) a row has.
import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import PizZip from 'pizzip';
import { expect, test } from 'vitest';
import { crc32 } from '../../../../src/domain/zip/crc32';
import { centralDirectory, centralRecords, entryDataStart } from '../../../../src/domain/zip/read';
import { SharedZip } from '../../../../src/workers/package/sharedZip';
import { deflateSmall } from '../../../../src/workers/package/smallParts';
import type { ZipEntry } from '../../../../src/workers/package/zipWriter';

const encoder = new TextEncoder();

const deflated = (name: string, text: string): ZipEntry => ({
  name,
  method: 8,
  ...deflateSmall(encoder.encode(text)),
});
const stored = (name: string, bytes: Uint8Array): ZipEntry => ({
  name,
  data: bytes,
  method: 0,
  size: bytes.length,
  crc: crc32(bytes),
});

const base: ZipEntry[] = [
  deflated('[Content_Types].xml', '<Types>'.repeat(40)),
  deflated('word/document.xml', '<w:document/>'),
  deflated('word/styles.xml', '<w:styles/>'.repeat(30)),
];

test('each row’s file reads back whole under the CRC-32 recorded for it', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(
        fc.record({
          text: fc.string({ maxLength: 300 }),
          // Pictures of any length up to 5,000 bytes (fast-check keeps arrays short unless told).
          pictures: fc.array(
            fc
              .integer({ min: 1, max: 5000 })
              .chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
            { maxLength: 3 },
          ),
        }),
        { minLength: 1, maxLength: 6 },
      ),
      async (rows) => {
        const zip = new SharedZip(base, new Date(2026, 10, 28));
        rows.forEach((row, r) => {
          const entries = base.slice();
          entries[1] = deflated('word/document.xml', `<w:document>${row.text}</w:document>`);
          row.pictures.forEach((bytes, p) => entries.push(stored(`word/media/qr${p}.png`, bytes)));
          zip.add(`row${r}.docx`, entries);
        });
        const bytes = new Uint8Array(await zip.finish('application/zip').arrayBuffer());
        // Every file's bytes against the CRC-32 its central record gives, by zlib's own CRC.
        const end = centralDirectory(bytes)!;
        const { records } = centralRecords(bytes, end.start, end.count);
        expect(records.map((record) => record.name)).toEqual(rows.map((_, r) => `row${r}.docx`));
        for (const record of records) {
          const at = entryDataStart(bytes, record.local);
          expect(zlibCrc32(bytes.subarray(at, at + record.size)) >>> 0).toBe(record.crc >>> 0);
        }
        const outer = new PizZip(bytes);
        rows.forEach((row, r) => {
          const inner = new PizZip(outer.file(`row${r}.docx`)!.asUint8Array());
          expect(inner.file('word/document.xml')!.asText()).toBe(
            `<w:document>${row.text}</w:document>`,
          );
          row.pictures.forEach((bytes, p) =>
            expect(inner.file(`word/media/qr${p}.png`)!.asUint8Array()).toEqual(bytes),
          );
        });
      },
    ),
    { numRuns: 60 },
  );
});
