import { afterEach, describe, expect, it, vi } from 'vitest';
import * as Comlink from 'comlink';
import {
  CancelledError,
  createGeneratorBridge,
  type GeneratorBridge,
} from '../../../src/workers/bridge';
import { createGeneratorApi } from '../../../src/workers/generatorApi';
import { fixture } from './docxBuilder';
import type { GenerationJob } from '../../../src/domain/generator/generationJob';

/**
 * A stand-in for `new Worker(url)` in Node: the real worker API exposed with Comlink on one end of
 * a MessageChannel, the bridge on the other. terminate() closes the channel like a dead worker.
 */
function channelWorker(
  log: string[],
  calls: string[] = [],
  api: () => object = createGeneratorApi,
): () => Worker {
  return () => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(api(), port2 as unknown as Comlink.Endpoint);
    log.push('created');
    const worker = {
      postMessage: (message: unknown, transfer?: Transferable[]) => {
        // Comlink's call messages name the method in `path`.
        const path = (message as { path?: string[] }).path;
        if (path?.length) calls.push(path.join('.'));
        port1.postMessage(message, transfer ?? []);
      },
      addEventListener: port1.addEventListener.bind(port1),
      removeEventListener: port1.removeEventListener.bind(port1),
      terminate: () => {
        log.push('terminated');
        port1.close();
        port2.close();
      },
    };
    port1.start();
    return worker as unknown as Worker;
  };
}

const blobOf = async (name: string) => new Blob([await fixture(name)]);

/** A merge job of `rows` of a sheet (the worker holds the rows; only their indexes travel). */
function mergeJob(
  template: Blob,
  workbook: Blob,
  sheet: string,
  rows: Uint32Array,
  mapping: Record<string, string>,
): GenerationJob<Blob> {
  return {
    template,
    data: { file: workbook, sheet },
    rows,
    mapping,
    formats: {},
    output: { kind: 'merged' },
  };
}

describe('generator bridge', () => {
  let bridge: GeneratorBridge | undefined;
  afterEach(() => bridge?.cancel());

  it('creates the worker lazily, once, and answers through it', async () => {
    const log: string[] = [];
    bridge = createGeneratorBridge(channelWorker(log));
    expect(log).toEqual([]);
    const { placeholders } = await bridge.analyseTemplate(await blobOf('tagihan_template.docx'));
    expect(placeholders).toHaveLength(16);
    await bridge.readWorkbook(await blobOf('pelanggan_50.xlsx'));
    expect(log).toEqual(['created']);
  });

  it('refuses an 11 MB template and a 51 MB data file without reading them', async () => {
    bridge = createGeneratorBridge(channelWorker([]));
    const huge = new Blob([]);
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    huge.arrayBuffer = () => Promise.reject(new Error('the file was read'));
    await expect(bridge.analyseTemplate(huge)).rejects.toThrow('File size must be less than 10MB');
    const hugeData = new Blob([]);
    Object.defineProperty(hugeData, 'size', { value: 51 * 1024 * 1024 });
    await expect(bridge.readWorkbook(hugeData)).rejects.toThrow(
      'is 51.00 MB; a data file can be at most 50 MB. Split it',
    );
    const named = new File([], 'tagihan.csv');
    Object.defineProperty(named, 'size', { value: 51 * 1024 * 1024 });
    await expect(bridge.readWorkbook(named)).rejects.toThrow('"tagihan.csv" is 51.00 MB');
  });

  it("reports a file the browser cannot read as 'Failed to read file' / 'Failed to read template file'", async () => {
    bridge = createGeneratorBridge(channelWorker([]));
    const unreadable = new Blob(['x']);
    unreadable.arrayBuffer = () => Promise.reject(new DOMException('gone', 'NotReadableError'));
    await expect(bridge.readWorkbook(unreadable)).rejects.toThrow('Failed to read file');
    await expect(bridge.analyseTemplate(unreadable)).rejects.toThrow(
      'Failed to read template file',
    );
  });

  it("keeps the caller's ArrayBuffer usable after sending it", async () => {
    bridge = createGeneratorBridge(channelWorker([]));
    const bytes = await fixture('tagihan_template.docx');
    await bridge.analyseTemplate(bytes);
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('switches sheets from the workbook the worker keeps, and sends the file again after a cancel', async () => {
    const log: string[] = [];
    bridge = createGeneratorBridge(channelWorker(log));
    const file = await blobOf('pelanggan_50.xlsx');
    const workbook = await bridge.readWorkbook(file);
    expect(workbook.sheetNames).toEqual(['Pelanggan', 'Ringkasan']);
    expect((await bridge.readSheet({ file, sheet: 'Ringkasan' })).rowCount).toBe(1);
    bridge.cancel();
    expect((await bridge.readSheet({ file, sheet: 'Pelanggan' })).rowCount).toBe(51);
    expect(log).toEqual(['created', 'terminated', 'created']);
  });

  it("hands a read sheet's cells over to the page rather than copying them", async () => {
    // The worker's own answers: a transferred buffer is left empty (detached) on its side.
    const answers: { table: { text: Uint8Array; offsets: Uint32Array } }[] = [];
    const api = () => {
      const real = createGeneratorApi();
      return {
        ...real,
        readWorkbook: async (buffer: ArrayBuffer) => {
          const answer = await real.readWorkbook(buffer);
          answers.push(answer);
          return answer;
        },
      };
    };
    bridge = createGeneratorBridge(channelWorker([], [], api));
    const { table } = await bridge.readWorkbook(await blobOf('pelanggan_50.xlsx'));
    expect(table.rowCount).toBe(51);
    expect(table.cell(0, 0)).not.toBe('');
    expect(answers[0].table.text.byteLength).toBe(0);
    expect(answers[0].table.offsets.byteLength).toBe(0);
  });

  it('answers a sheet the preview reads cell by cell', async () => {
    bridge = createGeneratorBridge(channelWorker([]));
    const { table: sheet } = await bridge.readWorkbook(await blobOf('pelanggan_50.xlsx'));
    expect(sheet.headers).toContain('Nama Pelanggan');
    const column = sheet.headers.indexOf('Nama Pelanggan');
    expect(sheet.row(0)['Nama Pelanggan']).toBe(sheet.cell(0, column));
    expect(sheet.cell(0, column)).not.toBe('');
  });

  it('after a cancel, a merge and an export send the workbook again so the new worker has the rows', async () => {
    const log: string[] = [];
    bridge = createGeneratorBridge(channelWorker(log));
    const workbook = await blobOf('pelanggan_50.xlsx');
    const { sheet: sheetName, table: sheet } = await bridge.readWorkbook(workbook);
    bridge.cancel();
    const template = await blobOf('tagihan_template.docx');
    const merged = await bridge.generate(
      mergeJob(template, workbook, sheetName, Uint32Array.of(0, 1), {
        nama_pelanggan: 'Nama Pelanggan',
      }),
    );
    expect(merged.count).toBe(2);
    expect(log).toEqual(['created', 'terminated', 'created']);
    bridge.cancel();
    const rowIndexes = Uint32Array.of(4, 2);
    const exported = await bridge.exportRows({
      data: { file: workbook, sheet: sheetName },
      rows: rowIndexes,
      mapping: { nama: 'Nama Pelanggan' },
    });
    expect((await exported.file.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect(log).toEqual(['created', 'terminated', 'created', 'terminated', 'created']);
    // The caller's indexes stay usable (a copy is transferred).
    expect([...rowIndexes]).toEqual([4, 2]);
    // The same worker keeps the rows: no file is sent again, no worker started.
    await bridge.exportRows({
      data: { file: workbook, sheet: sheetName },
      rows: Uint32Array.of(sheet.rowCount - 1),
      mapping: { nama: 'Nama Pelanggan' },
    });
    expect(log).toHaveLength(5);
  });

  it('streams merge progress to the callback and returns the merged document', async () => {
    bridge = createGeneratorBridge(channelWorker([]));
    const workbook = await blobOf('pelanggan_50.xlsx');
    const { sheet: sheetName } = await bridge.readWorkbook(workbook);
    const progress: number[] = [];
    const result = await bridge.generate(
      mergeJob(
        await blobOf('tagihan_template.docx'),
        workbook,
        sheetName,
        Uint32Array.of(0, 1, 2),
        {
          nama_pelanggan: 'Nama Pelanggan',
        },
      ),
      (p) => progress.push(p.processed),
    );
    expect(result).toMatchObject({ kind: 'merged', count: 3, skipped: 0 });
    expect(result.fileName).toMatch(/^Merged_Invoices_\d{4}-\d{2}-\d{2}\.docx$/);
    expect(new Uint8Array(await result.file.arrayBuffer()).subarray(0, 2)).toEqual(
      new Uint8Array([0x50, 0x4b]),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(progress.at(-1)).toBe(3);
  });

  it('cancel() terminates the worker and rejects the running call with CancelledError', async () => {
    const log: string[] = [];
    bridge = createGeneratorBridge(channelWorker(log));
    const template = await blobOf('tagihan_template.docx');
    const workbook = await blobOf('pelanggan_50.xlsx');
    const { sheet: sheetName, table: sheet } = await bridge.readWorkbook(workbook);
    const rowIndexes = Uint32Array.from({ length: sheet.rowCount }, (_, i) => i);
    const running = bridge.generate(
      mergeJob(template, workbook, sheetName, rowIndexes, { nama_pelanggan: 'Nama Pelanggan' }),
    );
    bridge.cancel();
    await expect(running).rejects.toBeInstanceOf(CancelledError);
    expect(log).toEqual(['created', 'terminated']);
    // The next call gets a fresh worker.
    const { placeholders } = await bridge.analyseTemplate(await blobOf('tagihan_template.docx'));
    expect(placeholders).toHaveLength(16);
  });

  it('a call cancelled while its file is still being read never starts a worker', async () => {
    const log: string[] = [];
    bridge = createGeneratorBridge(channelWorker(log));
    const running = bridge.analyseTemplate(await blobOf('tagihan_template.docx'));
    bridge.cancel();
    await expect(running).rejects.toBeInstanceOf(CancelledError);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual([]);
  });

  it('exports through the worker', async () => {
    bridge = createGeneratorBridge(channelWorker([]));
    const workbook = await blobOf('pelanggan_50.xlsx');
    const { sheet: sheetName } = await bridge.readWorkbook(workbook);
    const result = await bridge.exportRows({
      data: { file: workbook, sheet: sheetName },
      rows: Uint32Array.of(0),
      mapping: { nama: 'Nama Pelanggan' },
      now: new Date(2024, 5, 1),
    });
    expect(result).toMatchObject({
      kind: 'xlsx',
      fileName: 'Tagihan_Voice_2024-06-01.xlsx',
      count: 1,
    });
    expect((await result.file.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe('generator bridge: ending the worker', () => {
  it('ends an idle worker after the idle time; the next call starts a fresh worker that gets the workbook again', async () => {
    const log: string[] = [];
    const bridge = createGeneratorBridge(channelWorker(log), 50);
    const file = await blobOf('pelanggan_50.xlsx');
    const first = await bridge.readWorkbook(file);
    await vi.waitFor(() => expect(log).toEqual(['created', 'terminated']), { timeout: 2000 });
    // A fresh worker: the sheet is read from the workbook sent again.
    const again = await bridge.readSheet({ file, sheet: first.sheet });
    expect(again.rowCount).toBe(first.table.rowCount);
    expect(log).toEqual(['created', 'terminated', 'created']);
    bridge.cancel();
  });

  it('release() ends the worker at once, rejects a running call, and the bridge keeps working', async () => {
    const log: string[] = [];
    const bridge = createGeneratorBridge(channelWorker(log));
    const file = await blobOf('pelanggan_50.xlsx');
    const { sheet: sheetName, table: sheet } = await bridge.readWorkbook(file);
    const running = bridge.readSheet({ file, sheet: sheetName });
    bridge.release();
    await expect(running).rejects.toBeInstanceOf(CancelledError);
    expect(log).toEqual(['created', 'terminated']);
    const rows = await bridge.filterRows({ file, sheet: sheetName }, '');
    expect(rows.length).toBe(sheet.rowCount);
    bridge.release();
  });
});

describe('generator bridge: a cancel per call (AbortSignal)', () => {
  const mapping = { nama_pelanggan: 'Nama Pelanggan' };

  /**
   * A bridge holding the 50-row workbook, and a merge of every row started in its worker, held
   * there (as a long merge would be) until `finish()`; a row filter waits there as long.
   */
  async function mergeRunning(log: string[], calls: string[] = []) {
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const inWorker = new Promise<void>((resolve) => (started = resolve));
    const slowMerge = () => {
      const api = createGeneratorApi();
      return {
        ...api,
        async generate(...args: Parameters<typeof api.generate>) {
          started();
          await held;
          return api.generate(...args);
        },
        async filterRows(...args: Parameters<typeof api.filterRows>) {
          await held;
          return api.filterRows(...args);
        },
      };
    };
    const bridge = createGeneratorBridge(channelWorker(log, calls, slowMerge));
    const workbook = await blobOf('pelanggan_50.xlsx');
    const { sheet: sheetName, table: sheet } = await bridge.readWorkbook(workbook);
    const template = await blobOf('tagihan_template.docx');
    const rowIndexes = Uint32Array.from({ length: sheet.rowCount }, (_, i) => i);
    const controller = new AbortController();
    const merge = bridge.generate(
      mergeJob(template, workbook, sheetName, rowIndexes, mapping),
      undefined,
      { signal: controller.signal },
    );
    await inWorker;
    return { bridge, workbook, sheetName, sheet, merge, controller, finish };
  }

  it('aborting a call running in the worker rejects it with CancelledError and terminates the worker', async () => {
    const log: string[] = [];
    const { bridge, workbook, sheetName, merge, controller } = await mergeRunning(log);
    controller.abort();
    await expect(merge).rejects.toBeInstanceOf(CancelledError);
    expect(log).toEqual(['created', 'terminated']);
    // The next call starts a fresh worker, which gets the workbook again.
    const table = await bridge.readSheet({ file: workbook, sheet: sheetName });
    expect(table.rowCount).toBeGreaterThan(0);
    expect(log).toEqual(['created', 'terminated', 'created']);
    bridge.release();
  });

  it('an already aborted signal never reaches the worker', async () => {
    const log: string[] = [];
    const calls: string[] = [];
    const bridge = createGeneratorBridge(channelWorker(log, calls));
    const signal = AbortSignal.abort();
    await expect(
      bridge.analyseTemplate(await blobOf('tagihan_template.docx'), { signal }),
    ).rejects.toBeInstanceOf(CancelledError);
    expect(log).toEqual([]);
    // Nor does it with a worker already running.
    const workbook = await blobOf('pelanggan_50.xlsx');
    const { sheet: sheetName } = await bridge.readWorkbook(workbook);
    expect(calls).toEqual(['readWorkbook']);
    await expect(
      bridge.readSheet({ file: workbook, sheet: sheetName }, { signal }),
    ).rejects.toBeInstanceOf(CancelledError);
    await expect(
      bridge.filterRows({ file: workbook, sheet: sheetName }, 'a', { signal }),
    ).rejects.toBeInstanceOf(CancelledError);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual(['readWorkbook']);
    expect(log).toEqual(['created']);
    bridge.release();
  });

  it('aborting a call still reading its file rejects only that call: the worker and a running merge go on', async () => {
    const log: string[] = [];
    const calls: string[] = [];
    const { bridge, sheet, merge, finish } = await mergeRunning(log, calls);
    const controller = new AbortController();
    const analysis = bridge.analyseTemplate(await blobOf('tagihan_template.docx'), {
      signal: controller.signal,
    });
    controller.abort();
    await expect(analysis).rejects.toBeInstanceOf(CancelledError);
    finish();
    const merged = await merge;
    expect(merged.count + merged.skipped).toBe(sheet.rowCount);
    expect(calls).not.toContain('analyseTemplate');
    expect(log).toEqual(['created']);
    bridge.release();
  });

  it('ending the worker for one aborted call rejects the other calls sent to it; a call started afterwards works', async () => {
    const log: string[] = [];
    const calls: string[] = [];
    const { bridge, workbook, sheetName, sheet, merge, controller } = await mergeRunning(
      log,
      calls,
    );
    // Sent to the same worker, still running there.
    const queued = bridge.filterRows({ file: workbook, sheet: sheetName }, 'a');
    await vi.waitFor(() => expect(calls).toContain('filterRows'));
    controller.abort();
    await expect(merge).rejects.toBeInstanceOf(CancelledError);
    await expect(queued).rejects.toBeInstanceOf(CancelledError);
    expect((await bridge.readSheet({ file: workbook, sheet: sheetName })).rowCount).toBe(
      sheet.rowCount,
    );
    expect(log).toEqual(['created', 'terminated', 'created']);
    bridge.release();
  });

  it('a workbook read aborted while reading its file leaves the workbook the worker holds in use', async () => {
    const log: string[] = [];
    const calls: string[] = [];
    const bridge = createGeneratorBridge(channelWorker(log, calls));
    const workbook = await blobOf('pelanggan_50.xlsx');
    const { sheet: sheetName, table: sheet } = await bridge.readWorkbook(workbook);
    const controller = new AbortController();
    const other = bridge.readWorkbook(await blobOf('pelanggan_50.xlsx'), {
      signal: controller.signal,
    });
    controller.abort();
    await expect(other).rejects.toBeInstanceOf(CancelledError);
    expect((await bridge.readSheet({ file: workbook, sheet: sheetName })).rowCount).toBe(
      sheet.rowCount,
    );
    // Read from the worker's copy: no file was sent again.
    expect(calls).toEqual(['readWorkbook', 'readSheet']);
    // A fresh worker still gets the file last read.
    bridge.release();
    expect((await bridge.readSheet({ file: workbook, sheet: sheetName })).rowCount).toBe(
      sheet.rowCount,
    );
    expect(calls).toEqual(['readWorkbook', 'readSheet', 'readSheet']);
    expect(log).toEqual(['created', 'terminated', 'created']);
    bridge.release();
  });

  it('a call without a signal works, and aborting a settled call changes nothing', async () => {
    const log: string[] = [];
    const bridge = createGeneratorBridge(channelWorker(log));
    const controller = new AbortController();
    const { placeholders } = await bridge.analyseTemplate(await blobOf('tagihan_template.docx'), {
      signal: controller.signal,
    });
    controller.abort();
    expect(placeholders).toHaveLength(16);
    const workbook = await blobOf('pelanggan_50.xlsx');
    const { sheet: sheetName } = await bridge.readWorkbook(workbook);
    const preview = await bridge.previewRow(
      {
        template: await blobOf('tagihan_template.docx'),
        data: { file: workbook, sheet: sheetName },
        mapping,
        formats: {},
      },
      0,
    );
    expect(preview.body.length).toBeGreaterThan(0);
    expect(log).toEqual(['created']);
    bridge.release();
  });

  it('cancel() still rejects every call, those with a signal too', async () => {
    const log: string[] = [];
    const { bridge, merge } = await mergeRunning(log);
    const template = await blobOf('tagihan_template.docx');
    const reading = bridge.analyseTemplate(template, { signal: new AbortController().signal });
    bridge.cancel();
    await expect(merge).rejects.toBeInstanceOf(CancelledError);
    await expect(reading).rejects.toBeInstanceOf(CancelledError);
    expect(log).toEqual(['created', 'terminated']);
  });

  it('the idle end still comes after an aborted call', async () => {
    const log: string[] = [];
    const bridge = createGeneratorBridge(channelWorker(log), 50);
    const controller = new AbortController();
    const workbook = await blobOf('pelanggan_50.xlsx');
    const { sheet: sheetName } = await bridge.readWorkbook(workbook);
    const reading = bridge.readSheet(
      { file: workbook, sheet: sheetName },
      { signal: controller.signal },
    );
    controller.abort();
    await expect(reading).rejects.toBeInstanceOf(CancelledError);
    expect(log).toEqual(['created', 'terminated']);
    await bridge.filterRows({ file: workbook, sheet: sheetName }, 'a');
    await vi.waitFor(
      () => expect(log).toEqual(['created', 'terminated', 'created', 'terminated']),
      { timeout: 2000 },
    );
  });

  it('carries the group key to the worker, and for a grouped preview the selected rows too', async () => {
    const seen: unknown[][] = [];
    const recording = () => ({
      generate: (...args: unknown[]) => {
        seen.push(['generate', ...args]);
        return {
          kind: 'merged',
          bytes: new ArrayBuffer(1),
          fileName: 'm.docx',
          count: 1,
          skipped: 0,
          warnings: [],
        };
      },
      previewRow: (...args: unknown[]) => {
        seen.push(['previewRow', ...args]);
        return { headers: [], body: [], footers: [] };
      },
    });
    const bridge = createGeneratorBridge(channelWorker([], [], recording));
    const template = new Blob([new Uint8Array([1])]);
    const workbook = new Blob([new Uint8Array([2])]);
    const rows = Uint32Array.from([0, 2, 5]);
    await bridge.generate({
      ...mergeJob(template, workbook, 'Lines', rows, mapping),
      groupBy: 'Pelanggan',
    });
    const base = { template, data: { file: workbook, sheet: 'Lines' }, mapping, formats: {} };
    await bridge.previewRow({ ...base, groupBy: 'Pelanggan', rows }, 2);
    await bridge.previewRow({ ...base, rows }, 2);
    expect(seen[0][1]).toMatchObject({ groupBy: 'Pelanggan', rows });
    expect(seen[1]).toMatchObject(['previewRow', { groupBy: 'Pelanggan', rows }, 2]);
    // Without grouping the preview needs no rows, so none are sent.
    expect((seen[2][1] as { rows?: unknown }).rows).toBeUndefined();
    expect(rows).toEqual(Uint32Array.from([0, 2, 5]));
    bridge.release();
  });
});
