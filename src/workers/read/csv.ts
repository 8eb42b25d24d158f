// CSV and TSV exports (`.csv`, `.tsv`, `.txt`) read into the same dense sheet SheetJS gives for a
// workbook, so the header finder, preview, mapping and merge need nothing of their own. Billing
// systems write them with `,` `;` or tabs, in UTF-8 (with or without BOM) or Windows-1252, and
// numbers the Indonesian way (`1.234.567,89`, `Rp 12.500`).
import type * as XLSX from 'xlsx';
import { typedSheet } from './textColumns';

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

/**
 * A CSV/TSV file as a one-sheet workbook in SheetJS's dense form; its columns are typed by
 * ./textColumns (the header found by the same rule as a workbook's, numbers judged on data rows
 * only, the text as written kept for display).
 */
export function readDelimited(bytes: Uint8Array): XLSX.WorkBook {
  const text = decodeText(bytes);
  const records = parseDelimited(text, detectDelimiter(text));
  return { SheetNames: ['Sheet1'], Sheets: { Sheet1: typedSheet(records) } };
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
