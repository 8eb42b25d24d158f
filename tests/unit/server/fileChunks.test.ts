// The merged PDF read by range (docs/delivery.md, "Memory"; src/server/delivery/fileChunks.ts):
// through chunks loaded when a read misses them (4 KB here, at most 2 kept between cuts), every
// page's cut is byte for byte the cut from the whole Buffer, reads across chunk boundaries are the
// file's bytes, and the whole file is never assembled; the uploaded file read by fd is counted
// lazily, and a PDF the lazy reader refuses (object streams) still counted by pdf-lib's whole parse.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as lib from '@cantoo/pdf-lib';
import { describe, expect, test } from 'vitest';
import { ChunkSource, fileOnDisk, type PdfFile } from '../../../src/server/delivery/fileChunks';
import { openCutter, pdfPageCount } from '../../../src/server/delivery/pdfCut';
import { bigMergedPdf, objectSpans } from '../../support/bigMergedPdf';

/** `bytes` as stored chunks of `size` bytes, loaded from memory, counting whole-file reads. */
function chunked(bytes: Uint8Array, size: number, keep: number) {
  const starts: number[] = [];
  for (let at = 0; at < bytes.length; at += size) starts.push(at);
  const source = new ChunkSource(
    async (seqs) =>
      seqs.map((seq) => ({ seq, bytes: bytes.slice(starts[seq], starts[seq] + size) })),
    bytes.length,
    starts,
    keep,
  );
  const counted = { whole: 0 };
  const file: PdfFile = {
    source,
    whole: async () => {
      counted.whole++;
      return bytes;
    },
  };
  return { source, file, counted };
}

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ key: `K-${i + 1}`, customer: `Pelanggan ${i + 1}` }));

describe('a merged PDF read through chunks', () => {
  test('every page cut from 4 KB chunks is the cut from the whole Buffer, 2 chunks kept', async () => {
    const pdf = await bigMergedPdf(rows(8), 6_000);
    const { source, file, counted } = chunked(pdf, 4096, 2);
    let spanning = 0;
    for (let at = 4096; at < pdf.length; at += 4096) if (objectSpans(pdf, at)) spanning++;
    expect(spanning).toBeGreaterThan(3);

    const whole = await openCutter(lib, pdf);
    const merged = await openCutter(lib, file);
    expect(merged.pageCount).toBe(8);
    expect(source.inMemory).toBeLessThanOrEqual(2);
    for (let page = 1; page <= 8; page++) {
      expect(Buffer.compare(await merged.cut(page, page), await whole.cut(page, page))).toBe(0);
      expect(source.inMemory).toBeLessThanOrEqual(2);
    }
    expect(Buffer.compare(await merged.cut(2, 7), await whole.cut(2, 7))).toBe(0);
    expect(counted.whole).toBe(0);
    expect(source.loads).toBeLessThan(4 * Math.ceil(pdf.length / 4096));
  });

  test('cuts made at once, each waiting for its chunks, are the same', async () => {
    const pdf = await bigMergedPdf(rows(6), 6_000);
    const { file } = chunked(pdf, 4096, 1);
    const whole = await openCutter(lib, pdf);
    const merged = await openCutter(lib, file);
    const cuts = await Promise.all([6, 1, 4, 2, 5, 3].map((p) => merged.cut(p, p)));
    for (const [i, p] of [6, 1, 4, 2, 5, 3].entries())
      expect(Buffer.compare(cuts[i], await whole.cut(p, p))).toBe(0);
  });

  test('a read across chunk boundaries is the file’s bytes', async () => {
    const pdf = await bigMergedPdf(rows(2), 4_000);
    const { source } = chunked(pdf, 1000, 3);
    const read = async (start: number, end: number): Promise<Uint8Array> => {
      for (;;)
        try {
          return source.read(start, end);
        } catch (error) {
          await (error as { load: () => Promise<void> }).load();
        }
    };
    for (const [start, end] of [
      [0, 10],
      [990, 1010],
      [999, 2001],
      [500, 3500],
      [pdf.length - 5, pdf.length + 100],
    ])
      expect(Buffer.from(await read(start, end))).toEqual(
        Buffer.from(pdf.subarray(start, Math.min(end, pdf.length))),
      );
  });

  test('the uploaded file counted by fd reads; object streams counted by the whole parse', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chunks-'));
    const classic = path.join(dir, 'classic.pdf');
    writeFileSync(classic, await bigMergedPdf(rows(5), 2_000));
    const doc = await lib.PDFDocument.create();
    for (let i = 0; i < 3; i++) doc.addPage([300, 200]);
    const streams = path.join(dir, 'streams.pdf');
    writeFileSync(streams, await doc.save({ useObjectStreams: true }));

    for (const [file, pages, wholeReads] of [
      [classic, 5, 0],
      [streams, 3, 1],
    ] as const) {
      const onDisk = fileOnDisk(file);
      let reads = 0;
      try {
        const counted = await pdfPageCount(lib, {
          source: onDisk.source,
          whole: () => (reads++, onDisk.whole()),
        });
        expect(counted).toBe(pages);
        expect(reads).toBe(wholeReads);
      } finally {
        onDisk.close();
      }
    }
  });
});
