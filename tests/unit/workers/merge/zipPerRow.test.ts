import { expect, test } from 'vitest';
import PizZip from 'pizzip';
import { safeFileBase, uniqueFileNames } from '../../../../src/domain/generator/outputFileName';
import { zipPerRow } from '../../../../src/workers/merge/zipPerRow';
import { buildDocx, paragraph, textOf } from '../docxBuilder';

test('file names: unsafe characters replaced, repeats numbered, empty falls back', () => {
  expect(safeFileBase('INV/2024/00007', 'Row 1')).toBe('INV-2024-00007');
  expect(safeFileBase(' a:b*c?"<>|\\ ', 'Row 1')).toBe('a-b-c------');
  expect(safeFileBase(' .. ', 'Row 4')).toBe('Row 4');
  expect(uniqueFileNames(['A', 'a', 'A', 'B'], '.docx')).toEqual([
    'A.docx',
    'a (2).docx',
    'A (3).docx',
    'B.docx',
  ]);
});

test('one document per row with enough data, named by the chosen text', async () => {
  const template = buildDocx({ body: paragraph('Kepada {nama}'), header: paragraph('No {nomor}') });
  const rows = [
    { Nama: 'Ani', Nomor: 'INV/1' },
    { Nama: 'Budi', Nomor: '' },
    { Nama: 'Cici', Nomor: 'INV/1' },
  ];
  const progress: number[] = [];
  const result = await zipPerRow({
    template,
    rows,
    mapping: { nama: 'Nama', nomor: 'Nomor' },
    names: rows.map((r) => r.Nomor),
    rowNumbers: [4, 5, 6],
    onProgress: (p) => progress.push(p.processed),
    now: new Date(2025, 10, 23),
  });
  expect(result).toMatchObject({
    kind: 'zip',
    fileName: 'Invoices_2025-11-23.zip',
    count: 2,
    skipped: 1,
    sectionNames: ['INV-1.docx', 'INV-1 (2).docx'],
  });
  expect(progress.at(-1)).toBe(3);
  const zip = new PizZip(await result.bytes.arrayBuffer());
  expect(Object.keys(zip.files).sort()).toEqual(['INV-1 (2).docx', 'INV-1.docx']);
  const second = new PizZip(zip.file('INV-1 (2).docx')!.asUint8Array());
  expect(textOf(second.file('word/document.xml')!.asText())).toContain('Kepada Cici');
  expect(textOf(second.file('word/header1.xml')!.asText())).toContain('No INV/1');
});
