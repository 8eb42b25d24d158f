// Group rows by (issue 21 §3), through the worker's API as the page calls it: a sheet of call lines
// becomes one section (or file) per customer, each loop filled with that customer's lines.
import { describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { createGeneratorApi } from '../../../../src/workers/generatorApi';
import { emptyGroupKeyMessage } from '../../../../src/domain/generator/grouping';
import type { WorkerJob } from '../../../../src/domain/generator/generationJob';
import { buildDocx, paragraph, textOf } from '../docxBuilder';

function workbookOf(rows: (string | number)[][]): ArrayBuffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Lines');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
}

const cell = (text: string) => `<w:tc>${paragraph(text)}</w:tc>`;
/** `{Nama}`, a table whose row repeats per line, the group's sum and count. */
const invoiceTemplate = (extra = '') =>
  buildDocx({
    body:
      paragraph('Pelanggan {Nama}') +
      `<w:tbl><w:tr>${cell('{#lines}{Tanggal}')}${cell('{Tujuan}')}${cell('{Biaya}{/lines}')}</w:tr></w:tbl>` +
      paragraph('Total {sum:Biaya} dari {count} panggilan') +
      extra,
  });

const header = ['Pelanggan', 'Nama', 'Tanggal', 'Tujuan', 'Biaya'];
const lines: (string | number)[][] = [
  header,
  ['C1', 'Budi', '2025-10-01', 'Jakarta', 1500],
  ['C2', 'Sari', '2025-10-01', 'Medan', 2000],
  ['C1', 'Budi', '2025-10-02', 'Bandung', 2500.5],
  ['C3', 'Tono', '2025-10-03', 'Surabaya', 100],
  ['C2', 'Sari', '2025-10-04', 'Bogor', 3000],
];
const mapping = {
  Nama: 'Nama',
  lines: '',
  Tanggal: 'Tanggal',
  Tujuan: 'Tujuan',
  Biaya: 'Biaya',
  'sum:Biaya': '',
  count: '',
};

function job(overrides: Partial<WorkerJob> = {}): WorkerJob {
  return {
    template: invoiceTemplate(),
    data: { file: workbookOf(lines), sheet: 'Lines' },
    rows: Uint32Array.from([0, 1, 2, 3, 4]),
    mapping,
    formats: {},
    output: { kind: 'merged' },
    groupBy: 'Pelanggan',
    ...overrides,
  };
}

/** The body of each section as text: paragraphs joined by ' / ', a table row per line as '[a|b|c]'. */
function sectionsOf(buffer: ArrayBuffer): string[] {
  const document = new PizZip(buffer).file('word/document.xml')!.asText();
  const body = document.slice(document.indexOf('<w:body>'), document.indexOf('</w:body>'));
  const rowText = (row: string) =>
    `[${[...row.matchAll(/<w:tc>([\s\S]*?)<\/w:tc>/g)].map((c) => textOf(c[1])).join('|')}]`;
  return body
    .split(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/)
    .slice(0, -1)
    .map((section) =>
      section
        .split(/(<w:tr\b[\s\S]*?<\/w:tr>|<\/w:p>)/)
        .map((piece) =>
          piece.startsWith('<w:tr') ? rowText(piece) : piece === '</w:p>' ? '\n' : textOf(piece),
        )
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .join(' / '),
    );
}

describe('group rows by a column', () => {
  it('makes a section per key in order of first appearance, each table holding its own lines', async () => {
    const result = await createGeneratorApi().generate(job());
    expect(result.count).toBe(3);
    expect(sectionsOf(await result.file.arrayBuffer())).toEqual([
      'Pelanggan Budi / [2025-10-01|Jakarta|1500][2025-10-02|Bandung|2500,5]Total 4000,5 dari 2 panggilan',
      'Pelanggan Sari / [2025-10-01|Medan|2000][2025-10-04|Bogor|3000]Total 5000 dari 2 panggilan',
      'Pelanggan Tono / [2025-10-03|Surabaya|100]Total 100 dari 1 panggilan',
    ]);
  });

  it("fills a Word field's switches and an IF outside the loops from the group's first row", async () => {
    const simple = (instr: string) =>
      `<w:p><w:fldSimple w:instr="${instr}"><w:r><w:t>«x»</w:t></w:r></w:fldSimple></w:p>`;
    const result = await createGeneratorApi().generate(
      job({
        template: invoiceTemplate(
          simple(' MERGEFIELD Nama \\* Upper ') +
            simple(' IF &quot;x&quot; = &quot;x&quot; &quot;Lunas&quot; &quot;Belum&quot; '),
        ),
      }),
    );
    const sections = sectionsOf(await result.file.arrayBuffer());
    expect(sections[0]).toMatch(/ \/ BUDI \/ Lunas$/);
    expect(sections[1]).toMatch(/ \/ SARI \/ Lunas$/);
    expect(sections[2]).toMatch(/ \/ TONO \/ Lunas$/);
  });

  it('groups only the selected rows, and writes sum and count in the format chosen for them', async () => {
    const result = await createGeneratorApi().generate(
      job({
        rows: Uint32Array.from([1, 2, 4]),
        formats: { 'sum:Biaya': 'rupiah', count: 'number' },
      }),
    );
    const sections = sectionsOf(await result.file.arrayBuffer());
    expect(sections).toHaveLength(2);
    expect(sections[0]).toContain(
      'Pelanggan Sari / [2025-10-01|Medan|2000][2025-10-04|Bogor|3000]Total Rp 5.000 dari 2 panggilan',
    );
    expect(sections[1]).toContain('[2025-10-02|Bandung|2500,5]Total Rp 2.500,50 dari 1 panggilan');
  });

  it('adds up amounts written the Indonesian way and leaves text out of the sum', async () => {
    const sheet = [
      header,
      ['C1', 'Budi', 'a', 'x', 'Rp 1.000'],
      ['C1', 'Budi', 'b', 'y', '2.500,5'],
      ['C1', 'Budi', 'c', 'z', 'gratis'],
    ];
    const result = await createGeneratorApi().generate(
      job({ data: { file: workbookOf(sheet), sheet: 'Lines' }, rows: Uint32Array.from([0, 1, 2]) }),
    );
    expect(sectionsOf(await result.file.arrayBuffer())[0]).toContain(
      'Total Rp 3.500,50 dari 3 panggilan',
    );
  });

  it('writes a total "As in sheet" as the column shows its amounts, or in the format of its field', async () => {
    // A billing export's accounting Rupiah and a duration column, as Excel formats them.
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([
      [...header, 'Durasi'],
      ['C1', 'Budi', 'a', 'x', 1_000_000, 0.5 / 24],
      ['C1', 'Budi', 'b', 'y', 370_369.5, 1.25 / 24],
    ]);
    for (const row of [2, 3]) {
      sheet[`E${row}`].z = '"Rp"#,##0.00';
      sheet[`F${row}`].z = '[h]:mm:ss';
    }
    XLSX.utils.book_append_sheet(book, sheet, 'Lines');
    const file = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const template = invoiceTemplate(paragraph('Durasi {sum:Durasi}'));
    const rows = Uint32Array.from([0, 1]);
    const made = await createGeneratorApi().generate(
      job({
        template,
        data: { file, sheet: 'Lines' },
        rows,
        mapping: { ...mapping, 'sum:Durasi': '' },
      }),
    );
    const text = sectionsOf(await made.file.arrayBuffer())[0];
    expect(text).toContain('[a|x|Rp1.000.000,00][b|y|Rp370.369,50]Total Rp1.370.369,50 dari 2');
    expect(text).toContain('Durasi 1:45:00');
    // Rupiah chosen for the column's own field: the total follows it.
    const rupiah = await createGeneratorApi().generate(
      job({
        template,
        data: { file, sheet: 'Lines' },
        rows,
        mapping: { ...mapping, 'sum:Durasi': '' },
        formats: { Biaya: 'rupiah' },
      }),
    );
    expect(sectionsOf(await rupiah.file.arrayBuffer())[0]).toContain(
      'Total Rp 1.370.369,50 dari 2',
    );
  });

  it('fills one .docx per group in the zip, named by the group first row', async () => {
    const result = await createGeneratorApi().generate(
      job({ output: { kind: 'zip', nameColumn: 'Nama' } }),
    );
    expect(result.count).toBe(3);
    const zip = new PizZip(await result.file.arrayBuffer());
    expect(Object.keys(zip.files)).toEqual(['Budi.docx', 'Sari.docx', 'Tono.docx']);
    const sari = new PizZip(zip.file('Sari.docx')!.asUint8Array())
      .file('word/document.xml')!
      .asText();
    expect(textOf(sari)).toBe(
      'Pelanggan Sari2025-10-01Medan20002025-10-04Bogor3000Total 5000 dari 2 panggilan',
    );
  });

  it('for one PDF per group, answers the merged document with a name per group', async () => {
    const result = await createGeneratorApi().generate(
      job({ output: { kind: 'pdfPerRow', nameColumn: 'Nama' } }),
    );
    expect(result.kind).toBe('merged');
    expect(result.count).toBe(3);
    expect(result.sectionNames).toEqual(['Budi.pdf', 'Sari.pdf', 'Tono.pdf']);
  });

  it('fails naming the column when the key is empty on every selected row', async () => {
    const sheet = [header, ['', 'Budi', 'a', 'x', 1], ['', 'Sari', 'b', 'y', 2]];
    await expect(
      createGeneratorApi().generate(
        job({ data: { file: workbookOf(sheet), sheet: 'Lines' }, rows: Uint32Array.from([0, 1]) }),
      ),
    ).rejects.toThrow(emptyGroupKeyMessage('Pelanggan'));
  });

  it('leaves rows without a key out, and says how many', async () => {
    const sheet = [
      header,
      ['C1', 'Budi', 'a', 'x', 1],
      ['', 'Sari', 'b', 'y', 2],
      ['C1', 'Budi', 'c', 'z', 3],
    ];
    const result = await createGeneratorApi().generate(
      job({ data: { file: workbookOf(sheet), sheet: 'Lines' }, rows: Uint32Array.from([0, 1, 2]) }),
    );
    expect(result.count).toBe(1);
    expect(result.warnings).toEqual([
      'Group rows by "Pelanggan": 1 selected row has no value in this column and is left out (first at row 2)',
    ]);
  });

  it('keeps a section named like a column a condition on it, inside and outside the loop', async () => {
    const sheet = [
      [...header, 'Lunas'],
      ['C1', 'Budi', 'a', 'x', 1, 'ya'],
      ['C1', 'Budi', 'b', 'y', 2, ''],
    ];
    const template = invoiceTemplate(paragraph('{#Lunas}LUNAS{/Lunas}{^Lunas}BELUM{/Lunas}'));
    const result = await createGeneratorApi().generate(
      job({
        template,
        data: { file: workbookOf(sheet), sheet: 'Lines' },
        rows: Uint32Array.from([0, 1]),
        mapping: { ...mapping, Lunas: 'Lunas' },
      }),
    );
    expect(sectionsOf(await result.file.arrayBuffer())[0]).toContain('LUNAS');
    expect(sectionsOf(await result.file.arrayBuffer())[0]).not.toContain('BELUM');
  });

  it('without grouping, a condition on a column shows for a non-empty value, {count} is 1', async () => {
    const template = buildDocx({
      body: paragraph('{Nama}: {#Tujuan}ke {Tujuan}{/Tujuan}{^Tujuan}lokal{/Tujuan} ({count})'),
    });
    const sheet = [header, ['C1', 'Budi', 'a', 'Medan', 1], ['C2', 'Sari', 'b', '', 2]];
    const result = await createGeneratorApi().generate(
      job({
        template,
        data: { file: workbookOf(sheet), sheet: 'Lines' },
        rows: Uint32Array.from([0, 1]),
        mapping: { Nama: 'Nama', Tujuan: 'Tujuan', count: '' },
        groupBy: undefined,
      }),
    );
    expect(sectionsOf(await result.file.arrayBuffer())).toEqual([
      'Budi: ke Medan (1)',
      'Sari: lokal (1)',
    ]);
  });

  it('previews the group of the chosen row among the selected rows', async () => {
    const api = createGeneratorApi();
    const { template, data, mapping: m, formats, groupBy } = job();
    const preview = await api.previewRow(
      { template, data, mapping: m, formats, groupBy, rows: Uint32Array.from([0, 1, 2, 3, 4]) },
      2,
    );
    const table = preview.body.find((b) => b.kind === 'table');
    expect(table).toEqual({
      kind: 'table',
      rows: [
        ['2025-10-02', 'Bandung', '2500,5'],
        ['2025-10-01', 'Jakarta', '1500'],
      ],
    });
    expect(preview.body[0]).toEqual({ kind: 'paragraph', text: 'Pelanggan Budi' });
  });

  it('puts 10,000 lines of 2,000 customers into 2,000 sections, each table holding exactly its own lines', async () => {
    const customers = 2000;
    const sheet: (string | number)[][] = [header];
    // Customers interleaved, so a group's lines are never next to each other in the sheet.
    for (let i = 0; i < 10_000; i++) {
      const c = (i * 7) % customers;
      sheet.push([
        `C${c}`,
        `Pelanggan ${c}`,
        `2025-10-${String((i % 28) + 1).padStart(2, '0')}`,
        `L${i}`,
        i,
      ]);
    }
    const result = await createGeneratorApi().generate(
      job({
        data: { file: workbookOf(sheet), sheet: 'Lines' },
        rows: Uint32Array.from(sheet.slice(1).keys()),
      }),
    );
    expect(result.count).toBe(customers);
    const sections = sectionsOf(await result.file.arrayBuffer());
    expect(sections).toHaveLength(customers);
    const firstSeen: number[] = [];
    for (let i = 0; i < 10_000; i++) {
      const c = (i * 7) % customers;
      if (!firstSeen.includes(c)) firstSeen.push(c);
    }
    sections.forEach((section, s) => {
      const c = firstSeen[s];
      const own = [...Array(10_000).keys()].filter((i) => (i * 7) % customers === c);
      expect(section.startsWith(`Pelanggan Pelanggan ${c} / `)).toBe(true);
      const destinations = [...section.matchAll(/\|(L\d+)\|/g)].map((m) => m[1]);
      expect(destinations).toEqual(own.map((i) => `L${i}`));
      const sum = own.reduce((a, b) => a + b, 0);
      expect(section).toContain(`Total ${sum} dari ${own.length} panggilan`);
    });
  }, 60_000);
});
