import { describe, expect, it } from 'vitest';
import PizZip from 'pizzip';
import * as XLSX from 'xlsx';
import { SheetTable } from '../../../src/domain/sheet/sheetTable';
import {
  createGeneratorApi,
  missingRowMessage,
  NO_WORKBOOK_MESSAGE,
} from '../../../src/workers/generatorApi';
import { buildDocx, fixture, paragraph, textOf } from './docxBuilder';
import type { WorkerJob } from '../../../src/domain/generator/generationJob';

/** A workbook file of arrays of rows (the first row is the header), one sheet per entry. */
function workbookOf(sheets: Record<string, string[][]>): ArrayBuffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets))
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return bytes;
}

const pelanggan = [
  ['Nama', 'Kota', 'Catatan'],
  ['Budi', 'Bandung', 'satu'],
  ['Sari', '', '—'], // one filled value: skipped by the merge
  ['Tono', 'Medan', 'tiga'],
  ['Dewi', 'Bogor', 'empat'],
];
const kota = [
  ['Nama', 'Kota'],
  ['Eko', 'Surabaya'],
];

const template = () => buildDocx({ body: paragraph('{nama} di {kota}') });
const mapping = { nama: 'Nama', kota: 'Kota' };

/** The rows of a sheet the worker holds (no file along), as a merged document. */
const held = (sheet: string) => ({ file: null, sheet });
function job(sheet: string, rows: number[], file: ArrayBuffer | null = null): WorkerJob {
  return {
    template: template(),
    data: { file, sheet },
    rows: Uint32Array.from(rows),
    mapping,
    formats: {},
    output: { kind: 'merged' },
  };
}

/** The text of each section of a merged document, in order. */
function sectionsOf(buffer: ArrayBuffer): string[] {
  const document = new PizZip(buffer).file('word/document.xml')!.asText();
  const body = document.slice(document.indexOf('<w:body>'), document.indexOf('</w:body>'));
  return body
    .split(/<w:sectPr\b[\s\S]*?<\/w:sectPr>/)
    .slice(0, -1)
    .map(textOf);
}

describe('generator worker API: reading', () => {
  it('answers a workbook with the first sheet packed, and reads another sheet from the workbook it parsed', async () => {
    const api = createGeneratorApi();
    const first = await api.readWorkbook(await fixture('pelanggan_50.xlsx'));
    expect(first.sheetNames).toEqual(['Pelanggan', 'Ringkasan']);
    expect(first.table.text).toBeInstanceOf(Uint8Array);
    expect(first.table.offsets).toBeInstanceOf(Uint32Array);
    const second = new SheetTable(await api.readSheet(held('Ringkasan')));
    expect(second.headers).toEqual(['Periode', 'Jumlah Pelanggan', 'Total']);
    const back = await api.readSheet(held('Pelanggan'));
    expect(back.rowCount).toBe(first.table.rowCount);
  });

  it('packs the cells as the reading rules give them', async () => {
    const api = createGeneratorApi();
    const { table: sheet } = await api.readWorkbook(workbookOf({ Pelanggan: pelanggan }));
    const table = new SheetTable(sheet);
    expect(table.rowCount).toBe(4);
    expect(table.row(1)).toEqual({ Nama: 'Sari', Kota: '', Catatan: '—' });
  });

  it("keeps a '__proto__' header a plain column from the workbook to the preview and the export", async () => {
    const api = createGeneratorApi();
    const { table: sheet } = await api.readWorkbook(
      workbookOf({
        Data: [
          ['__proto__', 'Nama'],
          ['x', 'Budi'],
        ],
      }),
    );
    const row = new SheetTable(sheet).row(0);
    expect(Object.keys(row)).toEqual(['__proto__', 'Nama']);
    expect(row['__proto__']).toBe('x');
    const result = await api.exportRows({
      data: held('Data'),
      rows: Uint32Array.of(0),
      mapping: { proto: '__proto__' },
    });
    const exported = XLSX.read(await result.file.arrayBuffer(), { type: 'array' }).Sheets[
      'Selected Data'
    ];
    expect(XLSX.utils.sheet_to_json(exported, { header: 1 })).toEqual([['proto'], ['x']]);
    expect(({} as Record<string, unknown>).Nama).toBeUndefined();
  });

  it('reads a sheet of a file sent again (a fresh worker after a cancel)', async () => {
    const api = createGeneratorApi();
    await expect(api.readSheet(held('Ringkasan'))).rejects.toThrow(NO_WORKBOOK_MESSAGE);
    const sheet = await api.readSheet({
      file: await fixture('pelanggan_50.xlsx'),
      sheet: 'Ringkasan',
    });
    expect(sheet.rowCount).toBe(1);
  });

  it('forgets the previous workbook when a new file fails to read', async () => {
    const api = createGeneratorApi();
    await api.readWorkbook(await fixture('pelanggan_50.xlsx'));
    await expect(api.readWorkbook(new ArrayBuffer(51 * 1024 * 1024))).rejects.toThrow(
      'The data file is 51.00 MB; a data file can be at most 50 MB.',
    );
    await expect(api.readSheet(held('Ringkasan'))).rejects.toThrow(NO_WORKBOOK_MESSAGE);
    await expect(
      api.exportRows({
        data: held('Pelanggan'),
        rows: Uint32Array.of(0),
        mapping: { nama: 'Nama' },
      }),
    ).rejects.toThrow(NO_WORKBOOK_MESSAGE);
  });
});

describe('generator worker API: merge and export by row index', () => {
  it('merges the rows it holds at the given indexes, in the given order, skipping rows without enough data', async () => {
    const api = createGeneratorApi();
    await api.readWorkbook(workbookOf({ Pelanggan: pelanggan }));
    const progress: number[] = [];
    const result = await api.generate(job('Pelanggan', [3, 1, 0]), (p) =>
      progress.push(p.processed),
    );
    expect(result.count).toBe(2);
    expect(result.skipped).toBe(1);
    // The file comes as a Blob of its type, ready for the page to download.
    expect(result.file.type).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(sectionsOf(await result.file.arrayBuffer())).toEqual([
      'Dewi di Bogor',
      'Budi di Bandung',
    ]);
    expect(progress.at(-1)).toBe(3);

    const zip = await api.generate({
      ...job('Pelanggan', [3, 1, 0]),
      output: { kind: 'zip', nameColumn: 'Nama' },
    });
    expect(zip.file.type).toBe('application/zip');
    const unzipped = new PizZip(await zip.file.arrayBuffer());
    expect(Object.keys(unzipped.files)).toHaveLength(2);
    // The files' names in order, as the e-mail of each row names each row's .docx in the zip.
    const names = Object.keys(unzipped.files);
    expect(zip.sectionNames).toEqual(names);
    expect(sectionsOf(unzipped.file(names[0])!.asUint8Array().slice().buffer)).toEqual([
      'Dewi di Bogor',
    ]);
  });

  it('merges from the sheet it is told, even after another sheet was read', async () => {
    const api = createGeneratorApi();
    await api.readWorkbook(workbookOf({ Pelanggan: pelanggan, Kota: kota }));
    await api.readSheet(held('Kota'));
    const result = await api.generate(job('Pelanggan', [2]));
    expect(sectionsOf(await result.file.arrayBuffer())).toEqual(['Tono di Medan']);
    const other = await api.generate(job('Kota', [0]));
    expect(sectionsOf(await other.file.arrayBuffer())).toEqual(['Eko di Surabaya']);
  });

  it('refuses an index past the last row, naming the row as the preview numbers it', async () => {
    const api = createGeneratorApi();
    await api.readWorkbook(workbookOf({ Pelanggan: pelanggan }));
    await expect(api.generate(job('Pelanggan', [0, 4]))).rejects.toThrow(
      missingRowMessage(4, 'Pelanggan'),
    );
    expect(missingRowMessage(4, 'Pelanggan')).toBe('Row 5 is not in sheet "Pelanggan"');
  });

  it('needs a workbook before a merge (a fresh worker gets the file again from the bridge)', async () => {
    const api = createGeneratorApi();
    await expect(api.generate(job('Pelanggan', [0]))).rejects.toThrow(NO_WORKBOOK_MESSAGE);
    const result = await api.generate(job('Pelanggan', [0], workbookOf({ Pelanggan: pelanggan })));
    expect(sectionsOf(await result.file.arrayBuffer())).toEqual(['Budi di Bandung']);
  });

  it('exports the rows at the given indexes with the mapped columns', async () => {
    const api = createGeneratorApi();
    await api.readWorkbook(workbookOf({ Pelanggan: pelanggan }));
    const result = await api.exportRows({
      data: held('Pelanggan'),
      rows: Uint32Array.of(3, 1),
      mapping: { kota: 'Kota', nama: 'Nama' },
      now: new Date(2024, 5, 1),
    });
    expect(result.fileName).toBe('Tagihan_Voice_2024-06-01.xlsx');
    expect(result.file.type).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = XLSX.read(await result.file.arrayBuffer(), { type: 'array' }).Sheets[
      'Selected Data'
    ];
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([
      ['kota', 'nama'],
      ['Bogor', 'Dewi'],
      [undefined, 'Sari'],
    ]);
  });
});

describe('generator worker API: one compile for previews and the merge', () => {
  const bodyText = (preview: { body: readonly { kind: string; text?: string }[] }) =>
    preview.body.map((block) => block.text ?? '').join('\n');

  it('previews follow a changed template, mapping and format, and the merge after them agrees', async () => {
    const api = createGeneratorApi();
    await api.readWorkbook(workbookOf({ Pelanggan: pelanggan }));
    const source = { template: template(), data: held('Pelanggan'), mapping, formats: {} };
    expect(bodyText(await api.previewRow(source, 0))).toBe('Budi di Bandung');
    expect(bodyText(await api.previewRow(source, 2))).toBe('Tono di Medan');
    const other = buildDocx({ body: paragraph('{nama} dari {kota}') });
    expect(bodyText(await api.previewRow({ ...source, template: other }, 2))).toBe(
      'Tono dari Medan',
    );
    const swapped = { ...source, template: other, mapping: { nama: 'Kota', kota: 'Nama' } };
    expect(bodyText(await api.previewRow(swapped, 2))).toBe('Medan dari Tono');
    const upper = { ...swapped, formats: { kota: 'upper' as const } };
    expect(bodyText(await api.previewRow(upper, 2))).toBe('Medan dari TONO');
    const merged = await api.generate({
      ...upper,
      rows: Uint32Array.of(2),
      output: { kind: 'merged' },
    });
    expect(sectionsOf(await merged.file.arrayBuffer())).toEqual(['Medan dari TONO']);
  });
});
