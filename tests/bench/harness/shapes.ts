// The template shapes the merge benches compare, all around the same one-page invoice body (16
// placeholders and a table) the floor renders: plain body; letterhead with a logo and tags in
// header and footer; different first page; the template's own section breaks; the letterhead
// saved by LibreOffice; the letterhead as Word for the web writes it (main part document2.xml).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildTemplate } from '../../unit/workers/templateCorpus';
import { benchTemplate, invoiceBody } from './documents';
import { CORPUS_DIR, soffice } from './makeCorpus';

export interface BenchShape {
  key: string;
  label: string;
  template: Uint8Array;
}

export function hasSoffice(): boolean {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'pipe', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
}

/** The file LibreOffice writes when it opens and saves `bytes` as .docx. */
export function savedByLibreOffice(bytes: Uint8Array): Uint8Array {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-lo-'));
  try {
    writeFileSync(path.join(work, 'in.docx'), bytes);
    soffice(
      [
        '--convert-to',
        'docx:MS Word 2007 XML',
        '--outdir',
        path.join(work, 'out'),
        path.join(work, 'in.docx'),
      ],
      work,
    );
    return readFileSync(path.join(work, 'out', 'in.docx'));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function benchShapes(): BenchShape[] {
  const body = invoiceBody();
  const letterhead = buildTemplate({ body, letterhead: true, logo: true });
  const libreoffice = hasSoffice()
    ? { label: 'letterhead saved by LibreOffice', template: savedByLibreOffice(letterhead) }
    : {
        label: 'saved by LibreOffice (committed corpus file; soffice missing)',
        template: readFileSync(path.join(CORPUS_DIR, 'libreoffice-letterhead.docx')),
      };
  return [
    { key: 'plain', label: 'plain body', template: benchTemplate() },
    { key: 'letterhead', label: 'letterhead: logo + header/footer tags', template: letterhead },
    {
      key: 'first-page',
      label: 'different first page (titlePg)',
      template: buildTemplate({ body, letterhead: true, logo: true, titlePg: true }),
    },
    {
      key: 'sections',
      label: 'own section breaks',
      template: buildTemplate({ body, letterhead: true, logo: true, ownSectionBreaks: true }),
    },
    { key: 'libreoffice', ...libreoffice },
    {
      key: 'document2',
      label: 'main part document2.xml (Word for the web)',
      template: buildTemplate({ body, producer: 'wordWeb', letterhead: true, logo: true }),
    },
  ];
}
