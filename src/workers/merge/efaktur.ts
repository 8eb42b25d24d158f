// The e-Faktur files of the selected rows, built in the worker (docs/efaktur.md): the rows are
// checked and turned into faktur (src/domain/efaktur), written 1,000 to a file, each file hashed;
// one file downloads as .xml, more as a zip of eFaktur_{period}_{k}.xml.
import type { EfakturAnswer, EfakturRequest } from '../../domain/efaktur/job';
import { buildFaktur } from '../../domain/efaktur/rows';
import { efakturFiles } from '../../domain/efaktur/xml';
import { nativeDeflatedEntry, writeZip } from './zipWriter';

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

export async function efakturOf(
  rows: readonly { row: number; values: Record<string, unknown> }[],
  request: EfakturRequest,
): Promise<EfakturAnswer> {
  const { invoices, problems } = buildFaktur(rows, request.options);
  if (problems.length) return { ok: false, problems };
  const encoder = new TextEncoder();
  const written = efakturFiles(request.seller, invoices, request.period).map((f) => ({
    name: f.name,
    bytes: encoder.encode(f.text),
  }));
  // Hashing and compressing are the platform's (native, asynchronous): started together, awaited once.
  const single = written.length === 1;
  const [files, entries] = await Promise.all([
    Promise.all(
      written.map(async (f) => ({
        name: f.name,
        sha256: hex(await crypto.subtle.digest('SHA-256', f.bytes)),
      })),
    ),
    single ? [] : Promise.all(written.map((f) => nativeDeflatedEntry(f.name, f.bytes))),
  ]);
  const file = single
    ? new Blob([written[0].bytes], { type: 'application/xml' })
    : new Blob([writeZip(entries, request.now)], { type: 'application/zip' });
  return {
    ok: true,
    file,
    fileName: single ? written[0].name : `eFaktur_${request.period}.zip`,
    count: invoices.length,
    keys: invoices.map((i) => i.refDesc),
    files,
  };
}
