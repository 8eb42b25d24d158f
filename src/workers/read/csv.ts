// CSV and TSV exports (`.csv`, `.tsv`, `.txt`) read into the same dense sheet SheetJS gives for a
// workbook, so the header finder, preview, mapping and merge need nothing of their own. Billing
// systems write them with `,` `;` or tabs, in UTF-8 (with or without BOM) or Windows-1252, and
// numbers the Indonesian way (`1.234.567,89`, `Rp 12.500`).
import type * as XLSX from 'xlsx';
import { parseAmount } from '../../domain/amount';
import { findHeaderRow, HEADER_SEARCH_ROWS, type RowShape } from '../../domain/headerRow';

const DELIMITERS = [',', ';', '\t'] as const;
/** Records looked at to choose the delimiter. */
const SNIFF_RECORDS = 30;

/** Text of the file: UTF-8 (a BOM is dropped) when the bytes are UTF-8, else Windows-1252. */
export function decodeText(bytes: Uint8Array): string {
  const body =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/**
 * Splits text into records of fields (RFC 4180: quotes around a field, `""` inside one, line
 * breaks inside quotes; CRLF, LF or CR between records). `limit` stops after that many records.
 * A quote that never closes is an error naming the line it opened on.
 */
export function parseDelimited(text: string, delimiter: string, limit = Infinity): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  // The field was quoted: `""` alone on the last line is a record of one empty field.
  let quoted = false;
  let line = 1;
  let i = 0;
  const n = text.length;
  while (i < n && records.length < limit) {
    const ch = text[i];
    if (ch === '"' && field === '') {
      const opened = line;
      quoted = true;
      i++;
      for (;;) {
        if (i >= n) {
          throw new Error(
            `CSV file: the quoted field that starts on line ${opened} is never closed. Check the quotes on that line.`,
          );
        }
        const q = text[i];
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        // A line break inside quotes counts as the editor shows it: CRLF, CR or LF each one line.
        if (q === '\n' || (q === '\r' && text[i + 1] !== '\n')) line++;
        field += q;
        i++;
      }
      continue;
    }
    if (ch === delimiter) {
      record.push(field);
      field = '';
      quoted = false;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      quoted = false;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      continue;
    }
    field += ch;
    i++;
  }
  if (records.length < limit && (field !== '' || quoted || record.length > 0)) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Characters of the file looked at for quotes beside a delimiter. */
const SNIFF_CHARS = 64 * 1024;

/** How often a quote stands right beside `delimiter` (`;"` or `";`) in the first part of the text. */
function quotesBeside(text: string, delimiter: string): number {
  const sample = text.slice(0, SNIFF_CHARS);
  let count = 0;
  for (const pair of [`${delimiter}"`, `"${delimiter}`]) {
    for (let at = sample.indexOf(pair); at !== -1; at = sample.indexOf(pair, at + 1)) count++;
  }
  return count;
}

/**
 * The delimiter of a file. Quoted fields decide first: the delimiter quotes stand beside most
 * (`"a";"0,25"` is `;`, however many commas the quoted numbers hold). Without quotes, the
 * delimiter whose records most often share one field count above 1 (a title line above the
 * header does not sway it); a single column reads as comma-separated.
 */
export function detectDelimiter(text: string): string {
  const beside = DELIMITERS.map((delimiter) => quotesBeside(text, delimiter));
  const most = Math.max(...beside);
  if (most > 0 && beside.filter((count) => count === most).length === 1)
    return DELIMITERS[beside.indexOf(most)];
  let best: string = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    let records: string[][];
    try {
      records = parseDelimited(text, delimiter, SNIFF_RECORDS);
    } catch {
      continue;
    }
    const counts = new Map<number, number>();
    for (const record of records) {
      if (record.length > 1) counts.set(record.length, (counts.get(record.length) ?? 0) + 1);
    }
    for (const [fields, times] of counts) {
      const score = times * 1000 + fields;
      if (score > bestScore) {
        bestScore = score;
        best = delimiter;
      }
    }
  }
  return best;
}

/** A number written the Indonesian way (`1.234.567,89`, `Rp 12.500`, `-7`), or null. */
const indonesianNumber = (text: string): number | null => parseAmount(text, 'id');

/** A number written the English way (`1,234.5`, `0.25`), or null. */
const englishNumber = (text: string): number | null => parseAmount(text, 'en');

/** `0812…`, `007`: an identifier whose leading zero a number would lose. */
function hasLeadingZero(text: string): boolean {
  return /^-?0\d/.test(text.replace(/^rp\.?\s*/i, ''));
}

/**
 * Per column, from `firstDataRow` on: numbers when every filled cell of the column reads as one in
 * the same style (Indonesian first, then English), else the text as written.
 */
function columnParsers(
  records: readonly string[][],
  firstDataRow: number,
  width: number,
): (((text: string) => number | null) | null)[] {
  const parsers: (((text: string) => number | null) | null)[] = [];
  for (let c = 0; c < width; c++) {
    let chosen: ((text: string) => number | null) | null = null;
    for (const parse of [indonesianNumber, englishNumber]) {
      let filled = 0;
      let agrees = true;
      for (let r = firstDataRow; r < records.length && agrees; r++) {
        const text = (records[r][c] ?? '').trim();
        if (text === '') continue;
        filled++;
        agrees = !hasLeadingZero(text) && parse(text) !== null;
      }
      if (agrees && filled > 0) {
        chosen = parse;
        break;
      }
    }
    parsers.push(chosen);
  }
  return parsers;
}

function recordShape(record: readonly string[]): RowShape {
  let filled = 0;
  let text = 0;
  for (const raw of record) {
    const value = raw.trim();
    if (value === '') continue;
    filled++;
    if (indonesianNumber(value) === null && englishNumber(value) === null) text++;
  }
  return { filled, text };
}

/**
 * A CSV/TSV file as a one-sheet workbook in SheetJS's dense form. The header is found among the
 * records by the same rule as a workbook's, so number columns are judged on data rows only.
 */
export function readDelimited(bytes: Uint8Array): XLSX.WorkBook {
  const text = decodeText(bytes);
  const records = parseDelimited(text, detectDelimiter(text));
  let width = 0;
  for (const record of records) width = Math.max(width, record.length);
  const header = findHeaderRow(records.slice(0, HEADER_SEARCH_ROWS * 2).map(recordShape));
  const parsers = columnParsers(records, header + 1, width);
  const data: XLSX.CellObject[][] = records.map((record, r) =>
    record.map((raw, c): XLSX.CellObject => {
      const value = raw.trim();
      const parse = r > header ? parsers[c] : null;
      const number = parse && value !== '' ? parse(value) : null;
      // A number keeps the text as written: that is what the file shows (docs/values.md).
      return number === null ? { t: 's', v: value } : { t: 'n', v: number, w: value };
    }),
  );
  const sheet: XLSX.WorkSheet = { '!data': data };
  if (records.length > 0 && width > 0) {
    sheet['!ref'] = `A1:${columnName(width - 1)}${records.length}`;
  }
  return { SheetNames: ['Sheet1'], Sheets: { Sheet1: sheet } };
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/**
 * Whether bytes are a delimited text file rather than a workbook: not a zip (.xlsx, .xlsm, .ods),
 * not an OLE or BIFF file (.xls), not markup (SpreadsheetML, HTML tables) or SYLK, which SheetJS
 * reads, and no NUL bytes.
 */
export function isDelimitedText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  if (head.includes(0)) return false;
  if (head[0] === 0x50 && head[1] === 0x4b) return false;
  const start = decodeText(head).replace(/^\s+/, '');
  // SYLK (`ID;P…`), which SheetJS reads, is text too.
  return !start.startsWith('<') && !start.startsWith('ID;');
}
