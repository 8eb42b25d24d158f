// A table to export: its columns (the ones the list on screen shows) and its rows, which arrive
// in batches so an export of any size is streamed, never held in memory.

export type CellKind = 'text' | 'number' | 'date';

export interface ExportColumn<Row> {
  header: string;
  kind: CellKind;
  /** text: a string; number: a number; date: an ISO-8601 instant. null leaves the cell empty. */
  value(row: Row): string | number | null;
}

export interface ExportTable<Row> {
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  /** Every matching row, in the list's order, a batch at a time. */
  batches: AsyncIterable<readonly Row[]>;
  /** IANA time zone the dates are written in (the browser's). */
  timeZone: string;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** True when the runtime knows the zone (Intl throws RangeError otherwise). */
export function isTimeZone(name: string): boolean {
  try {
    zoneFormat(name);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock time of an instant in a zone, as its parts. */
export function wallClock(iso: string, timeZone: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts = Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}
