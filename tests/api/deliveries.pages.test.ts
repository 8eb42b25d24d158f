// The hand-over counts the merged PDF's pages with the lazy reader (src/server/pdf/lazyPdf.ts,
// docs/delivery.md "Memory") and with pdf-lib's whole parse when the reader refuses the file: a
// PDF with a classic cross-reference table and one with object streams are both counted (a row
// beyond their pages refused with the count, rows within them queued), and a file neither reads
// is still 422 notPdf.
import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { describe, expect, test } from 'vitest';
import { jobForm, rowsFor } from '../support/deliveryJob';
import { ENGINES } from './business.support';
import { deliveryApp } from './deliveries.support';

/** A pdf-lib PDF of `pages` pages, saved with or without object streams. */
async function pdf(pages: number, useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([300, 200]).drawText(`Invoice ${i}`, { x: 20, y: 150, size: 14, font });
  return doc.save({ useObjectStreams });
}

describe.each(ENGINES)('the hand-over counts the PDF’s pages on %s', (engine) => {
  const app = deliveryApp(engine, 'pages', 100);
  const post = app.post;
  const addresses = ['a@example.com', 'b@example.com', 'c@example.com'];

  test.each([
    ['a classic cross-reference table (read lazily)', false],
    ['object streams (pdf-lib’s whole parse)', true],
  ])('%s', async (name, useObjectStreams) => {
    const three = await pdf(3, useObjectStreams);
    const prefix = useObjectStreams ? 'OS-' : 'XR-';
    const beyond = rowsFor([...addresses, 'd@example.com'], `${prefix}B-`);
    const refused = await post(jobForm({ period: '2025-06', recipients: beyond }, three));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'badPages', params: { row: 5, pages: 3 } });
    const accepted = await post(
      jobForm({ period: '2025-06', recipients: rowsFor(addresses, prefix) }, three),
    );
    expect(accepted.status).toBe(201);
    expect(accepted.body).toMatchObject({ code: 'queued', params: { count: 3 } });
  });

  test('a file neither reads is 422 notPdf', async () => {
    const garbage = new TextEncoder().encode('%PDF-1.7\nnot really a PDF\nstartxref\n9\n%%EOF\n');
    const res = await post(
      jobForm({ period: '2025-06', recipients: rowsFor(addresses, 'NP-') }, garbage),
    );
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('The merged document is not a PDF');
  });
});
