// POST /api/v1/documents/pdf with the real LibreOffice against parts that are not plain UTF-8
// XML (issue 37): an SVG compressed with gzip and named image1.png, the same SVG pointing at a
// PDF, relationships in UTF-16 with an external picture. Each aims at a world-readable file
// under /tmp; the PDF that comes back holds neither its words nor its picture.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PdfPool } from '../../src/server/pdf';
import {
  SECRET_PICTURE_SIZE,
  SECRET_WORDS,
  secretFiles,
  svgAsPng,
  svgzAsPng,
  utf16Relationships,
} from '../support/hostileParts';
import { closePool, DOCX_TYPE, testPool } from '../support/pdfApp';
import { pdfImageSizes, pdfText } from '../support/pdfTools';
import { createTestApp, type TestApp } from './helpers';

let pool: PdfPool;
let ctx: TestApp;
let token: string;
let secret: ReturnType<typeof secretFiles>;

beforeAll(async () => {
  pool = await testPool({ maxBytes: 2 * 1024 * 1024 });
  ctx = await createTestApp('sqlite', { deps: { pdf: pool } });
  token = (await ctx.signedIn('staff')).token;
  secret = secretFiles();
});

afterAll(async () => {
  await ctx?.close();
  if (secret) await rm(secret.dir, { recursive: true, force: true });
  if (pool) await closePool(pool);
});

async function convert(body: Uint8Array) {
  const res = await ctx.app.request('/api/v1/documents/pdf', {
    method: 'POST',
    headers: { 'content-type': DOCX_TYPE, authorization: `Bearer ${token}` },
    body: body as BodyInit,
  });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('parts that are not plain XML leak nothing through the endpoint', () => {
  const cases: [string, () => Uint8Array][] = [
    ['gzip(SVG → file:// picture) named image1.png', () => svgzAsPng(secret.picture)],
    ['gzip(SVG → file:// PDF) named image1.png', () => svgzAsPng(secret.pdf)],
    ['a plain SVG → file:// PDF named image1.png', () => svgAsPng(secret.pdf)],
    [
      'UTF-16 relationships (BOM) with an external picture',
      () => utf16Relationships(secret.picture, 'le-bom'),
    ],
    [
      'UTF-16 relationships (big-endian, no BOM) with an external picture',
      () => utf16Relationships(secret.picture, 'be'),
    ],
  ];
  test.each(cases)('%s', async (_, build) => {
    const res = await convert(build());
    expect(res.status, new TextDecoder().decode(res.bytes.slice(0, 300))).toBe(200);
    const text = await pdfText(res.bytes);
    expect(text).toMatch(/Invoice with a (linked )?picture/);
    expect(text).not.toContain(SECRET_WORDS.split(' ')[0]);
    expect(await pdfImageSizes(res.bytes)).not.toContain(SECRET_PICTURE_SIZE);
  });
});
