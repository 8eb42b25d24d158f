// A merged PDF larger than one stored chunk (src/server/delivery/fileChunks.ts): a page a row,
// holding the row's key and customer, and off the page `noise` characters of random hex text
// (compressed about in half), so that its content streams lie across the chunks' boundaries. A
// classic cross-reference table (no object streams): the lazy reader reads it, not pdf-lib's
// whole parse.
import { mergedPdf } from './deliveryJob';

export function bigMergedPdf(
  rows: readonly { key: string; customer: string }[],
  noise = 100_000,
): Promise<Uint8Array> {
  return mergedPdf(rows, { noise });
}

/** Whether an object of `bytes` starts before `at` and ends after it. */
export function objectSpans(bytes: Uint8Array, at: number): boolean {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = text.lastIndexOf(' obj', at);
  return start >= 0 && text.indexOf('endobj', start) > at;
}
