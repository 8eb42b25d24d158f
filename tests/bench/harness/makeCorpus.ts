// Re-creates the real LibreOffice files of the template corpus (tests/fixtures/corpus/): templates
// built by tests/unit/workers/templateCorpus.ts (and one HTML page) opened and saved as .docx by
// LibreOffice Writer, so the corpus tests hold LibreOffice's own part layout, ids and markup.
//   node --import tsx tests/bench/harness/makeCorpus.ts      (needs soffice: apt-get install libreoffice-writer-nogui)
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildTemplate, type TemplateShape } from '../../unit/workers/templateCorpus';

export const CORPUS_DIR = fileURLToPath(new URL('../../fixtures/corpus/', import.meta.url));

/** Converts files with LibreOffice into outDir; a private profile keeps parallel runs apart. */
export function soffice(args: string[], work: string): void {
  execFileSync(
    'soffice',
    [`-env:UserInstallation=file://${path.join(work, 'profile')}`, '--headless', ...args],
    {
      stdio: 'pipe',
      timeout: 180_000,
    },
  );
}

const SOURCES: { name: string; shape: TemplateShape }[] = [
  {
    name: 'libreoffice-letterhead',
    shape: {
      letterhead: true,
      logo: true,
      titlePg: true,
      table: true,
      bodyPicture: true,
      footnotes: true,
      docProps: true,
    },
  },
  {
    name: 'libreoffice-even-odd-sections',
    shape: {
      letterhead: true,
      logo: true,
      evenAndOdd: true,
      ownSectionBreaks: true,
      contentControl: true,
      comments: true,
    },
  },
];

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Tagihan</title></head><body>
<h1>Tagihan {nomor_tagihan}</h1><p>Kepada Yth. <b>{nama_pelanggan}</b></p><p>{alamat}</p>
<table border="1"><tr><td>Total</td><td>{total_tagihan}</td></tr><tr><td>Periode</td><td>{periode}</td></tr></table>
</body></html>`;

export function makeCorpus(): string[] {
  const work = mkdtempSync(path.join(tmpdir(), 'corpus-'));
  try {
    const inputs: string[] = [];
    for (const { name, shape } of SOURCES) {
      const file = path.join(work, `${name}.docx`);
      writeFileSync(file, buildTemplate(shape));
      inputs.push(file);
    }
    const html = path.join(work, 'libreoffice-from-html.html');
    writeFileSync(html, HTML);
    const out = path.join(work, 'out');
    soffice(['--convert-to', 'docx:MS Word 2007 XML', '--outdir', out, ...inputs], work);
    soffice(['--writer', '--convert-to', 'docx:MS Word 2007 XML', '--outdir', out, html], work);
    const written: string[] = [];
    for (const name of [...SOURCES.map((s) => s.name), 'libreoffice-from-html']) {
      copyFileSync(path.join(out, `${name}.docx`), path.join(CORPUS_DIR, `${name}.docx`));
      written.push(`${name}.docx`);
    }
    return written;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(makeCorpus().join('\n'));
