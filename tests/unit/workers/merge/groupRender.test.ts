// Group rows by, rendered (issue 21 "Done when"): 10,000 call lines of 2,000 customers merged into
// 2,000 sections, converted by the real LibreOffice and read back with pdftotext: every page holds
// its customer and exactly that customer's lines.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as XLSX from 'xlsx';
import { afterAll, expect, test } from 'vitest';
import { createGeneratorApi } from '../../../../src/workers/generatorApi';
import { buildDocx, paragraph } from '../docxBuilder';

const dir = mkdtempSync(path.join(tmpdir(), 'group-render-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cell = (text: string) => `<w:tc>${paragraph(text)}</w:tc>`;
const LINES = 10_000;
const CUSTOMERS = 2_000;
/** Customers interleaved, so no customer's lines are next to each other in the sheet. */
const customerOf = (line: number) => (line * 7) % CUSTOMERS;

function workbook(): ArrayBuffer {
  const rows: (string | number)[][] = [['Pelanggan', 'Nama', 'Tujuan', 'Biaya']];
  for (let i = 0; i < LINES; i++)
    rows.push([`P${customerOf(i)}`, `Nama${customerOf(i)}`, `Line${i}`, i]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Lines');
  return XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
}

function renderedText(docx: ArrayBuffer): string {
  writeFileSync(path.join(dir, 'grouped.docx'), Buffer.from(docx));
  execFileSync(
    'soffice',
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
      path.join(dir, 'grouped.docx'),
    ],
    { stdio: 'ignore', timeout: 600_000 },
  );
  return execFileSync('pdftotext', [path.join(dir, 'grouped.pdf'), '-'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
}

test('10,000 lines of 2,000 customers: 2,000 pages, each with exactly its own lines', async () => {
  const result = await createGeneratorApi().generate({
    template: buildDocx({
      body:
        paragraph('Invoice {Nama}') +
        `<w:tbl><w:tr>${cell('{#lines}{Tujuan}')}${cell('{Biaya}{/lines}')}</w:tr></w:tbl>` +
        paragraph('Lines {count} total {sum:Biaya}'),
    }),
    data: { file: workbook(), sheet: 'Lines' },
    rows: Uint32Array.from({ length: LINES }, (_, i) => i),
    mapping: {
      Nama: 'Nama',
      lines: '',
      Tujuan: 'Tujuan',
      Biaya: 'Biaya',
      count: '',
      'sum:Biaya': '',
    },
    formats: {},
    output: { kind: 'merged' },
    groupBy: 'Pelanggan',
  });
  expect(result.count).toBe(CUSTOMERS);
  const pages = renderedText(await result.file.arrayBuffer())
    .split('\f')
    .filter((page) => page.trim() !== '');
  expect(pages).toHaveLength(CUSTOMERS);
  const seen = new Set<number>();
  for (const page of pages) {
    const customer = Number(/Invoice Nama(\d+)/.exec(page)?.[1]);
    expect(seen.has(customer)).toBe(false);
    seen.add(customer);
    const own = Array.from({ length: LINES }, (_, i) => i).filter(
      (i) => customerOf(i) === customer,
    );
    expect([...page.matchAll(/Line(\d+)/g)].map((m) => Number(m[1]))).toEqual(own);
    const sum = own.reduce((a, b) => a + b, 0);
    expect(page).toContain(`Lines ${own.length} total ${sum}`);
  }
}, 300_000);
