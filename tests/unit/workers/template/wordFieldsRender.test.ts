// Word fields with switches and IF, merged by the worker and rendered by LibreOffice (issue 21,
// "Done when"): templates from two producers, LibreOffice (libreoffice-id.docx, id-ID) and Word
// 2010 (winword2010.docx, switches added to its own fields), read back with pdftotext:
// the values are there, written as the switches say, no «…», no field codes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { createGeneratorApi } from '../../../../src/workers/generatorApi';
import { analyseTemplate } from '../../../../src/workers/template';

const FIXTURES = path.join(__dirname, '../../../fixtures/mailmerge');
const fixture = (name: string): ArrayBuffer => {
  const bytes = readFileSync(path.join(FIXTURES, name));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};

function workbook(rows: unknown[][]): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Data');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

/** The merged document of these rows (identity mapping by name), as LibreOffice renders its text. */
async function rendered(template: ArrayBuffer, rows: unknown[][], mapping: Record<string, string>) {
  const { placeholders } = await analyseTemplate(template);
  const result = await createGeneratorApi().generate({
    template,
    data: { file: workbook(rows), sheet: 'Data' },
    rows: Uint32Array.from(rows.slice(1).map((_, i) => i)),
    mapping: Object.fromEntries(placeholders.map((p) => [p, mapping[p] ?? ''])),
    formats: {},
    output: { kind: 'merged' },
  });
  const xml = new PizZip(await result.file.arrayBuffer()).file('word/document.xml')!.asText();
  expect(xml).not.toMatch(/MERGEFIELD|w:fldChar|w:instrText|w:fldSimple/);
  const dir = mkdtempSync(path.join(tmpdir(), 'wordfields-render-'));
  try {
    const docx = path.join(dir, 'merged.docx');
    writeFileSync(docx, Buffer.from(await result.file.arrayBuffer()));
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        docx,
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    return execFileSync('pdftotext', [path.join(dir, 'merged.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('Word fields rendered by LibreOffice', () => {
  it('a LibreOffice-made id-ID template: pictures, Indonesian names, Upper and an IF with a field inside', async () => {
    const text = await rendered(
      fixture('libreoffice-id.docx'),
      [
        ['Nama Pelanggan', 'Total', 'Tanggal', 'Status'],
        ['budi santoso', 1234567.5, '2025-11-23', 'Lunas'],
        ['sari wulandari', 2500000, '2025-08-01', 'Belum'],
      ],
      { 'Nama Pelanggan': 'Nama Pelanggan', Total: 'Total', Tanggal: 'Tanggal', Status: 'Status' },
    );
    expect(text).toContain('Yth. BUDI SANTOSO');
    expect(text).toContain('Total: Rp 1.234.567,50');
    expect(text).toContain('Tanggal: Minggu, 23 November 2025');
    expect(text).toContain('Status: Lunas, terima kasih');
    expect(text).toContain('Yth. SARI WULANDARI');
    expect(text).toContain('Tanggal: Jumat, 1 Agustus 2025');
    expect(text).toContain('Status: Belum dibayar: Rp 2.500.000');
    expect(text).not.toMatch(/MERGEFIELD|IF |«|»|<Total>|<Status>/);
  }, 150_000);

  it("a Word 2010 template with switches added to Word's own fields", async () => {
    const zip = new PizZip(fixture('winword2010.docx'));
    const xml = zip.file('word/document.xml')!.asText();
    // Word wrote ' MERGEFIELD  Voornaam ' style instructions; add switches the way Alt+F9 would.
    const edited = xml
      .replace(/(MERGEFIELD\s+"?Achternaam"?)/, '$1 \\* Upper')
      .replace(/(MERGEFIELD\s+"?Plaats"?)/, '$1 \\b "te " \\* Caps');
    expect(edited).not.toBe(xml);
    zip.file('word/document.xml', edited);
    const text = await rendered(
      zip.generate({ type: 'arraybuffer' }),
      [
        ['Titel', 'Voornaam', 'Achternaam', 'Plaats'],
        ['Ibu', 'Sari', 'Wulandari', 'bandung barat'],
      ],
      { Titel: 'Titel', Voornaam: 'Voornaam', Achternaam: 'Achternaam', Plaats: 'Plaats' },
    );
    expect(text).toContain('Sari WULANDARI');
    expect(text).toContain('te Bandung Barat');
    expect(text).not.toMatch(/MERGEFIELD|«|»/);
  }, 150_000);
});
