// Word fields the generator fills itself (issue 21): MERGEFIELD switches applied per field as Word
// does, and IF fields evaluated per row (nested IFs, MERGEFIELDs in operands and results), through
// the worker's API as Generate runs them.
import fc from 'fast-check';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { describe, expect, it, test } from 'vitest';
import type { WorkerJob } from '../../../../src/domain/generator/generationJob';
import { createGeneratorApi } from '../../../../src/workers/generatorApi';
import { analyseTemplate } from '../../../../src/workers/template';
import { convertMergeFields } from '../../../../src/workers/template/mergeFields';
import { buildDocx, textOf } from '../docxBuilder';

const run = (inner: string, rPr = '') => `<w:r>${rPr}${inner}</w:r>`;
const text = (t: string) => run(`<w:t xml:space="preserve">${t}</w:t>`);
const escape = (t: string) =>
  t.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A nested field, written where an instruction holds it. */
interface Nested {
  xml: string;
}
const isNested = (p: string | Nested): p is Nested => typeof p !== 'string';

/** A complex field: its instruction pieces (text, or fields built by `field`), then its result. */
function field(pieces: (string | Nested)[], result = '«x»', rPr = ''): Nested {
  return {
    xml:
      run('<w:fldChar w:fldCharType="begin"/>') +
      pieces
        .map((p) =>
          isNested(p) ? p.xml : run(`<w:instrText xml:space="preserve">${escape(p)}</w:instrText>`),
        )
        .join('') +
      run('<w:fldChar w:fldCharType="separate"/>') +
      run(`<w:t>${result}</w:t>`, rPr) +
      run('<w:fldChar w:fldCharType="end"/>'),
  };
}
const merge = (instruction: string) => field([` MERGEFIELD ${instruction} `]);
const para = (...parts: (string | Nested)[]) =>
  `<w:p>${parts.map((p) => (isNested(p) ? p.xml : text(p))).join('')}</w:p>`;

/** A template whose default language is `lang` (styles.xml), with these paragraphs. */
function template(body: string, lang?: string): ArrayBuffer {
  const bytes = buildDocx({ body });
  if (!lang) return bytes;
  const zip = new PizZip(bytes);
  zip.file(
    'word/styles.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="${lang}" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault></w:docDefaults></w:styles>`,
  );
  return zip.generate({ type: 'arraybuffer' });
}

function workbook(rows: unknown[][]): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Data');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

const rows = [
  ['Nama', 'Total', 'Tanggal', 'Status', 'Kota'],
  ['budi santoso', 1234567.456, '2025-11-23', 'Lunas', 'Bandung'],
  ['sari', 950, '2025-08-01', 'Belum', ''],
];

/** The text of each section the merge makes of these rows with an identity mapping. */
async function merged(
  templateBytes: ArrayBuffer,
  formats: WorkerJob['formats'] = {},
): Promise<string[]> {
  const { placeholders } = await analyseTemplate(templateBytes);
  const mapping = Object.fromEntries(placeholders.map((p) => [p, p]));
  const api = createGeneratorApi();
  const result = await api.generate({
    template: templateBytes,
    data: { file: workbook(rows), sheet: 'Data' },
    rows: Uint32Array.from([0, 1]),
    mapping,
    formats,
    output: { kind: 'merged' },
  });
  const xml = new PizZip(await result.file.arrayBuffer()).file('word/document.xml')!.asText();
  expect(xml).not.toMatch(/MERGEFIELD|w:fldChar|w:instrText|w:fldSimple|«|»|\uE002/);
  const body = xml.slice(xml.indexOf('<w:body>'), xml.indexOf('</w:body>'));
  return body
    .split(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/)
    .slice(0, -1)
    .map((s) => textOf(s).replace(/\s+/g, ' ').trim());
}

describe('MERGEFIELD switches', () => {
  const body = para(
    merge('Nama \\* Upper'),
    ' / ',
    merge('Nama \\* Caps'),
    ' / ',
    merge('Total \\# "Rp #.##0,00"'),
    ' / ',
    merge('Total \\# "#.##0"'),
    ' / ',
    merge('Tanggal \\@ "dddd, d MMMM yyyy"'),
    ' / ',
    merge('Kota \\b "Kota: " \\f "."'),
  );

  it('applies each field its own switches, Indonesian for an id-ID template', async () => {
    expect(await merged(template(body, 'id-ID'))).toEqual([
      'BUDI SANTOSO / Budi Santoso / Rp 1.234.567,46 / 1.234.567 / Minggu, 23 November 2025 / Kota: Bandung.',
      'SARI / Sari / Rp 950,00 / 950 / Jumat, 1 Agustus 2025 /',
    ]);
  });

  it("follows Word's English rules for another language, and a run's own language wins", async () => {
    const english = para(merge('Total \\# "#,##0.00"'), ' ', merge('Tanggal \\@ "d MMMM yyyy"'));
    expect((await merged(template(english, 'en-US')))[0]).toBe('1,234,567.46 23 November 2025');
    const inRun = para(
      field(
        [' MERGEFIELD Tanggal \\@ "d MMMM yyyy" '],
        '«T»',
        '<w:rPr><w:lang w:val="id-ID"/></w:rPr>',
      ),
    );
    expect((await merged(template(inRun, 'en-US')))[1]).toBe('1 Agustus 2025');
  });

  it('lets a format the user picked win over the switch, keeping \\b and \\f', async () => {
    const sections = await merged(template(body, 'id-ID'), { Total: 'rupiah', Kota: 'upper' });
    expect(sections[0]).toContain('Rp 1.234.567,456 / Rp 1.234.567,456');
    expect(sections[0]).toContain('Kota: BANDUNG.');
    // 'As in sheet' is a choice too: the switch is left out.
    expect((await merged(template(body, 'id-ID'), { Nama: 'sheet' }))[0]).toMatch(
      /^budi santoso \/ budi santoso/,
    );
  });

  it('applies the switches in one document per row (.zip) too', async () => {
    const bytes = template(para(merge('Nama \\* Upper'), ' ', merge('Total \\# "#.##0"')), 'id-ID');
    const result = await createGeneratorApi().generate({
      template: bytes,
      data: { file: workbook(rows), sheet: 'Data' },
      rows: Uint32Array.from([0, 1]),
      mapping: { Nama: 'Nama', Total: 'Total' },
      formats: {},
      output: { kind: 'zip', nameColumn: 'Nama' },
    });
    const texts = new PizZip(await result.file.arrayBuffer())
      .file(/\.docx$/)
      .map((f) => textOf(new PizZip(f.asUint8Array()).file('word/document.xml')!.asText()));
    expect(texts.sort()).toEqual(['BUDI SANTOSO 1.234.567', 'SARI 950']);
  });

  it('reads switches written with their argument glued on', () => {
    const { wordFields } = convertMergeFields(
      para(merge('Total \\#"#.##0" \\*Upper \\b"Rp "'), merge('Kota \\* caps \\f "."')),
    );
    expect(Object.values(wordFields).map((f) => f.field)).toEqual([
      {
        kind: 'merge',
        name: 'Total',
        switches: { number: '#.##0', cases: ['UPPER'], before: 'Rp ' },
      },
      { kind: 'merge', name: 'Kota', switches: { cases: ['CAPS'], after: '.' } },
    ]);
  });

  it('starts a switched field in the Word field format, and lists it once', async () => {
    const analysis = await analyseTemplate(template(body, 'id-ID'));
    expect(analysis.placeholders).toEqual(['Nama', 'Total', 'Tanggal', 'Kota']);
    expect({ ...analysis.fieldFormats }).toEqual({
      Nama: 'field',
      Total: 'field',
      Tanggal: 'field',
      Kota: 'field',
    });
  });
});

describe('IF fields', () => {
  const ifField = (left: string | Nested, rest: (string | Nested)[]) =>
    field([' IF ', left, ...rest]);

  it('compares text with = and <>, and fills MERGEFIELDs in the results', async () => {
    const body = para(
      ifField(merge('Status'), [
        ' = "Lunas" "Terima kasih, ',
        merge('Nama \\* FirstCap'),
        '" "Harap bayar ',
        merge('Total \\# "#.##0"'),
        '" ',
      ]),
      ' | ',
      ifField(merge('Kota'), [' <> "" "di ', merge('Kota'), '" "tanpa kota" \\* Upper ']),
    );
    expect(await merged(template(body, 'id-ID'))).toEqual([
      'Terima kasih, Budi santoso | DI BANDUNG',
      'Harap bayar 950 | TANPA KOTA',
    ]);
  });

  it('compares numbers as numbers with < and >, and text in order otherwise', async () => {
    const body = para(
      ifField(merge('Total'), [' > 1000 "besar" "kecil" ']),
      ' ',
      ifField(merge('Total'), [' < 1000 "kecil" "besar" ']),
      ' ',
      ifField(merge('Nama'), [' < "c" "a-b" "c-z" ']),
      ' ',
      ifField(merge('Status'), [' = "L*" "L" "bukan L" ']),
    );
    expect(await merged(template(body))).toEqual(['besar besar a-b L', 'kecil kecil c-z bukan L']);
  });

  it('evaluates IFs nested in IFs', async () => {
    const inner = ifField(merge('Total'), [' > 1000 "lunas besar" "lunas kecil" ']);
    const body = para(ifField(merge('Status'), [' = "Lunas" "', inner, '" "belum" ']));
    expect(await merged(template(body))).toEqual(['lunas besar', 'belum']);
    const other = para(ifField(merge('Status'), [' = "Belum" "tagih" "', inner, '" ']));
    expect(await merged(template(other))).toEqual(['lunas besar', 'tagih']);
  });

  it('Preview Row shows the evaluated IF', async () => {
    const body = para(
      ifField(merge('Status'), [' = "Lunas" "Lunas: ', merge('Total \\# "#.##0"'), '" "Belum" ']),
    );
    const bytes = template(body, 'id-ID');
    const { placeholders } = await analyseTemplate(bytes);
    const preview = await createGeneratorApi().previewRow(
      {
        template: bytes,
        data: { file: workbook(rows), sheet: 'Data' },
        mapping: Object.fromEntries(placeholders.map((p) => [p, p])),
        formats: {},
      },
      0,
    );
    expect(preview.body).toEqual([{ kind: 'paragraph', text: 'Lunas: 1.234.567' }]);
  });

  it('lists the fields an IF reads, and no longer names IF as a field not filled', async () => {
    const body = para(
      'Yth. ',
      ifField(merge('Status'), [' = "Lunas" "', merge('Nama'), '" "', merge('Kota'), '" ']),
      field([' ASK Catatan "Catatan?" ']),
    );
    const analysis = await analyseTemplate(template(body));
    expect(analysis.placeholders).toEqual(['Status', 'Nama', 'Kota']);
    expect(analysis.notFilled).toEqual(['ASK']);
  });

  it('leaves an IF it cannot read as Word wrote it, and names it', () => {
    const xml = para(field([' IF ', merge('Status'), ' "then" "else" '], 'cached'));
    const converted = convertMergeFields(xml);
    expect(converted.xml).toBe(xml);
    expect(converted.notFilled).toEqual(['IF']);
  });

  test('an IF reads the same however its instruction is split over runs', () => {
    const instruction = ' IF "Lunas" = "Lunas" "Terima kasih" "Harap bayar" \\* Upper ';
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), (cuts) => {
        const points = [...new Set(cuts.map((c) => c % (instruction.length + 1)))].sort(
          (a, b) => a - b,
        );
        const pieces: string[] = [];
        let at = 0;
        for (const p of [...points, instruction.length]) {
          if (p > at) pieces.push(instruction.slice(at, p));
          at = Math.max(at, p);
        }
        const { wordFields, notFilled } = convertMergeFields(para(field(pieces)));
        expect(notFilled).toEqual([]);
        expect(Object.values(wordFields).map((f) => f.field)).toEqual([
          {
            kind: 'if',
            left: ['Lunas'],
            operator: '=',
            right: ['Lunas'],
            then: ['Terima kasih'],
            otherwise: ['Harap bayar'],
            switches: { cases: ['UPPER'] },
          },
        ]);
      }),
    );
  });
});
