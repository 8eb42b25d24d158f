// The QR codes a PDF shows, page by page: poppler renders each page (pdftoppm, 200 dpi) and ZBar
// (zbarimg, Debian's zbar-tools) reads every code on it.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Per page (in order), the texts of the QR codes ZBar finds on it. */
export async function pdfQrCodes(pdf: Uint8Array): Promise<string[][]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'di-pdf-qr-'));
  try {
    await writeFile(path.join(dir, 'doc.pdf'), pdf);
    await run('pdftoppm', ['-r', '200', '-png', path.join(dir, 'doc.pdf'), path.join(dir, 'page')]);
    const pages = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort();
    const codes: string[][] = [];
    for (const page of pages) {
      // zbarimg exits 4 when a page has no code: that page has none.
      const found = await run('zbarimg', [
        '--quiet',
        '--raw',
        '-Sdisable',
        '-Sqrcode.enable',
        path.join(dir, page),
      ]).then(
        ({ stdout }) => stdout,
        (error: { code?: number; stdout?: string }) => {
          if (error.code === 4) return '';
          throw error;
        },
      );
      codes.push(found.split('\n').filter((line) => line !== ''));
    }
    return codes;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
