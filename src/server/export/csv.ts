import { Readable } from 'node:stream';
import { wallClock, type ExportColumn, type ExportTable } from './table';

// RFC 4180 CSV, UTF-8 with a byte-order mark (so Excel reads the accents), CRLF line ends.

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe: an exported name like '=HYPERLINK(…)' stays text (OWASP "CSV injection").
 */
function defused(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function quoted(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
  return quoted(defused(String(value)));
}

async function* lines<Row>(table: ExportTable<Row>): AsyncGenerator<string> {
  yield `\uFEFF${table.columns.map((c) => quoted(defused(c.header))).join(',')}\r\n`;
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
