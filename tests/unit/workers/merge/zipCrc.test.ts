import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import PizZip from 'pizzip';
import { zipPerRow } from '../../../../src/workers/merge/zipPerRow';

// A Word-saved template of docxtemplater's (two style parts, a theme: most of each row's file is
// the template's untouched bytes, whose CRC the zip folds in rather than reads), tags in its header.
const template = readFileSync(
  path.join(__dirname, '../../../fixtures/corpus/docxtemplater-tag-example.docx'),
);

test("every row's file in the zip carries the CRC-32 of its own bytes", async () => {
  const rows = Array.from({ length: 3 }, (_, i) => ({
    a: `Ani ${i}`,
    b: `Wijaya ${i}`,
    c: `0812-${i}`,
    d: `Pelanggan ${i}`,
  }));
  const names = ['first_name', 'last_name', 'phone', 'description'];
  const result = await zipPerRow({
    template: template.slice().buffer,
    rows,
    mapping: Object.fromEntries(names.map((n, i) => [n, 'abcd'[i]])),
    names: rows.map((r) => r.a),
    rowNumbers: [2, 3, 4],
  });
  // pizzip checks each entry's CRC when asked to: a wrong one throws 'Corrupted zip : CRC32 mismatch'.
  const zip = new PizZip(await result.bytes.arrayBuffer(), { checkCRC32: true });
  expect(Object.keys(zip.files).sort()).toEqual(['Ani 0.docx', 'Ani 1.docx', 'Ani 2.docx']);
  for (let i = 0; i < 3; i++) {
    const row = new PizZip(zip.file(`Ani ${i}.docx`)!.asUint8Array(), { checkCRC32: true });
    expect(row.file('word/document.xml')!.asText()).toContain(`Wijaya ${i}`);
    expect(row.file('word/header1.xml')!.asText()).toContain(`Pelanggan ${i}`);
  }
});

test('a zip of more rows than its buffer holds keeps every file whole and in order', async () => {
  // Each row's file is written whole into an 8 MB buffer that becomes a Blob of the zip when full
  // (sharedZip.ts): 600 rows of ≈ 18 kB cross it.
  const rows = Array.from({ length: 600 }, (_, i) => ({
    a: `Ani ${i}`,
    b: `Wijaya ${i}`,
    c: `0812-${i}`,
    d: `Pelanggan ${i}`.repeat(1 + (i % 7)),
  }));
  const names = ['first_name', 'last_name', 'phone', 'description'];
  const result = await zipPerRow({
    template: template.slice().buffer,
    rows,
    mapping: Object.fromEntries(names.map((n, i) => [n, 'abcd'[i]])),
    names: rows.map((r) => r.a),
    rowNumbers: rows.map((_, i) => i + 2),
  });
  expect(result.bytes.type).toBe('application/zip');
  expect(result.bytes.size).toBeGreaterThan(8 << 20);
  const zip = new PizZip(await result.bytes.arrayBuffer(), { checkCRC32: true });
  expect(Object.keys(zip.files)).toEqual(rows.map((r) => `${r.a}.docx`));
  for (const i of [0, 299, 599]) {
    const row = new PizZip(zip.file(`Ani ${i}.docx`)!.asUint8Array(), { checkCRC32: true });
    expect(row.file('word/document.xml')!.asText()).toContain(`Wijaya ${i}<`);
    expect(row.file('word/header1.xml')!.asText()).toContain(rows[i].d);
  }
});
