// The generator machine's actors, backed by the worker bridge (the only way the UI reaches the
// worker). Each adapts the bridge's answer to what the machine expects, and passes the signal of
// its actor to its bridge call: an actor stopped before its call settles (the user cancelled, the
// machine moved on, the page was left) aborts that call, and the bridge ends the worker only when
// the call is in it (see GeneratorBridge).
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

export const workerActors = {
  analyseTemplate: fromPromise<AnalyseTemplateOutput, AnalyseTemplateInput>(({ input, signal }) =>
    bridge.analyseTemplate(input.file, { signal }),
  ),
  readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(async ({ input, signal }) => {
    const workbook = await bridge.readWorkbook(input.file, { signal });
    return { sheetNames: workbook.sheetNames, sheet: workbook.sheetName, table: workbook.sheet };
  }),
  // The worker keeps the parsed workbook, so a sheet change does not send the file again.
  readSheet: fromPromise<ReadSheetOutput, ReadSheetInput>(async ({ input, signal }) => ({
    table: await bridge.readSheet(input.sheet, input.file, { signal }),
  })),
  // A callback actor (it reports progress) gets no signal from xstate: its cleanup aborts its own.
  mergeDocuments: fromCallback<GeneratorEvent, MergeInput>(({ input, sendBack }) => {
    const stopped = new AbortController();
    const options = { signal: stopped.signal };
    // After a cancel the machine has moved on; whatever the old job still reports is dropped.
    let live = true;
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
        ? bridge
            .zipPerRow({ ...request, nameColumn: input.nameColumn }, onProgress, options)
            .then((result) => ({
              data: result.buffer,
              fileName: result.fileName,
              sections: result.files,
              skipped: result.skipped,
              warnings: result.warnings,
              files: result.files,
            }))
        : bridge.mergeDocuments(request, onProgress, options).then((result) => ({
            data: result.buffer,
            fileName: result.fileName,
            sections: result.sections,
            skipped: result.skipped,
            warnings: result.warnings,
          }));
    job.then(
      (output) => send({ type: 'generator.merged', output }),
      (error: unknown) => send({ type: 'generator.mergeFailed', error }),
    );
    return () => {
      live = false;
      // Stopped before the merge finished (cancelled, page left): the worker need not go on. A
      // settled call ignores the abort.
      stopped.abort();
    };
  }),
  previewRow: fromPromise<DocumentPreview, PreviewInput>(({ input, signal }) =>
    bridge.previewRow(
      {
        template: input.template,
        workbook: input.workbook,
        sheetName: input.sheet,
        rowIndex: input.rowIndex,
        mapping: { ...input.mapping },
        formats: { ...input.formats },
      },
      { signal },
    ),
  ),
  exportRows: fromPromise<ExportOutput, ExportInput>(async ({ input, signal }) => {
    const result = await bridge.exportRows(
      {
        workbook: input.workbook,
        sheetName: input.sheet,
        rowIndexes: input.rowIndexes,
        mapping: { ...input.mapping },
      },
      { signal },
    );
    return { data: result.buffer, fileName: result.fileName, rowCount: input.rowIndexes.length };
  }),
};

/** Ends the worker and the workbook it parsed (page left, Reset); the next job starts a fresh one. */
export function releaseWorker(): void {
  bridge.release();
}

/**
 * The preview's row filter, searched by the worker (which holds the rows). No signal: a search is
 * short, and aborting one running in the worker would end the worker and its parsed workbook.
 */
export function filterSheetRows(
  sheetName: string,
  query: string,
  workbook: Blob | undefined,
): Promise<Uint32Array> {
  return bridge.filterRows(sheetName, query, workbook);
}
