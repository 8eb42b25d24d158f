// The join reads each chunk lazily (src/server/pdf/join.ts, lazyPdf.ts) and falls back to
// pdf-lib's whole parse for a chunk the lazy reader refuses: the joined file is byte for byte the
// same either way, also when the refusal comes after part of the chunk was written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { PdfJoiner } from '../../../src/server/pdf/join';
import { cutDocx, type DocxChunk } from '../../../src/server/pdf/chunks';
import { mergeDocuments } from '../../../src/workers/merge';
import { pdfText, sofficeToPdf } from '../../support/pdfTools';
import { buildDocx, paragraph } from '../workers/docxBuilder';

const forced = vi.hoisted(() => ({ refuseAt: -1, lookups: 0, forced: 0, refused: 0 }));
vi.mock('../../../src/server/pdf/lazyPdf', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/server/pdf/lazyPdf')>();
  return {
    ...real,
    openLazyPdf: (...args: Parameters<typeof real.openLazyPdf>) => {
      if (forced.refuseAt === 0) {
        forced.forced++;
        throw new real.PdfRefused('forced at the start');
      }
      let pdf: ReturnType<typeof real.openLazyPdf>;
      try {
        pdf = real.openLazyPdf(...args);
      } catch (error) {
        forced.refused++;
        throw error;
      }
      return {
        ...pdf,
        pageRef: pdf.pageRef,
        inherited: pdf.inherited,
        isPage: pdf.isPage,
        lookup: (ref: Parameters<typeof pdf.lookup>[0]) => {
          if (++forced.lookups === forced.refuseAt) {
            forced.forced++;
            throw new real.PdfRefused('forced midway');
          }
          try {
            return pdf.lookup(ref);
          } catch (error) {
            forced.refused++;
            throw error;
          }
        },
      };
    },
  };
});

const dir = mkdtempSync(path.join(tmpdir(), 'pdf-join-lazy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let chunks: Buffer[] = [];

beforeAll(async () => {
  const merged = await mergeDocuments({
    template: buildDocx({
      body: paragraph('Invoice for {name}'),
      header: paragraph('Header {number}'),
      footer: paragraph('Footer {number}'),
    }),
    rows: Array.from({ length: 7 }, (_, i) => ({ name: `Customer ${i + 1}`, number: `N${i + 1}` })),
    mapping: { name: 'name', number: 'number' },
    markSections: true,
  });
  const cut = cutDocx(new Uint8Array(merged.bytes), 3) as { chunks: DocxChunk[] };
  const files = cut.chunks.map((chunk, i) => {
    const file = path.join(dir, `chunk${i}.docx`);
    writeFileSync(file, chunk.bytes);
    return file;
  });
  sofficeToPdf(dir, files);
  chunks = files.map((file) => readFileSync(file.replace(/\.docx$/, '.pdf')));
}, 180_000);

async function joined(name: string, refuseAt: number): Promise<Buffer> {
  const file = path.join(dir, `${name}.pdf`);
  const joiner = new PdfJoiner(file);
  for (const chunk of chunks) {
    Object.assign(forced, { refuseAt, lookups: 0 });
    await joiner.append(chunk);
    // LibreOffice's chunks are read lazily: only a forced refusal sends one to the whole parse.
    expect(forced.refused).toBe(0);
    if (refuseAt < 0) expect(forced.lookups).toBeGreaterThan(12);
  }
  if (refuseAt >= 0) expect(forced.forced).toBeGreaterThanOrEqual(chunks.length);
  forced.forced = 0;
  joiner.finish();
  return readFileSync(file);
}

test('chunks read lazily join as parsed whole, also when refused midway', async () => {
  const lazy = await joined('lazy', -1);
  const whole = await joined('whole', 0);
  expect(lazy.equals(whole)).toBe(true);
  for (const refuseAt of [1, 5, 12]) {
    const midway = await joined(`midway${refuseAt}`, refuseAt);
    expect(midway.equals(whole), `refused at lookup ${refuseAt}`).toBe(true);
  }
  const text = await pdfText(lazy);
  for (let row = 1; row <= 7; row++) expect(text).toContain(`Customer ${row}`);
});
