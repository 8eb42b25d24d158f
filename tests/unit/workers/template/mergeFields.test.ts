// Word mail-merge templates (MERGEFIELDs), as Word for Windows 2010 and Word 2011 for Mac saved
// them (tests/fixtures/mailmerge/, from docx-mailmerge's test files), and fields built here with
// every way Word splits an instruction over runs.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import PizZip from 'pizzip';
import { describe, expect, it, test } from 'vitest';
import { mergeDocuments } from '../../../../src/workers/merge';
import { analyseTemplate } from '../../../../src/workers/template';
import { convertMergeFields } from '../../../../src/workers/template/mergeFields';
import { mergeFieldName } from '../../../../src/workers/template/fieldInstruction';
import { buildDocx } from '../docxBuilder';

const FIXTURES = path.join(__dirname, '../../../fixtures/mailmerge');
const fixture = (name: string): ArrayBuffer => {
  const bytes = readFileSync(path.join(FIXTURES, name));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
};
const bodyOf = (buffer: ArrayBuffer) => new PizZip(buffer).file('word/document.xml')!.asText();
const textOf = (xml: string) =>
  xml
    .replace(/<w:p[ >]/g, '\n$&')
    .replace(/<[^>]+>/g, '')
    .trim();

const run = (inner: string, rPr = '') => `<w:r>${rPr}${inner}</w:r>`;
const BOLD = '<w:rPr><w:b/></w:rPr>';

/** A complex field whose instruction is cut at the given offsets into separate instrText runs. */
function complexField(instruction: string, cuts: number[], result = '«Nama»'): string {
  const points = [...new Set(cuts.map((c) => c % (instruction.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let at = 0;
  for (const p of [...points, instruction.length]) {
    if (p > at) pieces.push(instruction.slice(at, p));
    at = Math.max(at, p);
  }
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return (
    run('<w:fldChar w:fldCharType="begin"/>') +
    pieces
      .map((piece) => run(`<w:instrText xml:space="preserve">${escape(piece)}</w:instrText>`))
      .join('') +
    run('<w:fldChar w:fldCharType="separate"/>') +
    run(`<w:t>${result}</w:t>`, BOLD) +
    run('<w:fldChar w:fldCharType="end"/>')
  );
}

describe('MERGEFIELD templates', () => {
  it('lists the fields of templates saved by Word 2010 and Word 2011 for Mac like tags', async () => {
    expect((await analyseTemplate(fixture('winword2010.docx'))).placeholders).toEqual([
      'Titel',
      'Voornaam',
      'Achternaam',
      'Adresregel_1',
      'Postcode',
      'Plaats',
      'Provincie',
      'Land_of_regio',
    ]);
    // Word for Mac mixes w:fldSimple and complex fields in one document.
    expect((await analyseTemplate(fixture('macword2011.docx'))).placeholders).toEqual([
      'first_name',
      'last_name',
      'address_line',
      'postal_code',
      'city',
      'state',
      'country',
      'date',
    ]);
    // Quoted names keep their spaces.
    expect((await analyseTemplate(fixture('spaces.docx'))).placeholders).toEqual([
      'Singleword',
      'Hello world',
      'More than one space',
    ]);
  });

  it('merges the values as plain text: no field codes, no «…» placeholders', async () => {
    const rows = [
      { Nama: 'Ibu', Depan: 'Sari', Belakang: 'Wulandari', Kota: 'Bandung' },
      { Nama: 'Bapak', Depan: 'Budi', Belakang: 'Santoso', Kota: 'Surabaya' },
    ];
    const { bytes: buffer, count: sections } = await mergeDocuments({
      template: fixture('winword2010.docx'),
      rows,
      mapping: { Titel: 'Nama', Voornaam: 'Depan', Achternaam: 'Belakang', Plaats: 'Kota' },
    });
    expect(sections).toBe(2);
    const xml = bodyOf(buffer);
    expect(xml).not.toMatch(/MERGEFIELD|w:fldChar|w:instrText|w:fldSimple|«|»/);
    const text = textOf(xml);
    expect(text).toContain('Ibu Sari Wulandari');
    expect(text).toContain('Bapak Budi Santoso');
    expect(text).toContain('Bandung');
    expect(text).toContain('Surabaya');
  });

  it('renders in LibreOffice with the values and nothing of the fields', async () => {
    const { bytes: buffer } = await mergeDocuments({
      template: fixture('macword2011.docx'),
      rows: [{ first: 'Sari', last: 'Wulandari', city: 'Bandung' }],
      mapping: { first_name: 'first', last_name: 'last', city: 'city' },
    });
    const dir = mkdtempSync(path.join(tmpdir(), 'mergefield-render-'));
    try {
      const docx = path.join(dir, 'merged.docx');
      writeFileSync(docx, Buffer.from(buffer));
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
      const text = execFileSync('pdftotext', [path.join(dir, 'merged.pdf'), '-'], {
        encoding: 'utf8',
      });
      expect(text).toContain('Sari');
      expect(text).toContain('Wulandari');
      expect(text).toContain('Bandung');
      expect(text).not.toMatch(/MERGEFIELD|«|»/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);

  test('a field reads the same however its instruction is split over runs', () => {
    const instruction = ' MERGEFIELD  "Nama Pelanggan"  \\* MERGEFORMAT ';
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 12 }), (cuts) => {
        const xml = `<w:p>${run('<w:t>Yth. </w:t>')}${complexField(instruction, cuts)}</w:p>`;
        const { xml: out, fields } = convertMergeFields(xml);
        expect(fields).toEqual(['Nama Pelanggan']);
        expect(out).toBe(
          `<w:p>${run('<w:t>Yth. </w:t>')}<w:r>${BOLD}<w:t xml:space="preserve">{Nama Pelanggan}</w:t></w:r></w:p>`,
        );
      }),
    );
  });

  it('keeps the simple field form in its result formatting', () => {
    const xml = `<w:p><w:fldSimple w:instr=" MERGEFIELD &quot;Total Tagihan&quot; \\* MERGEFORMAT ">${run('<w:t>«Total»</w:t>', BOLD)}</w:fldSimple></w:p>`;
    expect(convertMergeFields(xml).xml).toBe(
      `<w:p><w:r>${BOLD}<w:t xml:space="preserve">{Total Tagihan}</w:t></w:r></w:p>`,
    );
  });

  it('leaves the fields it does not fill as Word wrote them, and names them', () => {
    const ask = `<w:p>${complexField(' ASK Nama "Siapa?" ', [], 'jawaban')}</w:p>`;
    const { xml, fields, notFilled } = convertMergeFields(ask);
    expect(xml).toBe(ask);
    expect(fields).toEqual([]);
    expect(notFilled).toEqual(['ASK']);
  });

  it('fills the MERGEFIELDs shown in the result of an IF it leaves (one crossing paragraphs)', () => {
    const nama = complexField(' MERGEFIELD Nama ', [], '«Nama»');
    const xml =
      `<w:p>${run('<w:fldChar w:fldCharType="begin"/>')}` +
      run('<w:instrText xml:space="preserve"> IF 1 = 1 "Yth." "" </w:instrText>') +
      run('<w:fldChar w:fldCharType="separate"/>') +
      run('<w:t xml:space="preserve">Yth. </w:t>') +
      `${nama}</w:p><w:p>${run('<w:t>alamat</w:t>')}` +
      `${run('<w:fldChar w:fldCharType="end"/>')}</w:p>`;
    const converted = convertMergeFields(xml);
    expect(converted.notFilled).toEqual(['IF']);
    expect(converted.fields).toEqual(['Nama']);
    const shown = [...converted.xml.matchAll(/<w:t\b[^>]*>([^<]*)<\/w:t>/g)].map((m) => m[1]);
    expect(shown.join('')).toBe('Yth. {Nama}alamat');
    expect(converted.xml).toContain(
      '<w:instrText xml:space="preserve"> IF 1 = 1 "Yth." "" </w:instrText>',
    );
  });

  it('an evaluated IF is not named for the fields Word showed in its result', () => {
    const xml = `<w:p>${run('<w:fldChar w:fldCharType="begin"/>')}${run(
      '<w:instrText xml:space="preserve"> IF 1 = 1 "ya" "tidak" </w:instrText>',
    )}${run('<w:fldChar w:fldCharType="separate"/>')}${complexField(' ASK x "?" ', [], 'ya')}${run(
      '<w:fldChar w:fldCharType="end"/>',
    )}</w:p>`;
    expect(convertMergeFields(xml).notFilled).toEqual([]);
  });

  it('names a field whose instruction never ends', async () => {
    const broken =
      run('<w:fldChar w:fldCharType="begin"/>') +
      run('<w:instrText> MERGEFIELD Nama </w:instrText>');
    expect(() => convertMergeFields(`<w:p>${broken}</w:p>`)).toThrow(
      'Template syntax error: the field MERGEFIELD Nama never ends.',
    );
    await expect(analyseTemplate(buildDocx({ body: `<w:p>${broken}</w:p>` }))).rejects.toThrow(
      'the field MERGEFIELD Nama never ends (word/document.xml). Open the template in Word',
    );
  });

  it('starts each field a switch formats in the Word field format', async () => {
    const field = (instruction: string, result: string) =>
      `<w:p>${run('<w:t>x=</w:t>')}${complexField(instruction, [9], result)}</w:p>`;
    const template = buildDocx({
      body:
        field(' MERGEFIELD nama \\* Upper \\* MERGEFORMAT ', '«nama»') +
        field(' MERGEFIELD total \\# "Rp #.##0,00" ', '«total»') +
        field(' MERGEFIELD jumlah \\# "#.##0" ', '«jumlah»') +
        field(' MERGEFIELD tanggal \\@ "d MMMM yyyy" ', '«tanggal»') +
        field(' MERGEFIELD kota \\* MERGEFORMAT ', '«kota»'),
    });
    const analysis = await analyseTemplate(template);
    expect(analysis.placeholders).toEqual(['nama', 'total', 'jumlah', 'tanggal', 'kota']);
    expect({ ...analysis.fieldFormats }).toEqual({
      nama: 'field',
      total: 'field',
      jumlah: 'field',
      tanggal: 'field',
    });
  });

  it('reads names as Word writes them', () => {
    expect(mergeFieldName(' MERGEFIELD Nama_Pelanggan ')).toBe('Nama_Pelanggan');
    expect(mergeFieldName(' MERGEFIELD "Nama Pelanggan" \\* Upper ')).toBe('Nama Pelanggan');
    expect(mergeFieldName(' mergefield kota ')).toBe('kota');
    expect(mergeFieldName(' PAGE ')).toBeNull();
    expect(mergeFieldName(' MERGEFIELD \\* MERGEFORMAT ')).toBeNull();
  });
});
