// A generator machine run with a PDF output, its actors played by the test (generator.pdf.test.ts,
// generator.pdfProgress.test.ts): it answers each hop when it chooses, or fails it, and sends the
// conversion's progress as the watcher would.
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { SheetTable } from '../../../../src/domain/sheet/sheetTable';
import type { GenerationResult } from '../../../../src/domain/generator/generationJob';
import { generatorMachine } from '../../../../src/machines/generator/machine';
import type {
  AnalyseTemplateInput,
  AnalyseTemplateOutput,
  ChosenFile,
  ConvertInput,
  DownloadParams,
  GenerateActorEvent,
  GeneratorEvent,
  Job,
  OutputChoice,
  ReadWorkbookInput,
  ReadWorkbookOutput,
  SplitInput,
  WatchPdfInput,
} from '../../../../src/machines/generator/types';

const file = (name: string): ChosenFile => new File(['x'], name);
const TABLE = SheetTable.fromRows(
  ['Nama', 'Alamat'],
  [
    { Nama: 'Budi', Alamat: 'Jl. Merdeka 1' },
    { Nama: 'Sari', Alamat: 'Jl. Sudirman 2' },
  ],
);
export const MERGED: GenerationResult = {
  kind: 'merged',
  file: new Blob(['merged docx']),
  fileName: 'Merged_Invoices_2026-11-27.docx',
  count: 2,
  skipped: 1,
  warnings: ['Row 3: too few values'],
  sectionNames: ['Budi.pdf', 'Sari.pdf'],
};
export const ZIP: GenerationResult = {
  kind: 'pdfPerRow',
  file: new Blob(['zip']),
  fileName: 'Invoices_2026-11-27.zip',
  count: 2,
  skipped: 0,
  warnings: [],
};

/** A hop's answer the test gives when it chooses, and the signal its actor was given. */
function hop<I, O>() {
  const runs: {
    input: I;
    signal: AbortSignal;
    resolve: (o: O) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const actor = fromPromise<O, I>(
    ({ input, signal }) =>
      new Promise<O>((resolve, reject) => runs.push({ input, signal, resolve, reject })),
  );
  return { actor, runs };
}

export async function started(output: OutputChoice) {
  const convert = hop<ConvertInput, Blob>();
  const split = hop<SplitInput, GenerationResult>();
  const merge = { send: null as ((event: GenerateActorEvent) => void) | null, stopped: 0 };
  const downloads: DownloadParams[] = [];
  // The progress watcher: its input and sendBack while it runs, and how many times it was stopped.
  const watch = {
    runs: [] as WatchPdfInput[],
    send: null as ((event: GenerateActorEvent) => void) | null,
    stopped: 0,
  };
  const machine = generatorMachine.provide({
    actors: {
      analyseTemplate: fromPromise<AnalyseTemplateOutput, AnalyseTemplateInput>(async () => ({
        placeholders: ['nama', 'alamat'],
      })),
      readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(async () => ({
        sheetNames: ['S'],
        sheet: 'S',
        table: TABLE,
      })),
      generate: fromCallback<GeneratorEvent, Job>(({ sendBack }) => {
        merge.send = sendBack;
        return () => void merge.stopped++;
      }),
      convertToPdf: convert.actor,
      splitPdf: split.actor,
      watchPdfProgress: fromCallback<GeneratorEvent, WatchPdfInput>(({ input, sendBack }) => {
        watch.runs.push(input);
        watch.send = sendBack;
        return () => void watch.stopped++;
      }),
    },
    actions: { download: (_, params) => void downloads.push(params) },
  });
  const actor = createActor(machine).start();
  // Every state the machine passes through, in order.
  const visited: string[] = [];
  actor.subscribe((s) => {
    const value = JSON.stringify(s.value);
    if (visited.at(-1) !== value) visited.push(value);
  });
  actor.send({ type: 'generator.pdfCapability', enabled: true });
  actor.send({ type: 'generator.templateChosen', file: file('tagihan.docx') });
  await waitFor(actor, (s) => s.matches('ready') && s.context.placeholders.length > 0);
  actor.send({ type: 'generator.dataChosen', file: file('pelanggan.xlsx') });
  await waitFor(actor, (s) => s.matches('ready') && s.context.table.rowCount > 0);
  actor.send({ type: 'generator.outputChanged', output });
  actor.send({ type: 'generator.generate' });
  visited.length = 0;
  visited.push(JSON.stringify(actor.getSnapshot().value));
  const merged = (result: GenerationResult = MERGED) => {
    if (!merge.send) throw new Error('no merge runs');
    merge.send({ type: 'generator.merged', result });
  };
  const failMerge = () => merge.send?.({ type: 'generator.mergeFailed', error: new Error('boom') });
  return { actor, convert, split, merge, watch, merged, failMerge, downloads, visited };
}

export type Run = Awaited<ReturnType<typeof started>>;
export const settled = (t: Run) => waitFor(t.actor, (s) => s.matches('ready'), { timeout: 1000 });
export const inHop = (t: Run, hopName: 'converting' | 'splitting') =>
  waitFor(t.actor, (s) => s.matches({ generating: hopName }), { timeout: 1000 });
