// poppler's command-line tools on a PDF held in memory: its text, its pictures, its page count;
// and its bookmarks, read with pdf-lib.
import { execFile, execFileSync } from 'node:child_process';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFString } from '@cantoo/pdf-lib';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function withFile<T>(pdf: Uint8Array, use: (file: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'di-pdf-read-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    return await use(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of the whole PDF, or of one page (1-based). */
export function pdfText(pdf: Uint8Array, page?: number): Promise<string> {
  return withFile(pdf, async (file) => {
    const range = page ? ['-f', String(page), '-l', String(page)] : [];
    return (await run('pdftotext', ['-layout', ...range, file, '-'])).stdout;
  });
}

/** `width×height` of every picture in the PDF, in page order. */
export function pdfImageSizes(pdf: Uint8Array): Promise<string[]> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run('pdfimages', ['-list', file]);
    return stdout
      .split('\n')
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const columns = line.trim().split(/\s+/);
        return `${columns[3]}x${columns[4]}`;
      });
  });
}

export function pdfPages(pdf: Uint8Array): Promise<number> {
  return withFile(pdf, async (file) => {
    const { stdout } = await run('pdfinfo', [file]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
  });
}

/** The titles of the PDF's top-level bookmarks, in order. */
export async function outlineTitles(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const outlines = doc.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  const titles: string[] = [];
  let item = outlines?.lookupMaybe(PDFName.of('First'), PDFDict);
  while (item) {
    titles.push(item.lookup(PDFName.of('Title'), PDFString, PDFHexString).decodeText());
    item = item.lookupMaybe(PDFName.of('Next'), PDFDict);
  }
  return titles;
}

/**
 * `files` (.docx in `dir`) converted by a cold `soffice --convert-to pdf` with a profile of its
 * own in `dir`: each PDF is written beside its document.
 */
export function sofficeToPdf(dir: string, files: string[]): void {
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      dir,
      ...files,
    ],
    { stdio: 'ignore', timeout: 120_000 },
  );
}
