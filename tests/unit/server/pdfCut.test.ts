// A recipient's pages cut out of the merged PDF by its objects' bytes (src/server/delivery/pdfCut.ts,
// src/domain/pdf/pageCut.ts):
// poppler reads each cut without a complaint, it holds exactly its rows' text, what a page
// inherited from the page tree comes with it, and a link to another row's page brings no part
// of that page.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as lib from '@cantoo/pdf-lib';
import { describe, expect, test } from 'vitest';
import { documentSource, pageCutter, type PageCutter } from '../../../src/domain/pdf/pageCut';
import { lazySource } from '../../../src/server/delivery/pdfCut';
import { openLazyPdf } from '../../../src/server/pdf/lazyPdf';
import { imagePixels, sharedResourcesPdf } from '../../support/sharedResourcesPdf';

const { PDFDocument, PDFName, StandardFonts } = lib;
const run = promisify(execFile);

/** pdfinfo's page count and size, pdftotext's text, and whatever either said on stderr. */
async function poppler(pdf: Uint8Array) {
  const dir = await mkdtemp(path.join(tmpdir(), 'di-pdf-cut-'));
  try {
    const file = path.join(dir, 'cut.pdf');
    await writeFile(file, pdf);
    const info = await run('pdfinfo', [file]);
    const text = await run('pdftotext', ['-layout', file, '-']);
    return {
      pages: Number(/^Pages:\s+(\d+)/m.exec(info.stdout)?.[1]),
      size: /^Page size:\s+(\S+ x \S+)/m.exec(info.stdout)?.[1],
      text: text.stdout,
      complaints: info.stderr + text.stderr,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The cutter of `bytes` over the lazy reader, or over pdf-lib's whole parse (the fallback). */
async function cutterOf(bytes: Uint8Array | ArrayBuffer, way: Way): Promise<PageCutter> {
  const pdf = new Uint8Array(bytes);
  return way === 'lazy'
    ? pageCutter(lib, lazySource(lib, openLazyPdf(lib, pdf)))
    : pageCutter(lib, documentSource(lib, await PDFDocument.load(pdf, { updateMetadata: false })));
}
type Way = 'lazy' | 'whole';

/** Four one-page rows; page 1 inherits its size and resources, and links to page 4. */
async function merged(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 4; i++) {
    const page = doc.addPage([300, 200]);
    page.drawText(`Invoice INV-${i}`, { x: 20, y: 150, size: 14, font });
    page.drawText(`Customer c${i}@example.com`, { x: 20, y: 120, size: 12, font });
  }
  const [first, , , last] = doc.getPages();
  const tree = first.node.Parent()!;
  for (const key of ['MediaBox', 'Resources'].map((k) => PDFName.of(k))) {
    tree.set(key, first.node.get(key)!);
    first.node.delete(key);
  }
  const link = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Link',
    Rect: [20, 110, 200, 170],
    Dest: [last.ref, 'Fit'],
  });
  first.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link)]));
  return doc.save({ useObjectStreams: false });
}

describe.each(['lazy', 'whole'] as const)('pageCutter (%s)', (way) => {
  test('each row alone, readable without a complaint, its inherited size and font with it', async () => {
    const cutter = await cutterOf(await merged(), way);
    expect(cutter.pageCount).toBe(4);
    for (let i = 1; i <= 4; i++) {
      const read = await poppler(cutter.cut(i, i));
      expect(read.complaints).toBe('');
      expect(read.pages).toBe(1);
      expect(read.size).toBe('300 x 200');
      expect(read.text).toContain(`Invoice INV-${i}`);
      expect(read.text).toContain(`Customer c${i}@example.com`);
      for (let other = 1; other <= 4; other++)
        if (other !== i) expect(read.text).not.toContain(`INV-${other}`);
    }
  });

  test("a link to another row's page leaves that page out", async () => {
    const cut = (await cutterOf(await merged(), way)).cut(1, 1);
    const again = await PDFDocument.load(cut);
    expect(again.getPageCount()).toBe(1);
    const pages = again.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof lib.PDFDict && o.get(PDFName.of('Type')) === PDFName.Page);
    expect(pages).toHaveLength(1);
  });

  test('a range of pages in order', async () => {
    const read = await poppler((await cutterOf(await merged(), way)).cut(2, 3));
    expect(read.complaints).toBe('');
    expect(read.pages).toBe(2);
    expect(read.text.indexOf('INV-2')).toBeLessThan(read.text.indexOf('INV-3'));
    expect(read.text).not.toMatch(/INV-[14]/);
  });
});

test.each(['lazy', 'whole'] as const)(
  'a recipient’s cut holds only its own image when all pages share one resource dictionary (%s)',
  async (way) => {
    const rows = 300;
    const cutter = await cutterOf(await sharedResourcesPdf(rows), way);
    const pixels = [];
    for (let i = 1; i <= rows; i++)
      pixels.push(imagePixels(await PDFDocument.load(cutter.cut(i, i))));
    expect(pixels).toEqual(Array.from({ length: rows }, (_, i) => [i % 256]));
  },
);
