// Writes a minimal legacy Excel 5.0/95 workbook (BIFF5 in an OLE2 container), the way old
// accounting programs still export them: one CODEPAGE record for the whole file and every string
// stored as 8-bit text in that code page (1251 Cyrillic, 1255 Hebrew, 1253 Greek…). SheetJS cannot
// write such a file itself (its BIFF5 writer has no code page), so the records are laid out here.
import * as XLSX from 'xlsx';
import * as codepages from 'xlsx/dist/cpexcel.full.mjs';
import type { CP$Module } from 'xlsx/dist/cpexcel.full.mjs';

// The .mjs exports `utils` itself; its typings only describe the default object.
const cptable = codepages as unknown as CP$Module;

const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];

function record(type: number, body: ArrayLike<number>): number[] {
  return [...u16(type), ...u16(body.length), ...Array.from(body)];
}

function encode(codePage: number, text: string): number[] {
  return Array.from(cptable.utils.encode(codePage, text) as ArrayLike<number>);
}

const BOF = (kind: number) =>
  record(0x0809, [...u16(0x0500), ...u16(kind), ...u16(0x0dbb), ...u16(0x07cc)]);
const EOF = record(0x000a, []);

export function biff5Workbook(
  codePage: number,
  sheetName: string,
  cells: (string | number)[][],
): ArrayBuffer {
  const name = encode(codePage, sheetName);
  const head = [...BOF(0x0005), ...record(0x0042, u16(codePage))];
  // BOUNDSHEET points at the sheet's BOF: after itself (4 + 7 + name) and the globals' EOF.
  const sheetOffset = head.length + 4 + 7 + name.length + EOF.length;
  const globals = [
    ...head,
    ...record(0x0085, [...u32(sheetOffset), ...u16(0), name.length, ...name]),
    ...EOF,
  ];
  const columns = Math.max(...cells.map((row) => row.length));
  const sheet = [
    ...BOF(0x0010),
    ...record(0x0200, [...u16(0), ...u16(cells.length), ...u16(0), ...u16(columns), 0, 0]),
  ];
  cells.forEach((row, r) =>
    row.forEach((value, c) => {
      if (typeof value === 'number') {
        const bytes = new Uint8Array(8);
        new DataView(bytes.buffer).setFloat64(0, value, true);
        sheet.push(...record(0x0203, [...u16(r), ...u16(c), ...u16(0), ...bytes])); // NUMBER
      } else {
        const text = encode(codePage, value);
        sheet.push(
          ...record(0x0204, [...u16(r), ...u16(c), ...u16(0), ...u16(text.length), ...text]),
        ); // LABEL
      }
    }),
  );
  sheet.push(...EOF);
  const container = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(container, 'Book', Uint8Array.from([...globals, ...sheet]));
  const bytes = XLSX.CFB.write(container, { type: 'array' }) as unknown as ArrayLike<number>;
  return Uint8Array.from(bytes).buffer;
}
