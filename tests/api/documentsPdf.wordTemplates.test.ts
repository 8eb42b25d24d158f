// Word's own mail-merge templates through the PDF route (issue 31): the document the generator
// sends for `One PDF (all rows)` holds no data source, and the PDF LibreOffice makes of it shows
// each row's own values in its footnote, headers and nested IF. Real LibreOffice, SQLite session.
import PizZip from 'pizzip';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PdfPool } from '../../src/server/pdf';
import { closePool, DOCX_TYPE, testPool } from '../support/pdfApp';
import { pdfText } from '../support/pdfTools';
import { fixture, generate, NOTE_ROWS, withEndnote } from '../unit/workers/merge/wordTemplates';
import { createTestApp, type TestApp } from './helpers';

let pool: PdfPool;
let ctx: TestApp;
let token: string;

beforeAll(async () => {
  pool = await testPool({ maxBytes: 2 * 1024 * 1024 });
  ctx = await createTestApp('sqlite', { deps: { pdf: pool } });
  token = (await ctx.signedIn('staff')).token;
});

afterAll(async () => {
  await ctx?.close();
  if (pool) await closePool(pool);
});

async function toPdf(docx: ArrayBuffer): Promise<Uint8Array> {
  const res = await ctx.app.request('/api/v1/documents/pdf', {
    method: 'POST',
    headers: { 'content-type': DOCX_TYPE, authorization: `Bearer ${token}` },
    body: new Uint8Array(docx) as BodyInit,
  });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

test("a template with a data source and fields in its notes: each row's own values, no source sent", async () => {
  const sent = await generate(withEndnote(), NOTE_ROWS, { kind: 'pdf' });
  const settings = new PizZip(sent).file('word/settings.xml')!.asText();
  expect(settings).not.toMatch(/w:mailMerge|w:updateFields|w:attachedTemplate/);
  const text = await pdfText(await toPdf(sent));
  for (const n of [1, 2, 3]) {
    expect(text.match(new RegExp(`Merge : note ${n}\\b`, 'g'))).toHaveLength(2);
    expect(text).toContain(`first header ${n}`);
    expect(text).toContain(`Endnote : footer ${n}`);
  }
  expect(text).not.toMatch(/«|»|MERGEFIELD/);
}, 120_000);

test('the nested IF of docx-mailmerge, one branch per row', async () => {
  const sent = await generate(
    fixture('nested-if-inside.docx'),
    [
      ['fieldname', 'Nomor'],
      ['one', '1'],
      ['two', '2'],
      ['three', '3'],
    ],
    { kind: 'pdf' },
  );
  const pdf = await toPdf(sent);
  const pages = await Promise.all([1, 2, 3].map((page) => pdfText(pdf, page)));
  expect(pages.map((page) => page.trim())).toEqual(['- one -', 'two', 'more: three']);
}, 120_000);
