// The generator machine's actors, backed by the worker bridge (the only way the UI reaches the
// worker). Each adapts the bridge's answer to what the machine expects.
import { fromCallback, fromPromise } from 'xstate';
import type {
  AnalyseTemplateInput,
  AnalyseTemplateOutput,
  ExportInput,
  ExportOutput,
  GeneratorEvent,
  MergeActorEvent,
  MergeInput,
  MergeOutput,
  PreviewInput,
  DocumentPreview,
  ReadSheetInput,
  ReadSheetOutput,
  ReadWorkbookInput,
  ReadWorkbookOutput,
} from '../../machines/generator.types';
import { generatorBridge as bridge } from '../../workers/bridge';

/**
 * A job whose actor is stopped before it settles (the page is left, or the machine moved on) is not
 * needed any more: stop the worker instead of letting it run on. xstate aborts the signal only then.
 */
function stopWorkerWhenAbandoned(signal: AbortSignal): void {
  signal.addEventListener('abort', () => bridge.cancel(), { once: true });
}

export const workerActors = {
  analyseTemplate: fromPromise<AnalyseTemplateOutput, AnalyseTemplateInput>(async ({ input, signal }) => {
    stopWorkerWhenAbandoned(signal);
    return bridge.analyseTemplate(input.file);
  }),
  readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(async ({ input, signal }) => {
    stopWorkerWhenAbandoned(signal);
    const workbook = await bridge.readWorkbook(input.file);
    return { sheetNames: workbook.sheetNames, sheet: workbook.sheetName, table: workbook.sheet };
  }),
  // The worker keeps the parsed workbook, so a sheet change does not send the file again.
  readSheet: fromPromise<ReadSheetOutput, ReadSheetInput>(async ({ input, signal }) => {
    stopWorkerWhenAbandoned(signal);
    return { table: await bridge.readSheet(input.sheet, input.file) };
  }),
  mergeDocuments: fromCallback<GeneratorEvent, MergeInput>(({ input, sendBack }) => {
    // After a cancel the machine has moved on; whatever the old job still reports is dropped.
    let live = true;
    let settled = false;
    const send = (event: MergeActorEvent) => {
      if (live) sendBack(event);
    };
    const request = {
      template: input.template,
      workbook: input.workbook,
      sheetName: input.sheet,
      rowIndexes: input.rowIndexes,
      mapping: { ...input.mapping },
      formats: { ...input.formats },
    };
    const onProgress = ({ processed, total }: { processed: number; total: number }) =>
      send({ type: 'generator.progress', processed, total });
    const job: Promise<MergeOutput> =
      input.output === 'zip'
        ? bridge.zipPerRow({ ...request, nameColumn: input.nameColumn }, onProgress).then((result) => ({
            data: result.buffer,
            fileName: result.fileName,
            sections: result.files,
            skipped: result.skipped,
            warnings: result.warnings,
            files: result.files,
          }))
        : bridge.mergeDocuments(request, onProgress).then((result) => ({
            data: result.buffer,
            fileName: result.fileName,
            sections: result.sections,
            skipped: result.skipped,
            warnings: result.warnings,
          }));
    job
      .finally(() => {
        settled = true;
      })
      .then(
        (output) => send({ type: 'generator.merged', output }),
        (error: unknown) => send({ type: 'generator.mergeFailed', error }),
      );
    return () => {
      live = false;
      // Stopped before the merge finished (page left, or cancelled): the worker need not go on.
      if (!settled) bridge.cancel();
    };
  }),
  previewRow: fromPromise<DocumentPreview, PreviewInput>(async ({ input, signal }) => {
    stopWorkerWhenAbandoned(signal);
    return bridge.previewRow({
      template: input.template,
      workbook: input.workbook,
      sheetName: input.sheet,
      rowIndex: input.rowIndex,
      mapping: { ...input.mapping },
      formats: { ...input.formats },
    });
  }),
  exportRows: fromPromise<ExportOutput, ExportInput>(async ({ input, signal }) => {
    stopWorkerWhenAbandoned(signal);
    const result = await bridge.exportRows({
      workbook: input.workbook,
      sheetName: input.sheet,
      rowIndexes: input.rowIndexes,
      mapping: { ...input.mapping },
    });
    return { data: result.buffer, fileName: result.fileName, rowCount: input.rowIndexes.length };
  }),
};

/** Stops the job in progress: the bridge terminates the worker and starts a fresh one next time. */
export function cancelWorkerJob(): void {
  bridge.cancel();
}

/** Ends the worker and the workbook it parsed (page left, Reset); the next job starts a fresh one. */
export function releaseWorker(): void {
  bridge.release();
}

/** The preview's row filter, searched by the worker (which holds the rows). */
export function filterSheetRows(sheetName: string, query: string, workbook: Blob | undefined): Promise<Uint32Array> {
  return bridge.filterRows(sheetName, query, workbook);
}
