// A LibreOffice-like merged PDF: a page per row drawing its own 1×1 image (its grey value tells
// the rows apart), and one resource dictionary holding every row's image shared by all pages, each
// row's first page marked in the outline as the merge marks it. Used by the split's and the
// delivery cut's tests (src/domain/pdf/pageResources.ts).
import { PDFDocument, PDFHexString, PDFName, PDFRawStream } from '@cantoo/pdf-lib';

/** A LibreOffice-like PDF: a page per row drawing its own image, one resource dict for all. */
export async function sharedResourcesPdf(rows: number): Promise<ArrayBuffer> {
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

/** The images (XObjects of subtype Image) a PDF holds, as their one pixel's value. */
export function imagePixels(doc: PDFDocument): number[] {
  return doc.context
    .enumerateIndirectObjects()
    .map(([, object]) => object)
    .filter(
      (object): object is PDFRawStream =>
        object instanceof PDFRawStream &&
        object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    )
    .map((image) => image.contents[0]);
}
