// Rows hidden in the workbook, by hand or by a filter (docs/rows.md). SheetJS gives them for .xls
// (`!rows[i].hidden`), for .xlsx only when it also reads every cell's style, which costs a fifth
// more on a large export, and never for .ods; so for .xlsx/.xlsm the sheet's XML is opened here,
// once per sheet asked for, and only its <row … hidden="1"> tags are read, and for .ods the rows
// of content.xml with a table:visibility. CSV has none.
import PizZip from 'pizzip';
import type { WorkBook } from 'xlsx';

/** The hidden rows (0-based, as the sheet numbers them) of a sheet of the workbook. */
export type HiddenRows = (sheet: string) => ReadonlySet<number>;

const NONE: ReadonlySet<number> = new Set();

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s(?:\\w+:)?${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1];
}

/** The sheet part's path of each sheet name, from the workbook part and its relationships. */
function sheetPaths(zip: PizZip): Map<string, string> {
  const paths = new Map<string, string>();
  const workbook = zip.file('xl/workbook.xml')?.asText() ?? '';
  const rels = zip.file('xl/_rels/workbook.xml.rels')?.asText() ?? '';
  const targets = new Map<string, string>();
  for (const [tag] of rels.matchAll(/<(?:\w+:)?Relationship\b[^>]*>/g)) {
    const id = attribute(tag, 'Id');
    const target = attribute(tag, 'Target');
    if (id && target)
      targets.set(
        id,
        target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`,
      );
  }
  for (const [tag] of workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = attribute(tag, 'name');
    const id = attribute(tag, 'id');
    const target = id === undefined ? undefined : targets.get(id);
    if (name !== undefined && target) paths.set(decodeXml(name), target);
  }
  return paths;
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|quot|apos|amp);/g, (_, entity: string) => XML_ENTITIES[entity]);
}
const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };

const HIDDEN = Array.from('hidden=', (c) => c.charCodeAt(0));
const ONE = 0x31; // '1'
const T = 0x74; // 't'

/**
 * The rows of one sheet part marked hidden. The bytes are searched for `hidden=` followed by a
 * quoted `1` or `t(rue)` without decoding the part (the part of a 100,000-row sheet is tens of
 * megabytes, and LibreOffice writes `hidden="false"` on every row); only the tags found are decoded.
 */
export function hiddenRowsOfPart(xml: Uint8Array): Set<number> {
  const hidden = new Set<number>();
  const latin1 = new TextDecoder('latin1');
  for (let at = xml.indexOf(HIDDEN[0]); at !== -1; at = xml.indexOf(HIDDEN[0], at + 1)) {
    let k = 1;
    while (k < HIDDEN.length && xml[at + k] === HIDDEN[k]) k++;
    if (k < HIDDEN.length) continue;
    const value = xml[at + k + 1]; // after the quote
    if (value !== ONE && value !== T) continue;
    const start = xml.lastIndexOf(0x3c, at); // '<'
    const end = xml.indexOf(0x3e, at); // '>'
    if (start === -1 || end === -1) continue;
    const tag = latin1.decode(xml.subarray(start, end));
    if (!/^<(?:\w+:)?row\s/.test(tag) || !/\s(?:\w+:)?hidden\s*=\s*["'](1|true)["']/.test(tag))
      continue;
    const r = Number(/\sr\s*=\s*["'](\d+)["']/.exec(tag)?.[1]);
    hidden.add(Number.isInteger(r) && r > 0 ? r - 1 : rowTagsBefore(xml, start));
  }
  return hidden;
}

/** The 0-based number of a row written without `r`: the row tags before it. */
function rowTagsBefore(xml: Uint8Array, end: number): number {
  const text = new TextDecoder('latin1').decode(xml.subarray(0, end));
  return (text.match(/<(?:\w+:)?row[\s>/]/g) ?? []).length;
}

function fromSheetJs(workbook: WorkBook, sheet: string): ReadonlySet<number> {
  const rows = Object.hasOwn(workbook.Sheets, sheet) ? workbook.Sheets[sheet]['!rows'] : undefined;
  if (!rows) return NONE;
  const hidden = new Set<number>();
  rows.forEach((row, i) => {
    if (row?.hidden) hidden.add(i);
  });
  return hidden;
}

/**
 * The hidden rows (0-based) of each table of an .ods `content.xml`, by table name: rows with
 * `table:visibility` `collapse` (hidden) or `filter` (filtered out), repeated rows counted, up to
 * `lastRow` of each table (a sheet ends in a million repeated empty rows).
 */
export function hiddenRowsOfOds(
  xml: string,
  lastRow: (table: string) => number,
): Map<string, Set<number>> {
  const found = new Map<string, Set<number>>();
  if (!/table:visibility="(collapse|filter)"/.test(xml)) return found;
  let table = '';
  let row = 0;
  let last = -1;
  for (const [tag] of xml.matchAll(/<table:table(?:-row)?\b[^>]*>|<\/table:table>/g)) {
    if (tag.startsWith('</')) {
      table = '';
      continue;
    }
    if (tag.startsWith('<table:table ') || tag === '<table:table>') {
      table = decodeXml(/\stable:name="([^"]*)"/.exec(tag)?.[1] ?? '');
      row = 0;
      last = lastRow(table);
      continue;
    }
    if (!/^<table:table-row[\s/>]/.test(tag)) continue; // not -row-group
    const repeated = Number(/\stable:number-rows-repeated="(\d+)"/.exec(tag)?.[1] ?? 1);
    if (/\stable:visibility="(collapse|filter)"/.test(tag)) {
      let rows = found.get(table);
      if (!rows) found.set(table, (rows = new Set()));
      for (let r = row; r < row + repeated && r <= last; r++) rows.add(r);
    }
    row += repeated;
  }
  return found;
}

function lastRowOf(workbook: WorkBook, sheet: string): number {
  const ref = Object.hasOwn(workbook.Sheets, sheet) ? workbook.Sheets[sheet]['!ref'] : undefined;
  const end = ref?.split(':')[1] ?? ref;
  return Number(/\d+$/.exec(end ?? '')?.[0] ?? 0) - 1;
}

function odsReader(bytes: Uint8Array, workbook: WorkBook): HiddenRows {
  let found: Map<string, Set<number>> | null = null;
  return (sheet) => {
    try {
      found ??= hiddenRowsOfOds(new PizZip(bytes).file('content.xml')?.asText() ?? '', (table) =>
        lastRowOf(workbook, table),
      );
    } catch {
      found = new Map();
    }
    return found.get(sheet) ?? NONE;
  };
}

/** What tells the hidden rows of each sheet of a workbook read from `bytes`. */
export function hiddenRowsReader(bytes: Uint8Array, workbook: WorkBook): HiddenRows {
  const type = workbook.bookType as string | undefined;
  if (type === 'ods') return odsReader(bytes, workbook);
  if (type !== 'xlsx' && type !== 'xlsm') return (sheet) => fromSheetJs(workbook, sheet);
  let zip: PizZip | null = null;
  let paths: Map<string, string> | null = null;
  const found = new Map<string, ReadonlySet<number>>();
  return (sheet) => {
    const known = found.get(sheet);
    if (known) return known;
    let hidden: ReadonlySet<number> = NONE;
    try {
      zip ??= new PizZip(bytes);
      paths ??= sheetPaths(zip);
      const path = paths.get(sheet);
      const part = path === undefined ? null : zip.file(path);
      if (part) hidden = hiddenRowsOfPart(part.asUint8Array());
    } catch {
      // SheetJS read the file; a package it reads and we cannot is shown with no hidden rows.
      hidden = NONE;
    }
    found.set(sheet, hidden);
    return hidden;
  };
}
