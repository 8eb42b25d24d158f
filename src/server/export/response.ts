import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '../types';
import { queryParam } from '../http/query';
import { csvStream } from './csv';
import { isTimeZone, wallClock, type ExportTable } from './table';
import { xlsxStream } from './xlsx';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** The query parameters every export takes besides the list's own. */
export const EXPORT_QUERY = {
  format: queryParam<ExportFormat>(
    (text) => EXPORT_FORMATS.find((f) => f === text.toLowerCase()),
    'format must be xlsx or csv',
    'xlsx',
  ),
  tz: queryParam(
    (text) => (text.length <= 64 && isTimeZone(text) ? text : undefined),
    'tz must be an IANA time zone such as Asia/Jakarta',
    'UTC',
  ),
};

/** Rows read per query while an export streams. */
export const EXPORT_BATCH = 500;

/** A filter value as it can stand in a file name: lower case, letters, digits and dashes. */
function slug(value: string): string {
  return (
    value
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'x'
  );
}

/**
 * 'users_2026-11-25_role-staff_search-ana.xlsx': what, the day (in the caller's zone), then each
 * filter that narrowed the list, so two exports of different selections never share a name.
 */
export function exportFileName(
  base: string,
  filters: readonly (readonly [string, string | undefined])[],
  format: ExportFormat,
  at: Date,
  timeZone: string,
): string {
  const t = wallClock(at.toISOString(), timeZone)!;
  const day = `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
  const parts = filters
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => `_${name}-${slug(value!)}`);
  return `${base}_${day}${parts.join('')}.${format}`;
}

/**
 * Answers with the table as a file download. The first batch is read before answering, so a
 * database that cannot be reached is a 503 like any other request rather than a broken file.
 */
export async function sendExport<Row>(
  c: Context<AppEnv>,
  table: ExportTable<Row>,
  format: ExportFormat,
  fileName: string,
): Promise<Response> {
  const iterator = table.batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* batches() {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value;
  }
  const streamed = { ...table, batches: batches() };
  const stream = format === 'csv' ? csvStream(streamed) : xlsxStream(streamed);
  const { logger } = c.get('deps');
  const requestId = c.get('requestId');
  stream.once('error', (error) =>
    logger.warn('export ended early', { requestId, fileName, error: String(error) }),
  );
  return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, 200, {
    'Content-Type': CONTENT_TYPES[format],
    'Content-Disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'Cache-Control': 'no-store',
  });
}
