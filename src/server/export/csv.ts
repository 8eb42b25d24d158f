import { Readable } from 'node:stream';
import { wallClock, type ExportColumn, type ExportTable } from './table';

// RFC 4180 CSV, UTF-8 with a byte-order mark (so Excel reads the accents), CRLF line ends.
// Every text cell goes through csvText(): the one rule for every export (docs/exports.md).

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Where a spreadsheet may start a cell: the text's start, or after a character some locale
 * splits on (Excel in Indonesian, German, French… opens a .csv with ';' as its separator).
 */
const RISKY_START = /(?<=^|[;,\t\r\n])[=+\-@\t\r]/g;

/**
 * A text cell, quoted, with an apostrophe before every character that would start a formula
 * (= + - @ tab CR) wherever a cell could begin: '=HYPERLINK(…)' and ';=10*10;' stay text
 * (OWASP "CSV injection", in every locale's separator).
 */
export function csvText(text: string): string {
  const defused = text.replace(RISKY_START, (ch) => `'${ch}`);
  return `"${defused.replace(/"/g, '""')}"`;
}

function cell<Row>(column: ExportColumn<Row>, row: Row, timeZone: string): string {
  const value = column.value(row);
  if (value === null || value === '') return '';
  if (column.kind === 'number' && typeof value === 'number') return String(value);
  if (column.kind === 'date') {
    const t = wallClock(String(value), timeZone);
    return t
      ? `${t.year}-${two(t.month)}-${two(t.day)} ${two(t.hour)}:${two(t.minute)}:${two(t.second)}`
      : '';
  }
  return csvText(String(value));
}

async function* lines<Row>(table: ExportTable<Row>): AsyncGenerator<string> {
  yield `\uFEFF${table.columns.map((c) => csvText(c.header)).join(',')}\r\n`;
  for await (const batch of table.batches) {
    yield batch
      .map((row) => `${table.columns.map((c) => cell(c, row, table.timeZone)).join(',')}\r\n`)
      .join('');
  }
}

/** The table as a CSV byte stream, a batch of rows at a time. */
export function csvStream<Row>(table: ExportTable<Row>): Readable {
  return Readable.from(lines(table), { objectMode: false });
}
