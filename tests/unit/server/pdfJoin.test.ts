// The chunks' PDFs are joined in a worker thread (src/server/pdf/joinInThread.ts), fed as they are
// converted: the joined file has every page in order with one outline entry per chunk's section
// marker whatever order the chunks finish in, it grows before the last chunk is there, the
// server's event loop stays free while it is made, and a cancelled job ends the thread without a
// file.
import { mkdtempSync } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { PDFDocument, PDFDict, PDFName, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { expect, test, vi } from 'vitest';
import { startJoin } from '../../../src/server/pdf/joinInThread';
import { pdfText } from '../../support/pdfTools';

const dir = mkdtempSync(join(tmpdir(), 'pdf-join-'));

/** A PDF of `pages` pages whose first page is the target of one top-level outline entry `title`. */
async function chunk(name: string, pages: number, title: string): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage().drawText(`${name} page ${i + 1}`, { x: 40, y: 400, size: 12, font });
  const context = doc.context;
  const root = context.nextRef();
  const item = context.nextRef();
  context.assign(
    item,
    context.obj({
      Title: PDFString.of(title),
      Parent: root,
      Dest: [doc.getPage(0).ref, 'XYZ', null, null, null],
    }),
  );
  context.assign(root, context.obj({ Type: 'Outlines', First: item, Last: item, Count: 1 }));
  doc.catalog.set(PDFName.of('Outlines'), root);
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, await doc.save());
  return file;
}

/** Joins the files, handed over in `order` (their positions), into `output`. */
function joinFiles(files: string[], output: string, signal: AbortSignal, order = files.keys()) {
  const joining = startJoin(output, files.length, signal);
  for (const at of order) joining.add(at, files[at]);
  return joining.done;
}

/** Each top-level outline entry's title and the 0-based page it points at. */
async function outlineOf(file: string): Promise<{ titles: string[]; targets: number[] }> {
  const pdf = await PDFDocument.load(await readFile(file));
  const titles: string[] = [];
  const pageOf = new Map(pdf.getPages().map((page, i) => [page.ref.toString(), i]));
  const targets: number[] = [];
  let item = pdf.catalog
    .lookupMaybe(PDFName.of('Outlines'), PDFDict)
    ?.lookupMaybe(PDFName.of('First'), PDFDict);
  while (item) {
    titles.push(String(item.lookup(PDFName.of('Title'))).replace(/^\(|\)$/g, ''));
    const dest = item.lookup(PDFName.of('Dest'))?.toString();
    targets.push(pageOf.get(String(dest?.match(/\d+ 0 R/)?.[0]))!);
    item = item.lookupMaybe(PDFName.of('Next'), PDFDict);
  }
  return { titles, targets };
}

test('joins the chunks in order with their outline entries, the event loop idle meanwhile', async () => {
  const files = [
    await chunk('a', 400, 'Section 1'),
    await chunk('b', 400, 'Section 2'),
    await chunk('c', 400, 'Section 3'),
  ];
  const output = join(dir, 'joined.pdf');
  const before = performance.eventLoopUtilization();
  const joined = await joinFiles(files, output, new AbortController().signal);
  const utilisation = performance.eventLoopUtilization(before).utilization;
  expect(joined.pages).toBe(1_200);
  expect((await stat(output)).size).toBe(joined.size);
  // The server's event loop is mostly idle meanwhile: pdf-lib parsing and copying 1,200 pages on
  // it kept it busy three quarters of the time (0.75 when tried, against 0.004 in the thread).
  expect(utilisation).toBeLessThan(0.25);
  expect(await outlineOf(output)).toEqual({
    titles: ['Section 1', 'Section 2', 'Section 3'],
    targets: [0, 400, 800],
  });
});

test('chunks that finish out of order are joined in order, each as soon as those before it are', async () => {
  const files = [
    await chunk('first', 3, 'Section 1'),
    await chunk('second', 5, 'Section 2'),
    await chunk('third', 2, 'Section 3'),
    await chunk('fourth', 4, 'Section 4'),
  ];
  const output = join(dir, 'out-of-order.pdf');
  const joining = startJoin(output, files.length, new AbortController().signal);
  joining.add(2, files[2]);
  joining.add(0, files[0]);
  joining.add(1, files[1]);
  // The first three chunks are written before the fourth is converted.
  await vi.waitFor(async () => expect((await stat(output)).size).toBeGreaterThan(3_000), {
    timeout: 30_000,
  });
  joining.add(3, files[3]);
  const joined = await joining.done;
  expect(joined.pages).toBe(14);
  const pdf = await readFile(output);
  const pages = await Promise.all([1, 3, 4, 8, 9, 10, 11, 14].map((page) => pdfText(pdf, page)));
  expect(pages.map((text) => text.trim())).toEqual([
    'first page 1',
    'first page 3',
    'second page 1',
    'second page 5',
    'third page 1',
    'third page 2',
    'fourth page 1',
    'fourth page 4',
  ]);
  expect(await outlineOf(output)).toEqual({
    titles: ['Section 1', 'Section 2', 'Section 3', 'Section 4'],
    targets: [0, 3, 8, 10],
  });
});

test('a cancelled join ends its thread and writes no file', async () => {
  const files = [await chunk('d', 1_500, 'Section 1'), await chunk('e', 1_500, 'Section 2')];
  const output = join(dir, 'cancelled.pdf');
  const stop = new AbortController();
  const joining = joinFiles(files, output, stop.signal);
  setTimeout(() => stop.abort(), 50);
  await expect(joining).rejects.toMatchObject({ outcome: 'aborted' });
  await expect(stat(output)).rejects.toMatchObject({ code: 'ENOENT' });
});
