// The delivery's lazy PDF reader (src/server/pdf/lazyPdf.ts, docs/delivery.md "Memory"): a
// recipient's cut read lazily is the cut of pdf-lib's whole parse, byte for byte, on the PDFs the
// product sends (LibreOffice's own, and LibreOffice chunks joined by src/server/pdf/join.ts), and
// what it does not read (object streams, a broken or hostile file) is refused so the whole parse
// takes over, without a crash or a hang.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as lib from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { documentSource, pageCutter } from '../../../src/domain/pdf/pageCut';
import { lazySource, openCutter, pdfPageCount } from '../../../src/server/delivery/pdfCut';
import { PdfJoiner } from '../../../src/server/pdf/join';
import { openLazyPdf, PdfRefused, scannedPageParent } from '../../../src/server/pdf/lazyPdf';
import { pdfImageSizes, pdfPages, pdfText, sofficeToPdf } from '../../support/pdfTools';
import { buildPackage, drawing, pageBreak, paragraph, png } from '../../support/linkedDocx';

const { PDFDocument, StandardFonts } = lib;
const dir = mkdtempSync(path.join(tmpdir(), 'lazy-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** LibreOffice's PDF of `rows` pages, each its invoice number and a picture of its own size. */
function libreOfficePdf(name: string, rows: string[]): Buffer {
  const docx = buildPackage({
    body: rows
      .map(
        (row, i) => paragraph(`Invoice ${row}`) + `<w:p>${drawing({ embed: `rIdPic${i}` })}</w:p>`,
      )
      .join(pageBreak),
    relations: rows.map((_, i) => ({
      id: `rIdPic${i}`,
      type: 'image',
      target: `media/pic${i}.png`,
    })),
    parts: Object.fromEntries(
      rows.map((_, i) => [`word/media/pic${i}.png`, png(10 + i, 10 + i, [40 * i, 90, 200])]),
    ),
  });
  writeFileSync(path.join(dir, `${name}.docx`), docx);
  sofficeToPdf(dir, [path.join(dir, `${name}.docx`)]);
  return readFileSync(path.join(dir, `${name}.pdf`));
}

/** The chunks joined as the server joins a long document's chunks. */
async function joined(chunks: Uint8Array[]): Promise<Buffer> {
  const file = path.join(dir, `joined-${chunks.length}.pdf`);
  const joiner = new PdfJoiner(file);
  for (const chunk of chunks) await joiner.append(chunk);
  joiner.finish();
  return readFileSync(file);
}

/**
 * Every page cut alone, read lazily and from pdf-lib's whole parse: equal bytes, text and
 * pictures; each page its text and its one picture (`pictures`: its size, as pdfimages lists it).
 */
async function expectSameCuts(bytes: Uint8Array, texts: string[], pictures: string[]) {
  const pages = texts.length;
  const lazy = pageCutter(lib, lazySource(lib, openLazyPdf(lib, bytes)));
  const whole = pageCutter(
    lib,
    documentSource(lib, await PDFDocument.load(bytes, { updateMetadata: false })),
  );
  expect(lazy.pageCount).toBe(pages);
  expect(whole.pageCount).toBe(pages);
  for (let page = 1; page <= pages; page++) {
    const [mine, theirs] = [lazy.cut(page, page), whole.cut(page, page)];
    expect(Buffer.from(mine).equals(theirs)).toBe(true);
    expect(await pdfText(mine)).toBe(await pdfText(theirs));
    expect(await pdfText(mine)).toContain(texts[page - 1]);
    expect(await pdfImageSizes(mine)).toEqual(await pdfImageSizes(theirs));
    expect(await pdfImageSizes(mine)).toEqual([pictures[page - 1]]);
  }
  const range = lazy.cut(2, pages);
  expect(Buffer.from(range).equals(whole.cut(2, pages))).toBe(true);
  expect(await pdfPages(range)).toBe(pages - 1);
}

const SIZES = ['10x10', '11x11', '12x12'];

describe('on the PDFs the product sends', () => {
  let office: Buffer;
  beforeAll(() => {
    office = libreOfficePdf('office', ['A-1', 'A-2', 'A-3']);
  }, 180_000);

  test("LibreOffice's own PDF (streams whose /Length is an indirect reference)", async () => {
    expect(office.toString('latin1')).toMatch(/\/Length \d+ 0 R/);
    await expectSameCuts(office, ['Invoice A-1', 'Invoice A-2', 'Invoice A-3'], SIZES.slice(0, 3));
  });

  test('LibreOffice chunks joined by join.ts', async () => {
    const merged = await joined([office, libreOfficePdf('second', ['B-1', 'B-2'])]);
    const texts = ['A-1', 'A-2', 'A-3', 'B-1', 'B-2'].map((row) => `Invoice ${row}`);
    await expectSameCuts(merged, texts, [...SIZES.slice(0, 3), ...SIZES.slice(0, 2)]);
    expect(await pdfPageCount(lib, merged)).toBe(5);
  });
});

/** A pdf-lib PDF of `pages` pages, each its invoice number. */
async function pdfLibPdf(pages: number, useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([300, 200]).drawText(`Invoice INV-${i}`, { x: 20, y: 150, size: 14, font });
  return doc.save({ useObjectStreams });
}

test('a PDF with object streams is refused by the lazy reader and cut from the whole parse', async () => {
  const bytes = await pdfLibPdf(3, true);
  expect(() => openLazyPdf(lib, bytes)).toThrow(PdfRefused);
  const merged = await openCutter(lib, bytes);
  expect(merged.pageCount).toBe(3);
  expect(await pdfText(await merged.cut(2, 2))).toContain('Invoice INV-2');
  expect(await pdfText(await merged.cut(2, 2))).not.toMatch(/INV-[13]/);
  expect(await pdfPageCount(lib, bytes)).toBe(3);
});

/** A hand-written PDF of these objects (1-based), its table and trailer written as asked. */
function handMade(objects: string[], tweak: (xref: string) => string = (x) => x): Uint8Array {
  let out = '%PDF-1.7\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const table = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f\r',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n\r`),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(out.length),
    '%%EOF',
    '',
  ].join('\n');
  return Buffer.from(out + tweak(table), 'latin1');
}

const PAGE = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>';

describe('hostile or broken files: refused, no crash, no hang', () => {
  test('a well-formed hand-made file is read (the cases below differ from it in one thing)', async () => {
    const bytes = handMade([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      PAGE,
    ]);
    expect(openLazyPdf(lib, bytes).pageCount).toBe(1);
  });

  test('a page tree that loops', async () => {
    const bytes = handMade([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
      PAGE,
      '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
    ]);
    expect(() => openLazyPdf(lib, bytes)).toThrow(/loops|Parent/);
    // pdf-lib's whole parse does not read it either: the hand-over answers 422 notPdf.
    await expect(pdfPageCount(lib, bytes)).rejects.toThrow();
    await expect(openCutter(lib, bytes)).rejects.toThrow();
  });

  test('an xref offset beyond the end of the file', async () => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      PAGE,
    ];
    const startxref = handMade(objects, (x) => x.replace(/startxref\n\d+/, 'startxref\n999999'));
    expect(() => openLazyPdf(lib, startxref)).toThrow(/beyond the end/);
    const entry = handMade(objects, (x) =>
      x.replace(/\d{10} 00000 n\r\ntrailer/, '0000999999 00000 n\r\ntrailer'),
    );
    expect(() => openLazyPdf(lib, entry)).toThrow(/outside the file/);
    // pdf-lib reads both by scanning for objects: the fallback still cuts the page.
    for (const bytes of [startxref, entry]) {
      expect(await pdfPageCount(lib, bytes)).toBe(1);
      expect(await pdfPages(await (await openCutter(lib, bytes)).cut(1, 1))).toBe(1);
    }
  });

  test('a page tree whose /Count is not its pages', async () => {
    const bytes = handMade([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 7 >>',
      PAGE,
    ]);
    expect(() => openLazyPdf(lib, bytes)).toThrow(/Count/);
    expect(await pdfPageCount(lib, bytes)).toBe(1);
  });

  test('a truncated file', async () => {
    const whole = await joined([await pdfLibPdf(4, false)]);
    for (const end of [whole.length - 10, Math.floor(whole.length / 2), 20]) {
      const bytes = whole.subarray(0, end);
      expect(() => openLazyPdf(lib, bytes)).toThrow(PdfRefused);
      // Whatever pdf-lib makes of the rest, the answer comes (a count, or an error: 422).
      await pdfPageCount(lib, bytes).then(
        (pages) => expect(pages).toBeLessThanOrEqual(4),
        (error) => expect(error).toBeInstanceOf(Error),
      );
    }
  });

  test('an object that is not where the table says: the cut falls back to the whole parse', async () => {
    // The page's content is object 4, whose table entry points at object 3's bytes: the page tree
    // reads well, the cut meets the lie.
    const bytes = handMade(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
        '<< /Length 8 >>\nstream\n0 0 m S\n\nendstream',
      ],
      (x) => {
        const lines = x.split('\n');
        lines[6] = lines[5];
        return lines.join('\n');
      },
    );
    expect(openLazyPdf(lib, bytes).pageCount).toBe(1);
    const merged = await openCutter(lib, bytes);
    const cut = await merged.cut(1, 1);
    expect(await pdfPages(cut)).toBe(1);
    expect(cut.toString('latin1')).toContain('0 0 m S');
  });

  test('encryption is refused', () => {
    const bytes = handMade(
      ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', PAGE],
      (x) => x.replace('/Root 1 0 R', '/Root 1 0 R /Encrypt << /Filter /Standard >>'),
    );
    expect(() => openLazyPdf(lib, bytes)).toThrow(/encrypted/);
  });
});

describe("the page scan: a page's /Type and /Parent read from its bytes, never wrongly", () => {
  const at = (body: string) => {
    const bytes = Buffer.from(`%PDF-1.7\n7 0 obj\n${body}\nendobj\n`, 'latin1');
    return scannedPageParent(bytes, 9, 7, 0);
  };

  test('pages as LibreOffice, join.ts and pdf-lib write them', () => {
    expect(
      at(
        '<</Type/Page/Parent 3001 0 R/Resources 3013 0 R/MediaBox[0 0 595.3 841.9]/Contents 2 0 R>>',
      ),
    ).toBe(3001);
    expect(
      at(
        '<</Type /Page\n/Resources <</Font <</Helvetica-709 2004 0 R\n>>\n/XObject <<>>\n>>\n/MediaBox [0 0 300 200 ]\n/Annots []\n/Contents [2005 0 R ]\n/Parent 1 0 R\n>>',
      ),
    ).toBe(1);
  });

  test('what it cannot vouch for is -1, so the caller parses the object', () => {
    // a tree node, not a page
    expect(at('<< /Type /Pages /Parent 2 0 R /Kids [] /Count 0 >>')).toBe(-1);
    // /Type /Page only inside a nested dictionary
    expect(at('<< /Parent 2 0 R /X << /Type /Page >> >>')).toBe(-1);
    // a /Parent that is not a reference
    expect(at('<< /Type /Page /Parent 2 >>')).toBe(-1);
    // the object is not numbered as asked, or not a dictionary
    const bytes = Buffer.from('%PDF-1.7\n8 0 obj\n<< /Type /Page /Parent 2 0 R >>\nendobj\n');
    expect(scannedPageParent(bytes, 9, 7, 0)).toBe(-1);
    expect(at('[ /Type /Page ]')).toBe(-1);
    // cut short, or a string that never closes
    expect(at('<< /Type /Page /Parent 2 0 R')).toBe(-1);
    expect(at('<< /Type /Page /T (a \\) b /Parent 2 0 R >>')).toBe(-1);
  });

  test('strings, hex strings and nesting hide nothing from it', () => {
    expect(at('<< /T (x /Type /Pages (nested) \\( ) /Type /Page /H <2F54> /Parent 5 0 R >>')).toBe(
      5,
    );
    expect(at('<< /A [ [ << /Type /Pages /Parent 9 0 R >> ] ] /Parent 4 0 R /Type /Page >>')).toBe(
      4,
    );
    const deep = '<< /A '.repeat(40) + '1' + ' >>'.repeat(40);
    expect(at(`<< /Type /Page /Parent 2 0 R /D ${deep} >>`)).toBe(-1);
  });

  test('a page tree whose pages the scan vouches for is read without parsing them, in order', async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i < 30; i++) pdf.addPage([100 + i, 100]);
    const bytes = await joined([new Uint8Array(await pdf.save({ useObjectStreams: false }))]);
    const lazy = openLazyPdf(lib, bytes);
    const whole = await PDFDocument.load(bytes);
    expect(lazy.pageCount).toBe(30);
    whole.getPages().forEach((page, i) => {
      expect(lazy.pageRef(i).objectNumber).toBe(page.ref.objectNumber);
    });
  });
});
