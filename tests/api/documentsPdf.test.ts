// POST /api/v1/documents/pdf with the real LibreOffice: what a document links to is never read,
// only Word packages reach the converter, and merged invoices come out page by page.
// SQLite only: the route reads nothing from the database but the caller's session.
import { rm } from 'node:fs/promises';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mergeDocuments } from '../../src/workers/merge';
import type { PdfPool } from '../../src/server/pdf';
import { buildDocx, paragraph as workerParagraph } from '../unit/workers/docxBuilder';
import {
  buildPackage,
  LINKED_DOCUMENT,
  linkedDocument,
  pageBreak,
  paragraph,
} from '../support/linkedDocx';
import {
  closePool,
  DOCX_TYPE,
  leftoverJobFiles,
  listener,
  serverFiles,
  testPool,
  until,
  type Listener,
} from '../support/pdfApp';
import { pdfImageSizes, pdfPages, pdfText } from '../support/pdfTools';
import { createTestApp, type TestApp } from './helpers';

let pool: PdfPool;
let ctx: TestApp;
let token: string;
let outside: Listener;
let files: Awaited<ReturnType<typeof serverFiles>>;

beforeAll(async () => {
  pool = await testPool({ maxBytes: 2 * 1024 * 1024 });
  ctx = await createTestApp('sqlite', { deps: { pdf: pool } });
  token = (await ctx.signedIn('staff')).token;
  outside = await listener();
  files = await serverFiles();
});

afterAll(async () => {
  await ctx?.close();
  await outside?.close();
  if (files) await rm(files.dir, { recursive: true, force: true });
  if (pool) await closePool(pool);
});

async function convert(body: Uint8Array | string, type = DOCX_TYPE, bearer: string | null = token) {
  const headers: Record<string, string> = { 'content-type': type };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const res = await ctx.app.request('/api/v1/documents/pdf', {
    method: 'POST',
    headers,
    body: body as BodyInit,
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.includes('json')
    ? JSON.parse(new TextDecoder().decode(bytes))
    : null;
  return { status: res.status, headers: res.headers, bytes, json };
}

const conversionsRun = () =>
  Object.values(pool.snapshot().conversions).reduce((sum, n) => sum + n, 0);

describe('a document with every kind of link', () => {
  test('converts with its own text and pictures, and nothing it links to is read', async () => {
    const doc = linkedDocument({
      listener: outside.url,
      serverImage: files.image,
      serverText: files.text,
    });
    const res = await convert(doc);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(res.bytes);
    for (const visible of LINKED_DOCUMENT.visible) expect(text).toContain(visible);
    expect(text).not.toContain('SERVER SECRET');
    expect(await pdfImageSizes(res.bytes)).toEqual([...LINKED_DOCUMENT.embeddedSizes]);
    expect(outside.requests).toEqual([]);
  });

  test('even unsanitised, the sandbox lets LibreOffice neither reach the network nor read server files', async () => {
    const raw = linkedDocument({
      listener: outside.url,
      serverImage: files.image,
      serverText: files.text,
    });
    const result = await pool.withTicket('test', (ticket) =>
      pool.convert(ticket, raw, new AbortController().signal),
    );
    try {
      const { readFile } = await import('node:fs/promises');
      const pdf = await readFile(result.file);
      expect(await pdfImageSizes(pdf)).not.toContain('41x19');
      expect(await pdfText(pdf)).not.toContain('SERVER SECRET');
      expect(outside.requests).toEqual([]);
    } finally {
      await result.dispose();
    }
  });
});

describe('bodies that are not a Word package never reach LibreOffice', () => {
  const odt = () => {
    const zip = new PizZip();
    zip.file('mimetype', 'application/vnd.oasis.opendocument.text');
    zip.file(
      'content.xml',
      `<office:document-content><draw:image xlink:href="${'http://127.0.0.1:9/odt.png'}"/></office:document-content>`,
    );
    return zip.generate({ type: 'uint8array' });
  };
  test.each([
    [
      'a flat OpenDocument (.fodt) file',
      () =>
        `<?xml version="1.0"?><office:document office:mimetype="application/vnd.oasis.opendocument.text"><office:body><office:text><text:p>x</text:p><draw:frame><draw:image xlink:href="${outside.url}/fodt.png"/></draw:frame></office:text></office:body></office:document>`,
      415,
    ],
    [
      'an HTML page',
      () => `<html><body><img src="${outside.url}/html.png"><p>x</p></body></html>`,
      415,
    ],
    ['a renamed .odt', odt, 415],
    ['garbage', () => new Uint8Array([1, 2, 3, 4, 5]), 415],
  ])('%s sent as .docx → %i with a message', async (_, body, status) => {
    const before = conversionsRun();
    const res = await convert(body());
    expect(res.status).toBe(status);
    expect(res.json.message).toMatch(/not a Word document/);
    expect(conversionsRun()).toBe(before);
    expect(outside.requests).toEqual([]);
  });

  test('a body of another declared type → 415', async () => {
    const res = await convert(buildPackage({ body: paragraph('x') }), 'text/html');
    expect(res.status).toBe(415);
    expect(res.json.message).toContain('application/octet-stream');
  });

  test('a body over PDF_MAX_BYTES → 413 before it is read', async () => {
    const before = conversionsRun();
    const res = await convert(new Uint8Array(3 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(conversionsRun()).toBe(before);
  });

  test('a Word package LibreOffice cannot open → 422, and the next document converts', async () => {
    // Well-formed to the sanitiser, not to LibreOffice's parser: an entity XML does not define.
    const res = await convert(buildPackage({ body: paragraph('x &undefined; y') }));
    expect(res.status).toBe(422);
    expect(res.json.message).toBe(
      'LibreOffice could not open this Word document, so no PDF was made.',
    );
    const next = await convert(buildPackage({ body: paragraph('After a bad one') }));
    expect(next.status).toBe(200);
    expect(await pdfText(next.bytes)).toContain('After a bad one');
  });
});

test('a merged document of three invoices is three pages, each with its own values', async () => {
  const template = buildDocx({
    body: workerParagraph('Invoice for {name}') + workerParagraph('Amount {amount}'),
    header: workerParagraph('Header {number}'),
  });
  const rows = [
    { name: 'PT Satu', amount: 'Rp 100', number: 'INV-1' },
    { name: 'PT Dua', amount: 'Rp 200', number: 'INV-2' },
    { name: 'PT Tiga', amount: 'Rp 300', number: 'INV-3' },
  ];
  const merged = await mergeDocuments({
    template,
    rows,
    mapping: { name: 'name', amount: 'amount', number: 'number' },
  });
  const res = await convert(new Uint8Array(merged.bytes));
  expect(res.status).toBe(200);
  expect(await pdfPages(res.bytes)).toBe(3);
  for (const [i, row] of rows.entries()) {
    const page = await pdfText(res.bytes, i + 1);
    for (const value of Object.values(row)) expect(page).toContain(value);
    for (const other of rows.filter((r) => r !== row)) expect(page).not.toContain(other.name);
  }
});

test('each bookmark becomes a named destination on its page (for splitting per row)', async () => {
  const section = (i: number) =>
    `<w:p><w:bookmarkStart w:id="${i}" w:name="row${i}"/><w:r><w:t>Row ${i}</w:t></w:r><w:bookmarkEnd w:id="${i}"/></w:p>`;
  const res = await convert(
    buildPackage({ body: [1, 2, 3].map((i) => section(i) + pageBreak).join('') }),
  );
  expect(res.status).toBe(200);
  const pdf = new TextDecoder('latin1').decode(res.bytes);
  const dests = /\/Dests (\d+) 0 R/.exec(pdf)?.[1];
  const names = new RegExp(`\\n${dests} 0 obj\\s*<<([^>]*)>>`).exec(pdf)?.[1] ?? '';
  expect([...names.matchAll(/\/(row\d)\[/g)].map((m) => m[1])).toEqual(['row1', 'row2', 'row3']);
});

describe('access and capability', () => {
  test('without a token → 401, and nothing is converted', async () => {
    const before = conversionsRun();
    const res = await convert(buildPackage({ body: paragraph('x') }), DOCX_TYPE, null);
    expect(res.status).toBe(401);
    expect(conversionsRun()).toBe(before);
  });

  test('GET /documents/pdf tells the page that PDF conversion is on, and its size limit', async () => {
    const res = await ctx.get('/api/v1/documents/pdf', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ enabled: true, max_bytes: 2 * 1024 * 1024 });
  });

  test('/readyz reports the pool', async () => {
    const res = await ctx.get('/readyz');
    expect(res.body.pdf_conversion).toMatchObject({
      available: true,
      workers: 1,
      busy: 0,
      queued: 0,
    });
  });

  test('no conversion leaves a file behind', async () => {
    // Each conversion's directory goes as its answer ends (the removal itself takes a moment).
    await until(async () => (await leftoverJobFiles(pool)).length === 0, 5_000);
  });
});

describe('a server without LibreOffice', () => {
  let off: TestApp;
  let offToken: string;
  beforeAll(async () => {
    off = await createTestApp('sqlite', { deps: { pdf: null } });
    offToken = (await off.signedIn('staff')).token;
  });
  afterAll(async () => off?.close());

  test('says PDF conversion is off, and POST answers 503 with a message', async () => {
    const capability = await off.get('/api/v1/documents/pdf', { token: offToken });
    expect(capability.body.data).toEqual({ enabled: false, max_bytes: 0 });
    const res = await off.app.request('/api/v1/documents/pdf', {
      method: 'POST',
      headers: { authorization: `Bearer ${offToken}`, 'content-type': DOCX_TYPE },
      body: buildPackage({ body: paragraph('x') }) as BodyInit,
    });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe('PDF conversion is not available on this server.');
  });
});
