// QR codes drawn in a picture thread beside the merge (src/workers/pictures/qrDrawer.ts): with a
// real thread (worker_threads, as the bench runs it) the merged document and the zip of one file
// per row are the same parts as when every code is drawn in the merge's own thread, and the
// thread has exited once the run is done.
import { createHash } from 'node:crypto';
import PizZip from 'pizzip';
import { afterEach, describe, expect, test } from 'vitest';
import { mergeDocuments, zipPerRow, QRIS_INVOICE_KEY } from '../../../../src/workers/merge';
import { parseDataObjects } from '../../../../src/domain/qris';
import { STATIC_QRIS } from '../../../support/qris';
import { decodeQr } from '../../../support/qrDecode';
import { inlinePicture, pictureTemplate, textParagraph } from '../../../support/pictureDocx';
import { picturesOf } from '../../../support/pictureOutput';
import { started, useNodeQrThreads } from '../../../support/qrThreads';
import { qrThreadCount } from '../../../../src/workers/pictures/qrDrawer';

const template = () =>
  pictureTemplate({
    body:
      textParagraph('Tagihan {nomor}') +
      `<w:p>${inlinePicture('{%qris:total}', 1, 3.5)}</w:p>` +
      `<w:p>${inlinePicture('{%qr:url}', 2, 2)}</w:p>`,
    header: `<w:p>${inlinePicture('{%qris:total}', 3, 2.5)}</w:p>`,
  });

/** `n` rows: each its own QRIS; the portal link repeats every 7 rows (one media part each). */
const rowsOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    nomor: `INV/2025/${String(i + 1).padStart(6, '0')}`,
    total: String(50_000 + i * 1_000),
    url: `https://pelanggan.example/${i % 7}`,
  }));

const mapping = {
  nomor: 'nomor',
  'qris:total': 'total',
  'qr:url': 'url',
  [QRIS_INVOICE_KEY]: 'nomor',
};
const now = new Date('2025-06-01T10:00:00Z');
const pictures = { qris: STATIC_QRIS };

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * A zip's entries in order, each name with its bytes' SHA-256 (a .docx inside: its own entries). Compared
 * rather than the zip's bytes, which hold the times its parts were written.
 */
function entries(bytes: ArrayBuffer | Uint8Array): [string, unknown][] {
  return new PizZip(bytes).file(/./).map((file) => {
    const data = file.asUint8Array();
    return [file.name, file.name.endsWith('.docx') ? entries(data) : sha256(data)];
  });
}

/**
 * Runs `make` with QR codes drawn in the merge's thread, then in picture threads (at most
 * `atMost`, of which `expected` are started for the run's size).
 */
async function bothWays<T>(
  make: () => Promise<T>,
  atMost = 1,
  expected = 1,
): Promise<{ here: T; threaded: T }> {
  useNodeQrThreads(false);
  const here = await make();
  const before = started.length;
  useNodeQrThreads(true, atMost);
  const threaded = await make();
  // The threads drew the codes (none failed, each answered), and are gone once the run is done.
  expect(started.length).toBe(before + expected);
  for (const thread of started.slice(before)) {
    expect(thread.error).toBeNull();
    expect(thread.answered).toBeGreaterThan(0);
  }
  await Promise.all(started.slice(before).map((thread) => thread.exited));
  return { here, threaded };
}

afterEach(() => useNodeQrThreads(false));

describe('QR codes drawn in a picture thread', () => {
  test('a run of 5,000 rows or more starts a thread per core beyond two, up to eight', () => {
    expect(qrThreadCount(4_999, { cores: 8 })).toBe(0);
    expect(qrThreadCount(5_000, { cores: 8 })).toBe(6);
    expect(qrThreadCount(10_000, { cores: 4 })).toBe(2);
    expect(qrThreadCount(10_000, { cores: 3 })).toBe(1);
    // Two cores: the merge's thread and the page's; threads there made every run slower.
    expect(qrThreadCount(100_000, { cores: 2 })).toBe(0);
    expect(qrThreadCount(100_000, { cores: 64 })).toBe(8);
    // Forced (tests, figures): up to so many, one per 500 rows, whatever the size.
    expect(qrThreadCount(210, { threads: 1 })).toBe(1);
    expect(qrThreadCount(501, { threads: 4 })).toBe(2);
  });

  test('the merged document is the same parts as when drawn in the merge’s thread', async () => {
    const rows = rowsOf(210);
    const { here, threaded } = await bothWays(() =>
      mergeDocuments({ template: template(), rows, mapping, now, pictures }),
    );
    expect(threaded.warnings).toEqual([]);
    expect(entries(threaded.bytes)).toEqual(entries(here.bytes));
    // The last row's QRIS, read back from the threaded output, is that row's.
    const body = picturesOf(new PizZip(threaded.bytes), 'word/document.xml');
    expect(body).toHaveLength(rows.length * 2);
    const [payload] = await decodeQr(body.at(-2)!.bytes);
    const objects = parseDataObjects(payload);
    expect(objects.find((o) => o.tag === '54')?.value).toBe(rows.at(-1)!.total);
  }, 180_000);

  test('the zip of one file per row is the same parts as when drawn in the merge’s thread', async () => {
    const rows = rowsOf(210);
    const make = async () => {
      const zip = await zipPerRow({
        template: template(),
        rows,
        mapping,
        now,
        pictures,
        names: rows.map((r) => r.nomor),
        rowNumbers: rows.map((_, i) => i + 1),
      });
      expect(zip.count).toBe(rows.length);
      return entries(await zip.bytes.arrayBuffer());
    };
    const { here, threaded } = await bothWays(make);
    expect(threaded).toEqual(here);
  }, 180_000);

  test('a pool of threads gives the same merged document, each code the row’s own', async () => {
    // 501 rows: a thread per 500 rows started, two, as the pool allows up to four.
    const rows = rowsOf(501);
    const bodyOnly = () =>
      pictureTemplate({
        body:
          textParagraph('Tagihan {nomor}') + `<w:p>${inlinePicture('{%qris:total}', 1, 3.5)}</w:p>`,
      });
    const { here, threaded } = await bothWays(
      () => mergeDocuments({ template: bodyOnly(), rows, mapping, now, pictures }),
      4,
      2,
    );
    expect(threaded.warnings).toEqual([]);
    expect(entries(threaded.bytes)).toEqual(entries(here.bytes));
    const body = picturesOf(new PizZip(threaded.bytes), 'word/document.xml');
    expect(body).toHaveLength(rows.length);
    for (const row of [0, 250, 500]) {
      const [payload] = await decodeQr(body[row].bytes);
      expect(parseDataObjects(payload).find((o) => o.tag === '54')?.value).toBe(rows[row].total);
    }
  }, 180_000);
});
