// A merged PDF larger than one stored chunk (src/server/delivery/fileChunks.ts): a page a row,
// holding the row's key and customer, and off the page `noise` characters of random hex text
// (compressed about in half), so that its content streams lie across the chunks' boundaries. A
// classic cross-reference table (no object streams): the lazy reader reads it, not pdf-lib's
// whole parse.
import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';

export async function bigMergedPdf(
  rows: readonly { key: string; customer: string }[],
  noise = 100_000,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const row of rows) {
    const page = doc.addPage([300, 200]);
    page.drawText(`Invoice ${row.key}`, { x: 20, y: 150, size: 14, font });
    page.drawText(`Customer ${row.customer}`, { x: 20, y: 120, size: 12, font });
    const hex = randomBytes(noise / 2).toString('hex');
    const lines = hex.match(/.{1,100}/g)!.join('\n');
    page.drawText(lines, { x: -5000, y: -5000, size: 2, font, lineHeight: 2 });
  }
  return doc.save({ useObjectStreams: false });
}

/** Whether an object of `bytes` starts before `at` and ends after it. */
export function objectSpans(bytes: Uint8Array, at: number): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = text.lastIndexOf(' obj', at);
  return start >= 0 && text.indexOf('endobj', start) > at;
}
