// A job reaches the worker whole (docs/generator.md, step 2): every field the page sets arrives at
// the worker's entry, the files as their bytes. The jobs are typed Required<…>, so a field added to
// GenerationJob, PreviewJob, ExportJob or DataSource does not compile here until it is set, and
// then this test fails if the bridge drops it.
import { describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { createGeneratorBridge } from '../../../src/workers/bridge';
import { createGeneratorApi } from '../../../src/workers/generatorApi';
import type {
  DataSource,
  ExportJob,
  GenerationJob,
  PreviewJob,
} from '../../../src/domain/generator/generationJob';
import { PLACEHOLDER_PNG } from '../../support/pictureDocx';
import { STATIC_QRIS } from '../../support/qris';
import { fixture } from './docxBuilder';

type Method = 'generate' | 'previewRow' | 'exportRows';

/**
 * The real worker API on one end of a MessageChannel (as bridge.test.ts), each job recorded as it
 * arrives at the entry, before the entry reads it.
 */
function recordingWorker(seen: Map<Method, unknown>): () => Worker {
  return () => {
    const real = createGeneratorApi();
    const api = {
      ...real,
      generate: (...args: Parameters<typeof real.generate>) => {
        seen.set('generate', structuredClone(args[0]));
        return real.generate(...args);
      },
      previewRow: (...args: Parameters<typeof real.previewRow>) => {
        seen.set('previewRow', structuredClone(args[0]));
        return real.previewRow(...args);
      },
      exportRows: (...args: Parameters<typeof real.exportRows>) => {
        seen.set('exportRows', structuredClone(args[0]));
        return real.exportRows(...args);
      },
    };
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(api, port2 as unknown as Comlink.Endpoint);
    port1.start();
    const worker = {
      postMessage: (message: unknown, transfer?: Transferable[]) =>
        port1.postMessage(message, transfer ?? []),
      addEventListener: port1.addEventListener.bind(port1),
      removeEventListener: port1.removeEventListener.bind(port1),
      terminate: () => {
        port1.close();
        port2.close();
      },
    };
    return worker as unknown as Worker;
  };
}

/** A value as the worker should see it: every file (Blob or ArrayBuffer) as its bytes. */
async function asBytes(value: unknown): Promise<unknown> {
  if (value instanceof Blob) return new Uint8Array(await value.arrayBuffer());
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (Array.isArray(value)) return Promise.all(value.map(asBytes));
  if (value !== null && typeof value === 'object' && value.constructor === Object) {
    const entries = Object.entries(value).map(async ([key, v]) => [key, await asBytes(v)]);
    return Object.fromEntries(await Promise.all(entries));
  }
  return value;
}

describe('a job crossing the bridge', () => {
  it('arrives at the worker with every field the page set, its files as their bytes', async () => {
    const seen = new Map<Method, unknown>();
    const bridge = createGeneratorBridge(recordingWorker(seen));
    const template = new Blob([await fixture('tagihan_template.docx')]);
    const data: Required<DataSource<Blob>> = {
      file: new Blob([await fixture('pelanggan_50.xlsx')]),
      sheet: 'Pelanggan',
      headerRow: 1,
    };
    const now = new Date(2024, 5, 1);
    const mapping = { nama_pelanggan: 'Nama Pelanggan' };
    const formats = { nama_pelanggan: 'upper' } as const;
    const images = [{ name: 'logo.png', file: new Blob([PLACEHOLDER_PNG]) }];
    const qris = { payload: STATIC_QRIS, invoiceColumn: 'Nama Pelanggan' };
    const rows = Uint32Array.of(0, 1, 2);
    const job: Required<GenerationJob<Blob>> = {
      template,
      data,
      rows,
      mapping,
      formats,
      output: { kind: 'merged' },
      groupBy: 'Nama Pelanggan',
      now,
      images,
      qris,
    };
    const preview: Required<PreviewJob<Blob>> = {
      template,
      data,
      mapping,
      formats,
      groupBy: 'Nama Pelanggan',
      images,
      qris,
      rows,
    };
    const exported: Required<ExportJob<Blob>> = { data, rows, mapping, now };

    // Each to a fresh worker, so each carries its data file (a worker holding it gets null).
    const merged = await bridge.generate(job);
    bridge.release();
    await bridge.previewRow(preview, 1);
    bridge.release();
    const xlsx = await bridge.exportRows(exported);
    bridge.release();

    for (const [method, sent] of [
      ['generate', job],
      ['previewRow', preview],
      ['exportRows', exported],
    ] as const) {
      const arrived = seen.get(method) as Record<string, unknown>;
      expect(Object.keys(arrived).sort(), method).toEqual(Object.keys(sent).sort());
      for (const [field, value] of Object.entries(sent))
        expect(await asBytes(arrived[field]), `${method}: ${field}`).toEqual(await asBytes(value));
    }
    // The worker made the files with them: the time names them.
    expect(merged.fileName).toBe('Merged_Invoices_2024-06-01.docx');
    expect(xlsx.fileName).toBe('Tagihan_Voice_2024-06-01.xlsx');
    // The caller's job is left as it was (copies of its bytes and indexes were transferred).
    expect([...rows]).toEqual([0, 1, 2]);
  });
});
