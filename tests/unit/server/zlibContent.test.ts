// A recipient's cut reads its page's content streams with zlib instead of pdf-lib's inflate
// (src/server/delivery/zlibContent.ts): the same bytes for every stream LibreOffice writes, the
// same cuts, and every stream of another shape left to pdf-lib.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import * as lib from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pageCutter } from '../../../src/domain/pdf/pageCut';
import { lazySource, openCutter } from '../../../src/server/delivery/pdfCut';
import { zlibContent } from '../../../src/server/delivery/zlibContent';
import { openLazyPdf } from '../../../src/server/pdf/lazyPdf';
import { sofficeToPdf } from '../../support/pdfTools';

const { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } = lib;
const decode = zlibContent(lib);

let dir: string;
let office: Uint8Array;

beforeAll(async () => {
  // A LibreOffice PDF of several pages: its content streams as the converter writes them.
  dir = await mkdtemp(path.join(tmpdir(), 'di-zlib-content-'));
  const lines = Array.from({ length: 150 }, (_, i) => `Invoice INV-${i} for c${i}@example.com`);
  await writeFile(path.join(dir, 'rows.txt'), lines.join('\n'));
  sofficeToPdf(dir, [path.join(dir, 'rows.txt')]);
  office = new Uint8Array(await readFile(path.join(dir, 'rows.pdf')));
}, 120_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('zlibContent', () => {
  test('inflates every content stream of a LibreOffice PDF to the bytes pdf-lib reads', async () => {
    const doc = await PDFDocument.load(office);
    const streams = doc.getPages().map((page) => page.node.Contents());
    expect(streams.length).toBeGreaterThan(1);
    for (const stream of streams) {
      expect(stream).toBeInstanceOf(PDFRawStream);
      const ours = decode(stream!);
      expect(ours).toBeDefined();
      expect(Buffer.from(ours!)).toEqual(
        Buffer.from(decodePDFRawStream(stream as lib.PDFRawStream).decode()),
      );
    }
  });

  test('cuts every page of that PDF to the same bytes as without it', async () => {
    const withZlib = await openCutter(lib, office);
    const without = pageCutter(lib, lazySource(lib, openLazyPdf(lib, office)));
    expect(withZlib.pageCount).toBeGreaterThan(1);
    for (let page = 1; page <= withZlib.pageCount; page++)
      expect(Buffer.compare(await withZlib.cut(page, page), without.cut(page, page))).toBe(0);
  });

  test('leaves to pdf-lib a stream it cannot read the same way', async () => {
    const doc = await PDFDocument.create();
    const text = new TextEncoder().encode('BT /F1 12 Tf (hi) Tj ET');
    const stream = (contents: Uint8Array, dict: Record<string, unknown>) =>
      doc.context.stream(contents, dict as never) as unknown as lib.PDFRawStream;
    const flate = deflateSync(text);
    expect(Buffer.from(decode(stream(flate, { Filter: 'FlateDecode' }))!)).toEqual(
      Buffer.from(text),
    );
    expect(decode(stream(flate, { Filter: ['FlateDecode'] }))).toBeDefined();
    // Parameters (a predictor), a second filter, no filter, or bytes zlib refuses: pdf-lib's.
    expect(
      decode(stream(flate, { Filter: 'FlateDecode', DecodeParms: { Predictor: 12 } })),
    ).toBeUndefined();
    expect(decode(stream(flate, { Filter: ['ASCIIHexDecode', 'FlateDecode'] }))).toBeUndefined();
    expect(decode(stream(text, {}))).toBeUndefined();
    expect(decode(stream(text, { Filter: 'FlateDecode' }))).toBeUndefined();
    expect(decode(doc.context.obj({ Filter: PDFName.of('FlateDecode') }))).toBeUndefined();
  });
});
