// Rendering check of merged documents with LibreOffice (not in CI: LibreOffice is too heavy to
// install there; `npm test` keeps the package checks). A one-page template merged for a few rows
// must print as exactly one page per section (two for a template with its own section break), and
// a chosen page must show that row's header and footer text (the logo header copied per section).
//   node --import tsx tests/bench/merge-render.ts      (needs soffice and pdfinfo/pdftotext)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mergeDocuments } from '../../src/workers/merge/mergeDocuments';
import { BENCH_FIELDS, benchRow, invoiceBody } from './harness/documents';
import { soffice } from './harness/makeCorpus';
import { hasSoffice, savedByLibreOffice } from './harness/shapes';
import { buildTemplate } from '../unit/workers/templateCorpus';

const ROWS = 6;
const CHOSEN = 4; // the row whose page is read back

interface Case {
  label: string;
  template: Uint8Array;
  pagesPerRow: number;
  /** Page of the chosen row to read (1-based within its pages) and what it must show. */
  page: number;
  expect: (row: Record<string, string>) => string[];
}

function cases(): Case[] {
  const body = invoiceBody();
  const letterhead = buildTemplate({ body, letterhead: true, logo: true });
  return [
    {
      label: 'letterhead with logo',
      template: letterhead,
      pagesPerRow: 1,
      page: 1,
      expect: (r) => [`Tagihan ${r.nomor_tagihan}`, `Pelanggan ${r.nama_pelanggan}`, r.alamat],
    },
    {
      label: 'different first page',
      template: buildTemplate({ body, letterhead: true, logo: true, titlePg: true }),
      pagesPerRow: 1,
      page: 1,
      expect: (r) => [`Pertama ${r.nomor_tagihan}`, `Kaki pertama ${r.periode}`],
    },
    {
      label: 'own section break',
      template: buildTemplate({ body, letterhead: true, logo: true, ownSectionBreaks: true }),
      pagesPerRow: 2,
      page: 1,
      expect: (r) => [`Lampiran ${r.nomor_tagihan}`, `Tagihan ${r.nomor_tagihan}`],
    },
    {
      label: 'main part document2.xml',
      template: buildTemplate({ body, producer: 'wordWeb', letterhead: true, logo: true }),
      pagesPerRow: 1,
      page: 1,
      expect: (r) => [`Tagihan ${r.nomor_tagihan}`, r.nama_pelanggan],
    },
    {
      label: 'letterhead saved by LibreOffice',
      template: savedByLibreOffice(letterhead),
      pagesPerRow: 1,
      page: 1,
      expect: (r) => [`Tagihan ${r.nomor_tagihan}`, `Pelanggan ${r.nama_pelanggan}`],
    },
  ];
}

const squash = (text: string) => text.replace(/\s+/g, ' ');

export async function runRenderCheck(): Promise<string[]> {
  if (!hasSoffice())
    return [
      'LibreOffice rendering check: skipped (no soffice; apt-get install libreoffice-writer-nogui poppler-utils)',
    ];
  const work = mkdtempSync(path.join(tmpdir(), 'merge-render-'));
  const lines = [
    `LibreOffice rendering check (${ROWS} rows each; the page of row ${CHOSEN} read back with pdftotext)`,
  ];
  try {
    const rows = Array.from({ length: ROWS }, (_, i) => benchRow(i));
    const mapping = Object.fromEntries(BENCH_FIELDS.map((f) => [f, f]));
    const list = cases();
    const docx = await Promise.all(
      list.map(async (c, i) => {
        const result = await mergeDocuments({
          template: c.template.slice().buffer as ArrayBuffer,
          rows,
          mapping,
        });
        const file = path.join(work, `case${i}.docx`);
        writeFileSync(file, new Uint8Array(result.bytes));
        return file;
      }),
    );
    soffice(['--convert-to', 'pdf', '--outdir', work, ...docx], work);
    list.forEach((c, i) => {
      const pdf = path.join(work, `case${i}.pdf`);
      const pages = Number(
        /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))?.[1],
      );
      const page = (CHOSEN - 1) * c.pagesPerRow + c.page;
      const text = squash(
        execFileSync('pdftotext', ['-layout', '-f', String(page), '-l', String(page), pdf, '-'], {
          encoding: 'utf8',
        }),
      );
      const wanted = c.expect(rows[CHOSEN - 1]);
      const missing = wanted.filter((w) => !text.includes(squash(w)));
      const pagesOk = pages === ROWS * c.pagesPerRow;
      // The logo in the header: pdfimages lists each image with its page.
      const imagePages = new Set(
        execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' })
          .split('\n')
          .slice(2)
          .map((line) => Number(line.trim().split(/\s+/)[0]))
          .filter((n) => n > 0),
      );
      lines.push(
        `  ${c.label}: ${pages} pages (want ${ROWS * c.pagesPerRow}) ${pagesOk ? 'ok' : 'WRONG'}; logo on ${imagePages.size} of ${pages} pages` +
          `${imagePages.size === pages ? '' : ' (WRONG)'}; page ${page} ` +
          (missing.length === 0
            ? `shows ${wanted.map((w) => `"${w}"`).join(', ')}`
            : `MISSES ${missing.map((w) => `"${w}"`).join(', ')}`),
      );
    });
  } catch (error) {
    lines.push(`  failed: ${(error as Error).message}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`)
  console.log((await runRenderCheck()).join('\n'));
