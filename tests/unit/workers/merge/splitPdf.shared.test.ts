// LibreOffice writes one resource dictionary for every page of a document: all the run's images
// and fonts. Each row's PDF of the split holds only what its own pages draw (src/workers/merge/
// pageResources.ts): one image, not every row's. Counted in objects, the split's work per row no
// longer grows with the rows (before: 300 rows → 300 images in each row's PDF, 90,000 copied).
import { PDFDocument } from '@cantoo/pdf-lib';
import PizZip from 'pizzip';
import { expect, test } from 'vitest';
import { splitPdfPerSection } from '../../../../src/workers/merge/splitPdf';
import { imagePixels, sharedResourcesPdf } from '../../../support/sharedResourcesPdf';

const ROWS = 300;

test('each row’s PDF holds only its own image, however many rows share the resources', async () => {
  const names = Array.from({ length: ROWS }, (_, i) => `row${i}.pdf`);
  const split = await splitPdfPerSection({ pdf: await sharedResourcesPdf(ROWS), names });
  const zip = new PizZip(split.bytes);
  const pixels: number[][] = [];
  for (const name of names) {
    const part = await PDFDocument.load(zip.file(name)!.asUint8Array());
    expect(part.getPageCount()).toBe(1);
    pixels.push(imagePixels(part));
  }
  // One image in each row's PDF, and it is the row's own.
  expect(pixels).toEqual(names.map((_, i) => [i % 256]));
}, 120_000);
