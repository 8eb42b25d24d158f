import { describe, expect, it, vi } from 'vitest';
import { dataFileTooLarge } from '../../../src/domain/constants';
import {
  SimulatedClock,
  createActor,
  fromCallback,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  waitFor,
} from 'xstate';
import { generatorMachine } from '../../../src/machines/generator/machine';
import { exportBlocker, generateBlocker, messages } from '../../../src/machines/generator/rules';
import { showsGenerateStep, showsMappingStep } from '../../../src/machines/generator/selectors';
import type {
  AnalyseTemplateInput,
  AnalyseTemplateOutput,
  DataRow,
  DocumentPreview,
  DownloadParams,
  ExportInput,
  GenerateActorEvent,
  GeneratorEvent,
  Job,
  PreviewInput,
  ReadSheetInput,
  ReadWorkbookInput,
  ReadWorkbookOutput,
} from '../../../src/machines/generator/types';
import { SheetTable } from '../../../src/domain/sheet/sheetTable';
import type { GenerationResult } from '../../../src/domain/generator/generationJob';

/** What the worker answers a job with (a merged document unless `kind` says otherwise). */
const result = (fields: Partial<GenerationResult>): GenerationResult => ({
  kind: 'merged',
  file: new Blob(['x']),
  fileName: 'm.docx',
  count: 1,
  skipped: 0,
  warnings: [],
  ...fields,
});

// ---- test doubles of the worker bridge ----

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const file = (name: string, size = 100) => ({ name, size }) as unknown as File;

const sheet1Rows: DataRow[] = [
  { Nama: 'Budi', Alamat: 'Jl. Merdeka 1', Telepon: '0811' },
  { Nama: 'Sari', Alamat: 'Jl. Sudirman 2', Telepon: '0812' },
  { Nama: 'Agus', Alamat: 'Jl. Thamrin 3', Telepon: '0813' },
];
const sheet2Rows: DataRow[] = [
  { Nama: 'Dewi', Kota: 'Bandung' },
  { Nama: 'Eko', Kota: 'Surabaya' },
];

interface Fakes {
  placeholders?: string[];
  analyse?: (input: AnalyseTemplateInput) => Promise<AnalyseTemplateOutput>;
  readWorkbook?: (input: ReadWorkbookInput) => Promise<ReadWorkbookOutput>;
  readSheet?: (input: ReadSheetInput) => Promise<SheetTable>;
  exportRows?: (input: ExportInput) => Promise<GenerationResult>;
}

function start(fakes: Fakes = {}) {
  const clock = new SimulatedClock();
  const calls = {
    analyse: [] as AnalyseTemplateInput[],
    readWorkbook: [] as ReadWorkbookInput[],
    readSheet: [] as ReadSheetInput[],
    merge: [] as Job[],
    export: [] as ExportInput[],
    preview: [] as PreviewInput[],
  };
  const downloads: DownloadParams[] = [];
  // The signals of the promise actors: stopping one (a cancel) aborts its worker call.
  const signals: AbortSignal[] = [];
  const aborted = () => signals.filter((signal) => signal.aborted).length;
  const mergeStopped = vi.fn();
  // The running merge: the test plays the worker by sending its events.
  let worker: ((event: GenerateActorEvent) => void) | null = null;

  const machine = generatorMachine.provide({
    actors: {
      analyseTemplate: fromPromise<AnalyseTemplateOutput, AnalyseTemplateInput>(
        async ({ input, signal }) => {
          signals.push(signal);
          calls.analyse.push(input);
          return fakes.analyse
            ? fakes.analyse(input)
            : { placeholders: fakes.placeholders ?? ['nama', 'alamat'] };
        },
      ),
      readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(
        async ({ input, signal }) => {
          signals.push(signal);
          calls.readWorkbook.push(input);
          if (fakes.readWorkbook) return fakes.readWorkbook(input);
          return {
            sheetNames: ['Pelanggan', 'Kota'],
            sheet: 'Pelanggan',
            table: SheetTable.fromRows(['Nama', 'Alamat', 'Telepon'], sheet1Rows),
          };
        },
      ),
      readSheet: fromPromise<SheetTable, ReadSheetInput>(async ({ input, signal }) => {
        signals.push(signal);
        calls.readSheet.push(input);
        if (fakes.readSheet) return fakes.readSheet(input);
        return SheetTable.fromRows(['Nama', 'Kota'], sheet2Rows);
      }),
      generate: fromCallback<GeneratorEvent, Job>(({ input, sendBack }) => {
        calls.merge.push(input);
        worker = sendBack;
        return () => mergeStopped();
      }),
      previewRow: fromPromise<DocumentPreview, PreviewInput>(async ({ input, signal }) => {
        signals.push(signal);
        calls.preview.push(input);
        return {
          headers: [],
          body: [{ kind: 'paragraph', text: `row ${input.row}` }],
          footers: [],
        };
      }),
      exportRows: fromPromise<GenerationResult, ExportInput>(async ({ input, signal }) => {
        signals.push(signal);
        calls.export.push(input);
        if (fakes.exportRows) return fakes.exportRows(input);
        return result({
          kind: 'xlsx',
          fileName: 'Tagihan_Voice_2026-11-22.xlsx',
          count: input.rows.length,
        });
      }),
    },
    actions: {
      download: (_, params) => void downloads.push(params),
    },
  });
  const actor = createActor(machine, { clock }).start();
  const sendWorker = (event: GenerateActorEvent) => {
    if (!worker) throw new Error('no merge is running');
    worker(event);
  };
  return { actor, clock, calls, downloads, aborted, mergeStopped, sendWorker };
}

const idle = (actor: ReturnType<typeof start>['actor']) =>
  waitFor(actor, (s) => s.matches('ready'), { timeout: 1000 });

/** Template with placeholders nama/alamat and the three-row first sheet, as the machine starts it. */
async function loadedReady(fakes: Fakes = {}) {
  const t = start(fakes);
  t.actor.send({ type: 'generator.templateChosen', file: file('tagihan.docx') });
  await idle(t.actor);
  t.actor.send({ type: 'generator.dataChosen', file: file('pelanggan.xlsx') });
  await idle(t.actor);
  return t;
}

/** Loaded, then no row selected and nothing mapped (the tests below choose their own). */
async function loaded(fakes: Fakes = {}) {
  const t = await loadedReady(fakes);
  t.actor.send({ type: 'generator.selectNone' });
  t.actor.send({ type: 'generator.clearMappings' });
  return t;
}

/** Loaded, rows 0 and 2 selected, everything mapped. */
async function readyToGo(fakes: Fakes = {}) {
  const t = await loaded(fakes);
  t.actor.send({ type: 'generator.rowToggled', index: 0 });
  t.actor.send({ type: 'generator.rowToggled', index: 2 });
  t.actor.send({ type: 'generator.mappingChanged', placeholder: 'nama', column: 'Nama' });
  t.actor.send({ type: 'generator.mappingChanged', placeholder: 'alamat', column: 'Alamat' });
  return t;
}

describe('generator machine: file checks come first', () => {
  it.each([
    ['tagihan.doc', 100, messages.invalidDocx],
    ['tagihan.pdf', 100, messages.invalidDocx],
    ['tagihan', 100, messages.invalidDocx],
    ['tagihan.docx', 10_485_761, messages.tooLarge],
  ])('refuses template %s of %i bytes without analysing it', (name, size, text) => {
    const { actor, calls } = start();
    actor.send({ type: 'generator.templateChosen', file: file(name, size) });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    expect(actor.getSnapshot().context.error).toBe(text);
    expect(actor.getSnapshot().context.templateFile).toBeNull();
    expect(calls.analyse).toHaveLength(0);
  });

  it('accepts a template of exactly 10485760 bytes, whatever the case of .DOCX', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'generator.templateChosen', file: file('TAGIHAN.DOCX', 10_485_760) });
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
    await idle(actor);
    expect(calls.analyse).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBe('');
  });

  it.each([
    ['data.numbers', 100, messages.invalidExcel],
    ['data.pdf', 100, messages.invalidExcel],
    [
      'data.csv',
      51 * 1024 * 1024,
      '"data.csv" is 51.00 MB; a data file can be at most 50 MB. Split it into smaller files (for example by month or by area) and read them one at a time.',
    ],
    ['data.xlsx', 60 * 1024 * 1024, dataFileTooLarge('data.xlsx', '60.00 MB')],
    ['data.xls', 52_428_801, dataFileTooLarge('data.xls', '50.00 MB')],
  ])('refuses workbook %s of %i bytes without reading it', (name, size, text) => {
    const { actor, calls } = start();
    actor.send({ type: 'generator.dataChosen', file: file(name, size) });
    expect(actor.getSnapshot().context.error).toBe(text);
    expect(actor.getSnapshot().context.dataFile).toBeNull();
    expect(calls.readWorkbook).toHaveLength(0);
  });

  it.each([
    'pelanggan.xlsx',
    'legacy.xls',
    'UPPER.XLS',
    'macros.xlsm',
    'libre.ods',
    'export.csv',
    'export.tsv',
    'export.TXT',
  ])('reads data file %s', async (name) => {
    const { actor, calls } = start();
    actor.send({ type: 'generator.dataChosen', file: file(name) });
    await idle(actor);
    expect(calls.readWorkbook).toHaveLength(1);
    expect(actor.getSnapshot().context.table.rowCount).toBe(3);
  });

  it('a refused file keeps what was loaded before', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'generator.dataChosen', file: file('notes.pdf') });
    const { context } = actor.getSnapshot();
    expect(context.error).toBe(messages.invalidExcel);
    expect(context.table.rowCount).toBe(3);
    expect(context.templateFile?.name).toBe('tagihan.docx');
  });
});

describe('generator machine: template analysis', () => {
  it('lists the placeholders of the template it was given', async () => {
    const { actor, calls } = start({ placeholders: ['nama', 'alamat', 'periode'] });
    const template = file('tagihan.docx');
    actor.send({ type: 'generator.templateChosen', file: template });
    expect(actor.getSnapshot().matches('analysingTemplate')).toBe(true);
    await idle(actor);
    expect(calls.analyse[0].file).toBe(template);
    expect(actor.getSnapshot().context.placeholders).toEqual(['nama', 'alamat', 'periode']);
    expect(actor.getSnapshot().context.warning).toBe('');
  });

  it('warns when the template has no placeholders', async () => {
    const { actor } = start({ placeholders: [] });
    actor.send({ type: 'generator.templateChosen', file: file('plain.docx') });
    await idle(actor);
    expect(actor.getSnapshot().context.warning).toBe(
      'Warning: No placeholders found in template. Make sure your template contains {placeholder} tags.',
    );
    expect(actor.getSnapshot().context.templateFile?.name).toBe('plain.docx');
  });

  it('the no-placeholders warning stays while that template does, through workbook and sheet changes', async () => {
    const { actor } = await loaded({ placeholders: [] });
    expect(actor.getSnapshot().context.warning).toBe(messages.noPlaceholders);
    actor.send({ type: 'generator.sheetChanged', sheet: 'Kota' });
    await idle(actor);
    expect(actor.getSnapshot().context.warning).toBe(messages.noPlaceholders);
    actor.send({ type: 'generator.templateChosen', file: file('with-tags.docx') });
    expect(actor.getSnapshot().context.warning).toBe('');
  });

  it('shows the analysis error and clears the template', async () => {
    const { actor } = start({
      analyse: async () => {
        throw new Error('Template syntax error: unclosed tag {nama in word/document.xml');
      },
    });
    actor.send({ type: 'generator.templateChosen', file: file('broken.docx') });
    await idle(actor);
    const { context } = actor.getSnapshot();
    expect(context.error).toBe(
      'Template syntax error: unclosed tag {nama in word/document.xml (broken.docx)',
    );
    expect(context.templateFile).toBeNull();
    expect(context.placeholders).toEqual([]);
  });

  it('a new template clears data rows, selection, mapping and messages', async () => {
    const { actor } = await readyToGo();
    actor.send({ type: 'generator.dataChosen', file: file('oops.pdf') });
    expect(actor.getSnapshot().context.error).not.toBe('');
    actor.send({ type: 'generator.templateChosen', file: file('tagihan2.docx') });
    const { context } = actor.getSnapshot();
    expect(context.table.rows()).toEqual([]);
    expect(context.headers).toEqual([]);
    expect(context.selectedCount).toBe(0);
    expect(context.mapping).toEqual({});
    expect(context.error).toBe('');
    expect(context.dataFile).toBeNull();
    expect(context.templateFile?.name).toBe('tagihan2.docx');
  });
});

describe('generator machine: workbook and sheets', () => {
  it('reads the first sheet and starts ready: every row selected, the fields auto-mapped', async () => {
    const { actor, calls } = await loadedReady({ placeholders: ['nama', 'alamat', 'kode_pos'] });
    const { context } = actor.getSnapshot();
    expect(calls.readWorkbook[0].file.name).toBe('pelanggan.xlsx');
    expect(context.sheetNames).toEqual(['Pelanggan', 'Kota']);
    expect(context.selectedSheet).toBe('Pelanggan');
    expect(context.headers).toEqual(['Nama', 'Alamat', 'Telepon']);
    expect(context.table.rows()).toEqual(sheet1Rows);
    expect([...context.selection]).toEqual([1, 1, 1]);
    expect(context.selectedCount).toBe(3);
    expect({ ...context.mapping }).toEqual({ nama: 'Nama', alamat: 'Alamat', kode_pos: '' });
  });

  it('a new workbook resets rows, selection, mapping and sheet', async () => {
    const { actor } = await readyToGo();
    actor.send({ type: 'generator.sheetChanged', sheet: 'Kota' });
    await idle(actor);
    actor.send({ type: 'generator.dataChosen', file: file('lain.xlsx') });
    expect(actor.getSnapshot().context.table.rows()).toEqual([]);
    expect(actor.getSnapshot().context.sheetNames).toEqual([]);
    await idle(actor);
    const { context } = actor.getSnapshot();
    expect(context.selectedSheet).toBe('Pelanggan');
    expect(context.selectedCount).toBe(3);
    expect({ ...context.mapping }).toEqual({ nama: 'Nama', alamat: 'Alamat' });
    expect(context.placeholders).toEqual(['nama', 'alamat']);
  });

  it('reports a read failure with its detail', async () => {
    const { actor } = start({
      readWorkbook: async () => {
        throw new Error('Excel file is empty');
      },
    });
    actor.send({ type: 'generator.dataChosen', file: file('empty.xlsx') });
    await idle(actor);
    expect(actor.getSnapshot().context.error).toBe('Error reading Excel file: Excel file is empty');
    expect(actor.getSnapshot().context.table.rows()).toEqual([]);
  });

  it('changing the sheet re-reads that sheet, selects its rows, keeps mappings whose column still exists and auto-maps the rest', async () => {
    const { actor, calls } = await readyToGo();
    actor.send({ type: 'generator.mappingChanged', placeholder: 'nama', column: 'Telepon' });
    actor.send({ type: 'generator.sheetChanged', sheet: 'Kota' });
    expect(actor.getSnapshot().hasTag('processing')).toBe(true);
    await idle(actor);
    expect(calls.readSheet).toEqual([{ file: calls.readWorkbook[0].file, sheet: 'Kota' }]);
    const { context } = actor.getSnapshot();
    expect(context.selectedSheet).toBe('Kota');
    expect(context.headers).toEqual(['Nama', 'Kota']);
    expect(context.table.rows()).toEqual(sheet2Rows);
    expect(context.selectedCount).toBe(2);
    // Telepon is gone: nama is auto-mapped again; no column for alamat.
    expect({ ...context.mapping }).toEqual({ nama: 'Nama', alamat: '' });
  });

  it('ignores the sheet already shown and sheets the workbook does not have', async () => {
    const { actor, calls } = await loaded();
    actor.send({ type: 'generator.sheetChanged', sheet: 'Pelanggan' });
    actor.send({ type: 'generator.sheetChanged', sheet: 'Nope' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(calls.readSheet).toHaveLength(0);
  });

  it('reports a sheet read failure with its detail', async () => {
    const { actor } = await loaded({
      readSheet: async () => {
        throw new Error('Sheet "Kota" not found');
      },
    });
    actor.send({ type: 'generator.sheetChanged', sheet: 'Kota' });
    await idle(actor);
    expect(actor.getSnapshot().context.error).toBe(
      'Error reading Excel sheet: Sheet "Kota" not found',
    );
  });
});

describe('generator machine: selection and mapping', () => {
  it('toggles rows, selects all and none, and counts', async () => {
    const { actor } = await loaded();
    const before = actor.getSnapshot().context.selection;
    actor.send({ type: 'generator.rowToggled', index: 1 });
    let { context } = actor.getSnapshot();
    expect(Array.from(context.selection)).toEqual([0, 1, 0]);
    expect(context.selectedCount).toBe(1);
    expect(Array.from(before)).toEqual([0, 0, 0]);
    actor.send({ type: 'generator.rowToggled', index: 1 });
    expect(actor.getSnapshot().context.selectedCount).toBe(0);
    actor.send({ type: 'generator.selectAll' });
    ({ context } = actor.getSnapshot());
    expect(Array.from(context.selection)).toEqual([1, 1, 1]);
    expect(context.selectedCount).toBe(3);
    actor.send({ type: 'generator.selectNone' });
    expect(actor.getSnapshot().context.selectedCount).toBe(0);
  });

  it('ignores toggles of rows that do not exist', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'generator.rowToggled', index: 3 });
    actor.send({ type: 'generator.rowToggled', index: -1 });
    expect(actor.getSnapshot().context.selectedCount).toBe(0);
  });

  it('maps a placeholder to a column and clears all mappings', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'generator.mappingChanged', placeholder: 'nama', column: 'Nama' });
    expect(actor.getSnapshot().context.mapping.nama).toBe('Nama');
    actor.send({ type: 'generator.mappingChanged', placeholder: 'nama', column: 'Nope' });
    actor.send({ type: 'generator.mappingChanged', placeholder: 'unknown', column: 'Nama' });
    expect({ ...actor.getSnapshot().context.mapping }).toEqual({ nama: 'Nama', alamat: '' });
    actor.send({ type: 'generator.clearMappings' });
    expect({ ...actor.getSnapshot().context.mapping }).toEqual({ nama: '', alamat: '' });
  });

  it('keeps a format per placeholder, sends it with the merge, and shows the format warnings', async () => {
    const t = await readyToGo();
    t.actor.send({ type: 'generator.formatChanged', placeholder: 'nama', format: 'upper' });
    t.actor.send({ type: 'generator.formatChanged', placeholder: 'unknown', format: 'upper' });
    t.actor.send({
      type: 'generator.formatChanged',
      placeholder: 'alamat',
      format: 'bogus' as never,
    });
    expect({ ...t.actor.getSnapshot().context.formats }).toEqual({ nama: 'upper' });
    t.actor.send({ type: 'generator.generate' });
    expect(t.calls.merge[0].formats).toEqual({ nama: 'upper' });
    t.sendWorker({
      type: 'generator.merged',
      result: result({ fileName: 'x.docx', count: 2, skipped: 0, warnings: ['a: one', 'b: two'] }),
    });
    await idle(t.actor);
    expect(t.actor.getSnapshot().context.warning).toBe('a: one\nb: two');
    t.actor.send({ type: 'generator.clearMappings' });
    expect({ ...t.actor.getSnapshot().context.formats }).toEqual({});
  });

  it("starts each field in the format its Word switch asks for; the user's choice wins", async () => {
    const t = await readyToGo({
      analyse: async () => ({
        placeholders: ['nama', 'alamat'],
        notFilled: ['IF'],
        fieldFormats: { nama: 'upper' },
      }),
    });
    expect(t.actor.getSnapshot().context.warning).toBe(
      'Word fields not filled by the generator: IF. They keep the result the template shows.',
    );
    expect({ ...t.actor.getSnapshot().context.formats }).toEqual({ nama: 'upper' });
    t.actor.send({ type: 'generator.formatChanged', placeholder: 'nama', format: 'sheet' });
    t.actor.send({ type: 'generator.generate' });
    expect(t.calls.merge[0].formats).toEqual({ nama: 'sheet' });
    // Clearing the mappings goes back to what the template asks for.
    t.actor.send({ type: 'generator.cancel' });
    await idle(t.actor);
    t.actor.send({ type: 'generator.clearMappings' });
    expect({ ...t.actor.getSnapshot().context.formats }).toEqual({ nama: 'upper' });
  });

  it.each(['tagihan.dotx', 'TAGIHAN.DOCM'])('accepts the Word template %s', async (name) => {
    const { actor, calls } = start();
    actor.send({ type: 'generator.templateChosen', file: file(name) });
    await idle(actor);
    expect(actor.getSnapshot().context.error).toBe('');
    expect(calls.analyse).toHaveLength(1);
  });

  it("says a .docm's macros were dropped, with the fields not filled, while the template stays", async () => {
    const t = await readyToGo({
      analyse: async () => ({
        placeholders: ['nama', 'alamat'],
        notFilled: ['ASK'],
        macrosDropped: true,
      }),
    });
    expect(t.actor.getSnapshot().context.warning).toBe(
      "Word fields not filled by the generator: ASK. They keep the result the template shows. The template's macros were dropped: the generated document is a .docx without them.",
    );
    const alone = await readyToGo({
      analyse: async () => ({ placeholders: ['nama', 'alamat'], macrosDropped: true }),
    });
    expect(alone.actor.getSnapshot().context.warning).toBe(messages.macrosDropped);
  });

  it('one file per row: the zip output and its name column go with the job; the zip is downloaded as such', async () => {
    const t = await readyToGo();
    expect(t.actor.getSnapshot().context.output).toBe('merged');
    t.actor.send({ type: 'generator.outputChanged', output: 'zip' });
    t.actor.send({ type: 'generator.nameColumnChanged', column: 'Nope' });
    t.actor.send({ type: 'generator.generate' });
    // No column chosen: the first one names the files.
    expect(t.calls.merge[0].output).toEqual({ kind: 'zip', nameColumn: 'Nama' });
    t.sendWorker({
      type: 'generator.merged',
      result: result({ kind: 'zip', fileName: 'Invoices.zip', skipped: 1, count: 1 }),
    });
    await idle(t.actor);
    expect(t.downloads[0]).toMatchObject({ fileName: 'Invoices.zip' });
    expect(t.actor.getSnapshot().context.success).toBe(
      'Successfully generated 1 file in Invoices.zip (1 row skipped due to insufficient data)',
    );
    t.actor.send({ type: 'generator.nameColumnChanged', column: 'Alamat' });
    t.actor.send({ type: 'generator.generate' });
    expect(t.calls.merge[1].output).toEqual({ kind: 'zip', nameColumn: 'Alamat' });
  });

  it('Preview Row renders the selected rows one at a time, Previous and Next within the selection', async () => {
    const t = await loaded();
    expect(t.actor.getSnapshot().can({ type: 'generator.previewRow' })).toBe(false);
    t.actor.send({ type: 'generator.rowToggled', index: 0 });
    t.actor.send({ type: 'generator.rowToggled', index: 2 });
    t.actor.send({ type: 'generator.previewRow' });
    await idle(t.actor);
    expect(t.actor.getSnapshot().context.preview).toMatchObject({ position: 0, rowIndex: 0 });
    expect(t.actor.getSnapshot().can({ type: 'generator.previewPrevious' })).toBe(false);
    t.actor.send({ type: 'generator.previewNext' });
    await idle(t.actor);
    expect(t.actor.getSnapshot().context.preview).toMatchObject({
      position: 1,
      rowIndex: 2,
      document: { body: [{ text: 'row 2' }] },
    });
    expect(t.actor.getSnapshot().can({ type: 'generator.previewNext' })).toBe(false);
    expect(t.calls.preview.map((c) => c.row)).toEqual([0, 2]);
    // An open preview is rendered again when the mapping or a format changes; a closed one is not.
    t.actor.send({ type: 'generator.formatChanged', placeholder: 'nama', format: 'upper' });
    await idle(t.actor);
    expect(t.calls.preview.at(-1)).toMatchObject({ row: 2, job: { formats: { nama: 'upper' } } });
    t.actor.send({ type: 'generator.previewClosed' });
    expect(t.actor.getSnapshot().context.preview).toBeNull();
    t.actor.send({ type: 'generator.mappingChanged', placeholder: 'nama', column: 'Nama' });
    await idle(t.actor);
    expect(t.calls.preview).toHaveLength(3);
  });

  it('emits each mapping edit (to be remembered) and a recalled mapping comes before auto-map', async () => {
    const t = await loaded();
    const edits: unknown[] = [];
    t.actor.on('generator.mappingEdited', (e) =>
      edits.push({
        ...e.mapping,
        ...Object.fromEntries(Object.entries(e.formats).map(([k, v]) => [`${k}:format`, v])),
      }),
    );
    t.actor.send({ type: 'generator.mappingChanged', placeholder: 'nama', column: 'Nama' });
    t.actor.send({ type: 'generator.formatChanged', placeholder: 'nama', format: 'upper' });
    t.actor.send({ type: 'generator.clearMappings' });
    expect(edits).toEqual([
      { nama: 'Nama', alamat: '' },
      { nama: 'Nama', alamat: '', 'nama:format': 'upper' },
      { nama: '', alamat: '' },
    ]);
    // Remembered: nama from Telepon (auto-map would take Nama); alamat names no column of the
    // sheet, so it is auto-mapped around the remembered one.
    t.actor.send({
      type: 'generator.mappingRecalled',
      mapping: { nama: 'Telepon', alamat: 'Gone', unknown: 'Nama' },
      formats: { nama: 'upper', alamat: 'rupiah' },
    });
    const { mapping, formats } = t.actor.getSnapshot().context;
    expect({ ...mapping }).toEqual({ nama: 'Telepon', alamat: 'Alamat' });
    expect({ ...formats }).toEqual({ nama: 'upper' });
  });

  it('selects exactly the rows given (Select Matching), ignoring unknown and repeated indexes', async () => {
    const t = await loaded();
    t.actor.send({ type: 'generator.rowToggled', index: 1 });
    t.actor.send({ type: 'generator.selectRows', rowIndexes: Uint32Array.from([0, 2, 2, 99]) });
    const { selection, selectedCount } = t.actor.getSnapshot().context;
    expect([...selection]).toEqual([1, 0, 1]);
    expect(selectedCount).toBe(2);
  });

  it('auto-maps similar names with the domain auto-mapper', async () => {
    const { actor } = await loaded({ placeholders: ['nama', 'alamat', 'no_telepon', 'periode'] });
    actor.send({ type: 'generator.autoMap' });
    const { mapping } = actor.getSnapshot().context;
    expect(mapping.nama).toBe('Nama');
    expect(mapping.alamat).toBe('Alamat');
    expect(mapping.no_telepon).toBe('Telepon');
    expect(mapping.periode).toBe('');
  });

  it('auto-map keeps what was mapped by hand and does not reuse its column', async () => {
    const { actor } = await loaded({ placeholders: ['nama', 'alamat'] });
    actor.send({ type: 'generator.mappingChanged', placeholder: 'alamat', column: 'Nama' });
    actor.send({ type: 'generator.autoMap' });
    expect({ ...actor.getSnapshot().context.mapping }).toEqual({ nama: '', alamat: 'Nama' });
  });
});

describe('generator machine: steps and buttons', () => {
  it('shows the mapping step with placeholders and rows; the generate step with rows, its Output offering e-Faktur before any template', async () => {
    const t = start();
    expect(showsMappingStep(t.actor.getSnapshot().context)).toBe(false);
    expect(showsGenerateStep(t.actor.getSnapshot().context)).toBe(false);
    t.actor.send({ type: 'generator.dataChosen', file: file('pelanggan.xlsx') });
    await idle(t.actor);
    expect(showsMappingStep(t.actor.getSnapshot().context)).toBe(false);
    expect(showsGenerateStep(t.actor.getSnapshot().context)).toBe(true);
    expect(t.actor.getSnapshot().can({ type: 'generator.generate' })).toBe(false);
    // e-Faktur XML needs no template: step 3 maps Coretax's fields, Generate stays off.
    t.actor.send({ type: 'generator.outputChanged', output: 'efaktur' });
    expect(t.actor.getSnapshot().context.output).toBe('efaktur');
    expect(showsMappingStep(t.actor.getSnapshot().context)).toBe(true);
    expect(showsGenerateStep(t.actor.getSnapshot().context)).toBe(true);

    const { actor } = await loaded();
    expect(showsMappingStep(actor.getSnapshot().context)).toBe(true);
    expect(showsGenerateStep(actor.getSnapshot().context)).toBe(true);

    // With e-Faktur chosen, a loaded template's Generate does not run either.
    actor.send({ type: 'generator.outputChanged', output: 'efaktur' });
    expect(actor.getSnapshot().can({ type: 'generator.generate' })).toBe(false);
    actor.send({ type: 'generator.outputChanged', output: 'merged' });

    const none = await loaded({ placeholders: [] });
    expect(showsMappingStep(none.actor.getSnapshot().context)).toBe(false);
    expect(showsGenerateStep(none.actor.getSnapshot().context)).toBe(false);
  });

  it('enables Generate and Export only with a selected row and every placeholder mapped', async () => {
    const { actor } = await loaded();
    const can = () => [
      actor.getSnapshot().can({ type: 'generator.generate' }),
      actor.getSnapshot().can({ type: 'generator.export' }),
    ];
    expect(can()).toEqual([false, false]);
    expect(generateBlocker(actor.getSnapshot().context)).toBe(messages.needTemplateAndRows);
    expect(exportBlocker(actor.getSnapshot().context)).toBe(messages.needRowsToExport);

    actor.send({ type: 'generator.rowToggled', index: 0 });
    expect(can()).toEqual([false, false]);
    expect(exportBlocker(actor.getSnapshot().context)).toBe(messages.needMappingToExport);

    actor.send({ type: 'generator.mappingChanged', placeholder: 'nama', column: 'Nama' });
    expect(can()).toEqual([false, false]);
    actor.send({ type: 'generator.mappingChanged', placeholder: 'alamat', column: 'Alamat' });
    expect(can()).toEqual([true, true]);
    expect(generateBlocker(actor.getSnapshot().context)).toBeNull();

    actor.send({ type: 'generator.selectNone' });
    expect(can()).toEqual([false, false]);
  });

  it('a blocked Generate does nothing', async () => {
    const { actor, calls } = await loaded();
    actor.send({ type: 'generator.generate' });
    actor.send({ type: 'generator.export' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(calls.merge).toHaveLength(0);
    expect(calls.export).toHaveLength(0);
  });

  it('accepts no input while processing', async () => {
    const slow = deferred<ReadWorkbookOutput>();
    const t = await readyToGo();
    t.actor.send({ type: 'generator.generate' });
    const snapshot = t.actor.getSnapshot();
    for (const event of [
      { type: 'generator.templateChosen', file: file('x.docx') },
      { type: 'generator.dataChosen', file: file('x.xlsx') },
      { type: 'generator.sheetChanged', sheet: 'Kota' },
      { type: 'generator.rowToggled', index: 1 },
      { type: 'generator.selectAll' },
      { type: 'generator.mappingChanged', placeholder: 'nama', column: 'Telepon' },
      { type: 'generator.autoMap' },
      { type: 'generator.clearMappings' },
      { type: 'generator.generate' },
      { type: 'generator.export' },
      { type: 'generator.reset' },
    ] as const) {
      expect(snapshot.can(event)).toBe(false);
    }
    const reading = start({ readWorkbook: () => slow.promise });
    reading.actor.send({ type: 'generator.dataChosen', file: file('a.xlsx') });
    expect(reading.actor.getSnapshot().can({ type: 'generator.reset' })).toBe(false);
    expect(
      reading.actor.getSnapshot().can({ type: 'generator.templateChosen', file: file('t.docx') }),
    ).toBe(false);
  });
});

describe('generator machine: generate', () => {
  it('merges the selected rows with the mapping, reports progress, downloads and reports success', async () => {
    const t = await readyToGo();
    t.actor.send({ type: 'generator.generate' });
    expect(t.actor.getSnapshot().matches('generating')).toBe(true);
    expect(t.actor.getSnapshot().context.progress).toEqual({ processed: 0, total: 2 });
    // The worker has the rows: only the selected indexes of the sheet it read are sent.
    expect([...t.calls.merge[0].rows]).toEqual([0, 2]);
    expect(t.calls.merge[0].data.sheet).toBe('Pelanggan');
    expect(t.calls.merge[0].data.file).toBe(t.calls.readWorkbook[0].file);
    expect({ ...t.calls.merge[0].mapping }).toEqual({ nama: 'Nama', alamat: 'Alamat' });
    expect(t.calls.merge[0].template.name).toBe('tagihan.docx');

    t.sendWorker({ type: 'generator.progress', processed: 1, total: 2 });
    expect(t.actor.getSnapshot().context.progress).toEqual({ processed: 1, total: 2 });

    const data = new Blob(['merged document']);
    t.sendWorker({
      type: 'generator.merged',
      result: result({
        file: data,
        fileName: 'Merged_Invoices_2026-11-22.docx',
        count: 2,
        skipped: 0,
      }),
    });
    const { context } = t.actor.getSnapshot();
    expect(t.actor.getSnapshot().matches('ready')).toBe(true);
    expect(context.success).toBe('Successfully generated merged document with 2 sections');
    expect(t.downloads).toEqual([{ file: data, fileName: 'Merged_Invoices_2026-11-22.docx' }]);
    expect(t.aborted()).toBe(0);
  });

  it('tells how many rows were skipped for insufficient data', async () => {
    const t = await readyToGo();
    t.actor.send({ type: 'generator.generate' });
    t.sendWorker({
      type: 'generator.merged',
      result: result({ fileName: 'm.docx', count: 1, skipped: 1 }),
    });
    expect(t.actor.getSnapshot().context.success).toBe(
      'Successfully generated merged document with 1 section (1 row skipped due to insufficient data)',
    );
  });

  it('keeps the generate success message until something else happens', async () => {
    const t = await readyToGo();
    t.actor.send({ type: 'generator.generate' });
    t.sendWorker({
      type: 'generator.merged',
      result: result({ fileName: 'm.docx', count: 2, skipped: 0 }),
    });
    t.clock.increment(60_000);
    expect(t.actor.getSnapshot().context.success).toMatch(/^Successfully generated/);
  });

  it('reports a failed merge and stays usable', async () => {
    const t = await readyToGo();
    t.actor.send({ type: 'generator.generate' });
    t.sendWorker({ type: 'generator.mergeFailed', error: new Error('Row 2: Unclosed loop') });
    expect(t.actor.getSnapshot().context.error).toBe(
      'Error generating documents: Row 2: Unclosed loop',
    );
    expect(t.downloads).toEqual([]);
    expect(t.actor.getSnapshot().can({ type: 'generator.generate' })).toBe(true);
  });

  it('cancel terminates the work, returns to ready with a message and ignores the stopped merge', async () => {
    const t = await readyToGo();
    t.actor.send({ type: 'generator.generate' });
    t.sendWorker({ type: 'generator.progress', processed: 1, total: 2 });
    t.actor.send({ type: 'generator.cancel' });
    expect(t.mergeStopped).toHaveBeenCalledTimes(1);
    const snapshot = t.actor.getSnapshot();
    expect(snapshot.matches('ready')).toBe(true);
    expect(snapshot.context.warning).toBe('Generation cancelled');
    expect(snapshot.context.selectedCount).toBe(2);
    expect(snapshot.can({ type: 'generator.generate' })).toBe(true);
    // A result arriving after the cancel must not download anything.
    t.actor.send({
      type: 'generator.merged',
      result: result({ fileName: 'm.docx', count: 2, skipped: 0 }),
    });
    expect(t.downloads).toEqual([]);
    expect(t.actor.getSnapshot().context.success).toBe('');
  });

  it('a new generate clears the previous messages', async () => {
    const t = await readyToGo();
    t.actor.send({ type: 'generator.generate' });
    t.actor.send({ type: 'generator.cancel' });
    t.actor.send({ type: 'generator.generate' });
    expect(t.actor.getSnapshot().context.warning).toBe('');
  });
});

describe('generator machine: cancelling a read', () => {
  it('cancels a slow template analysis: template cleared, worker stopped', () => {
    const slow = deferred<AnalyseTemplateOutput>();
    const t = start({ analyse: () => slow.promise });
    t.actor.send({ type: 'generator.templateChosen', file: file('big.docx') });
    t.actor.send({ type: 'generator.cancel' });
    const { context } = t.actor.getSnapshot();
    expect(t.actor.getSnapshot().matches('ready')).toBe(true);
    expect(t.aborted()).toBe(1);
    expect(context.templateFile).toBeNull();
    expect(context.warning).toBe('Template analysis cancelled');
  });

  it('cancels a slow workbook read: data cleared, and a late answer is ignored', async () => {
    const slow = deferred<ReadWorkbookOutput>();
    const t = start({ readWorkbook: () => slow.promise });
    t.actor.send({ type: 'generator.dataChosen', file: file('big.xlsx') });
    t.actor.send({ type: 'generator.cancel' });
    expect(t.aborted()).toBe(1);
    expect(t.actor.getSnapshot().context.dataFile).toBeNull();
    expect(t.actor.getSnapshot().context.warning).toBe('Reading the Excel file cancelled');
    slow.resolve({
      sheetNames: ['A'],
      sheet: 'A',
      table: SheetTable.fromRows(['x'], [{ x: '1' }]),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.actor.getSnapshot().context.table.rows()).toEqual([]);
  });

  it('cancel does nothing when nothing runs', () => {
    const t = start();
    expect(t.actor.getSnapshot().can({ type: 'generator.cancel' })).toBe(false);
    t.actor.send({ type: 'generator.cancel' });
    expect(t.aborted()).toBe(0);
  });
});

describe('generator machine: pure transitions', () => {
  it('a refused template is a transition to the same state with the message', () => {
    const initial = getInitialSnapshot(generatorMachine);
    const next = getNextSnapshot(generatorMachine, initial, {
      type: 'generator.templateChosen',
      file: file('a.txt'),
    });
    expect(next.value).toEqual({ ready: 'idle' });
    expect(next.context.error).toBe('Please select a valid Word template (.docx, .dotx or .docm)');
  });

  it('reset enters the timed message state from anywhere in ready', () => {
    const initial = getInitialSnapshot(generatorMachine);
    const next = getNextSnapshot(generatorMachine, initial, { type: 'generator.reset' });
    expect(next.value).toEqual({ ready: 'resetMessage' });
  });
});

describe('generator machine: export', () => {
  it('exports the selected rows, downloads, and clears the success message after 5 s', async () => {
    const t = await readyToGo();
    t.actor.send({ type: 'generator.export' });
    expect(t.actor.getSnapshot().hasTag('processing')).toBe(true);
    await waitFor(t.actor, (s) => s.context.success !== '', { timeout: 1000 });
    expect([...t.calls.export[0].rows]).toEqual([0, 2]);
    expect(t.calls.export[0].data.sheet).toBe('Pelanggan');
    expect(t.calls.export[0].data.file).toBe(t.calls.readWorkbook[0].file);
    expect(t.actor.getSnapshot().context.success).toBe(
      'Successfully exported 2 rows to Tagihan_Voice_2026-11-22.xlsx',
    );
    expect(t.downloads).toHaveLength(1);
    expect(t.downloads[0]).toMatchObject({ fileName: 'Tagihan_Voice_2026-11-22.xlsx' });
    t.clock.increment(4999);
    expect(t.actor.getSnapshot().context.success).not.toBe('');
    t.clock.increment(1);
    expect(t.actor.getSnapshot().context.success).toBe('');
  });

  it('the 5 s timer survives selection changes but not a new message', async () => {
    const t = await readyToGo();
    t.actor.send({ type: 'generator.export' });
    await waitFor(t.actor, (s) => s.context.success !== '', { timeout: 1000 });
    t.clock.increment(3000);
    t.actor.send({ type: 'generator.rowToggled', index: 1 });
    t.clock.increment(2000);
    expect(t.actor.getSnapshot().context.success).toBe('');
  });

  it('reports a failed export', async () => {
    const t = await readyToGo({
      exportRows: async () => {
        throw new Error('out of memory');
      },
    });
    t.actor.send({ type: 'generator.export' });
    await idle(t.actor);
    expect(t.actor.getSnapshot().context.error).toBe('Error exporting to XLSX: out of memory');
    expect(t.downloads).toEqual([]);
  });
});

describe('generator machine: reset', () => {
  it('clears everything including both files and shows its message for 3 s', async () => {
    const t = await readyToGo();
    t.actor.send({ type: 'generator.reset' });
    let { context } = t.actor.getSnapshot();
    expect(context.templateFile).toBeNull();
    expect(context.dataFile).toBeNull();
    expect(context.table.rows()).toEqual([]);
    expect(context.placeholders).toEqual([]);
    expect(context.sheetNames).toEqual([]);
    expect(context.selectedCount).toBe(0);
    expect(context.mapping).toEqual({});
    expect(context.success).toBe('All data has been reset. You can start fresh!');
    t.clock.increment(2999);
    expect(t.actor.getSnapshot().context.success).toBe(
      'All data has been reset. You can start fresh!',
    );
    t.clock.increment(1);
    ({ context } = t.actor.getSnapshot());
    expect(context.success).toBe('');
    expect(t.actor.getSnapshot().value).toEqual({ ready: 'idle' });
  });

  it('the reset message goes when a new file is chosen', async () => {
    const t = start();
    t.actor.send({ type: 'generator.reset' });
    t.actor.send({ type: 'generator.templateChosen', file: file('t.docx') });
    expect(t.actor.getSnapshot().context.success).toBe('');
  });
});
