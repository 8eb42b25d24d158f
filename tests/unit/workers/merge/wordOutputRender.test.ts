// The merged document of Word's own mail-merge templates as LibreOffice renders it (issue 31):
// rows 1..3 each show their own values in the footnotes, endnotes, headers and nested IFs, read
// back page by page with pdftotext.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, generate, NOTE_ROWS, withEndnote } from './wordTemplates';

/** The document converted by LibreOffice to PDF, its text page by page. */
function pdfPages(docx: ArrayBuffer): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'word-output-'));
  try {
    const file = path.join(dir, 'merged.docx');
    writeFileSync(file, Buffer.from(docx));
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        file,
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'merged.pdf'), '-'], {
      encoding: 'utf8',
    });
    return text.split('\f').filter((page) => page.trim() !== '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Word templates merged, as LibreOffice shows them', () => {
  it("each row's footnote, endnote and headers hold that row's values", async () => {
    const pages = pdfPages(await generate(withEndnote(), NOTE_ROWS));
    const all = pages.join('\n');
    for (const n of [1, 2, 3]) {
      const own = pages.filter((page) => page.includes(`Merge : note ${n}`));
      // The body line and its footnote: both on the row's first page.
      expect(own.length, `row ${n}`).toBeGreaterThan(0);
      expect(own[0].match(new RegExp(`note ${n}\\b`, 'g'))?.length, `row ${n}`).toBe(2);
      expect(own[0], `row ${n}`).toContain(`first header ${n}`);
      expect(own[0], `row ${n}`).toContain(`first footer ${n}`);
      expect(all).toContain(`Endnote : footer ${n}`);
    }
    expect(all).not.toMatch(/«|»|MERGEFIELD|\{fieldname\}|\{footerfield\}/);
  }, 150_000);

  it('each row gets its own branch of the nested IF', async () => {
    const pages = pdfPages(
      await generate(fixture('nested-if-inside.docx'), [
        ['fieldname', 'Nomor'],
        ['one', '1'],
        ['two', '2'],
        ['three', '3'],
      ]),
    );
    expect(pages.map((page) => page.trim())).toEqual(['- one -', 'two', 'more: three']);
  }, 150_000);
});
