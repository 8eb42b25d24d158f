// LibreOffice writes one resource dictionary for every page of a document: all the run's images
// and fonts. Each row's PDF of the split holds only what its own pages draw (src/workers/merge/
// pageResources.ts): one image, not every row's. Counted in objects, the split's work per row no
// longer grows with the rows (before: 300 rows → 300 images in each row's PDF, 90,000 copied).
import { PDFDocument, PDFHexString, PDFName, PDFRawStream } from '@cantoo/pdf-lib';
import PizZip from 'pizzip';
import { expect, test } from 'vitest';
import { splitPdfPerSection } from '../../../../src/workers/merge/splitPdf';

const ROWS = 300;

/** A LibreOffice-like PDF: a page per row drawing its own image, one resource dict for all. */
async function sharedResourcesPdf(rows: number): Promise<ArrayBuffer> {
  const doc = await PDFDocument.create();
  const { context } = doc;
  const images = context.obj({});
  const resources = context.register(context.obj({ XObject: images }));
  const pages = Array.from({ length: rows }, (_, i) => {
    // A 1×1 grey pixel whose value tells the rows apart.
    const image = context.stream(Uint8Array.of(i % 256), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 1,
      Height: 1,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
    });
    images.set(PDFName.of(`Im${i}`), context.register(image));
    const page = doc.addPage([200, 200]);
    page.node.set(PDFName.of('Resources'), resources);
    page.node.set(
      PDFName.of('Contents'),
      context.register(context.stream(`q 50 0 0 50 10 10 cm /Im${i} Do Q`)),
    );
    return page;
  });
  // Each row's first page marked as the merge marks it: a top-level outline entry of U+200B.
  const items = pages.map(() => context.nextRef());
  const outlines = context.register(
    context.obj({ Type: 'Outlines', First: items[0], Last: items.at(-1)!, Count: rows }),
  );
  pages.forEach((page, i) => {
    const item = context.obj({
      Title: PDFHexString.fromText('\u200B'),
      Parent: outlines,
      Dest: [page.ref, 'XYZ', null, null, null],
    });
    if (i > 0) item.set(PDFName.of('Prev'), items[i - 1]);
    if (i + 1 < rows) item.set(PDFName.of('Next'), items[i + 1]);
    context.assign(items[i], item);
  });
  doc.catalog.set(PDFName.of('Outlines'), outlines);
  const bytes = await doc.save({ useObjectStreams: false });
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

test('each row’s PDF holds only its own image, however many rows share the resources', async () => {
  const names = Array.from({ length: ROWS }, (_, i) => `row${i}.pdf`);
  const split = await splitPdfPerSection({ pdf: await sharedResourcesPdf(ROWS), names });
  const zip = new PizZip(split.bytes);
  const imagesPerRow: number[] = [];
  const pixels: number[] = [];
  for (const name of names) {
    const part = await PDFDocument.load(zip.file(name)!.asUint8Array());
    const images = part.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object): object is PDFRawStream =>
          object instanceof PDFRawStream &&
          object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
      );
    imagesPerRow.push(images.length);
    pixels.push(...images.map((image) => image.contents[0]));
    expect(part.getPageCount()).toBe(1);
  }
  expect(imagesPerRow).toEqual(names.map(() => 1));
  // Each row's own image, not another's.
  expect(pixels).toEqual(names.map((_, i) => i % 256));
}, 120_000);
