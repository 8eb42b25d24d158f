// The generator machine's actors, backed by the worker bridge (the only way the UI reaches the
// worker). The machine's jobs are the bridge's jobs (src/domain/generator/generationJob); each actor passes
// the signal of its actor to its bridge call: an actor stopped before its call settles (the user
// cancelled, the machine moved on, the page was left) aborts that call, and the bridge ends the
// worker only when the call is in it (see GeneratorBridge).
import { fromCallback, fromPromise } from 'xstate';
import type { GenerationResult } from '../../domain/generator/generationJob';
import type {
  AnalyseTemplateInput,
  AnalyseTemplateOutput,
  DocumentPreview,
  ExportInput,
  FilterInput,
  GenerateActorEvent,
  GeneratorEvent,
  Job,
  PreviewInput,
  ReadImagesInput,
  ReadImagesOutput,
  ReadSheetInput,
  ReadWorkbookInput,
  ReadWorkbookOutput,
  SendMailsActorEvent,
  SendMailsInput,
  SheetTable,
} from '../../machines/generator/types';
import { generatorBridge as bridge } from '../../workers/bridge';
import { companySettings, documents } from '../../api';
import { pdfActors } from './generatePdf';
import { MailDocumentsMismatch, sendMails } from './sendMails';

export const workerActors = {
  analyseTemplate: fromPromise<AnalyseTemplateOutput, AnalyseTemplateInput>(({ input, signal }) =>
    bridge.analyseTemplate(input.file, { signal }),
  ),
  readWorkbook: fromPromise<ReadWorkbookOutput, ReadWorkbookInput>(({ input, signal }) =>
    bridge.readWorkbook(input.file, { signal }),
  ),
  readImages: fromPromise<ReadImagesOutput, ReadImagesInput>(async ({ input, signal }) => {
    const named = input.files.map((file) => ({ name: file.name, file }));
    const { names } = await bridge.readImages(named, { signal });
    return { files: input.files, names };
  }),
  // The worker keeps the parsed workbook, so a sheet change does not send the file again.
  readSheet: fromPromise<SheetTable, ReadSheetInput>(({ input, signal }) =>
    bridge.readSheet(input, { signal }),
  ),
  // The merge, a PDF output's first hop too. A callback actor (it reports progress) gets no signal
  // from xstate: its cleanup aborts its own.
  generate: fromCallback<GeneratorEvent, Job>(({ input, sendBack }) => {
    const stopped = new AbortController();
    // After a cancel the machine has moved on; whatever the old job still reports is dropped.
    let live = true;
    const send = (event: GenerateActorEvent) => {
      if (live) sendBack(event);
    };
    const progress = ({ processed, total }: { processed: number; total: number }) =>
      send({ type: 'generator.progress', processed, total });
    bridge.generate(input, progress, { signal: stopped.signal }).then(
      (result) => send({ type: 'generator.merged', result }),
      (error: unknown) => send({ type: 'generator.mergeFailed', error }),
    );
    return () => {
      live = false;
      // Stopped before the job finished (cancelled, page left): the worker need not go on. A
      // settled call ignores the abort.
      stopped.abort();
    };
  }),
  ...pdfActors(bridge),
  // The preview's row filter (src/machines/generator/filter.ts). No signal: a search is short, and
  // aborting one running in the worker would end the worker and its parsed workbook; a stopped
  // search's answer is dropped.
  filterRows: fromCallback<GeneratorEvent, FilterInput>(({ input, sendBack }) => {
    let live = true;
    const answer = (matches: Uint32Array | null) => {
      if (live) sendBack({ type: 'generator.filtered', query: input.query, matches });
    };
    bridge.filterRows(input.data, input.query).then(answer, () => answer(null));
    return () => {
      live = false;
    };
  }),
  previewRow: fromPromise<DocumentPreview, PreviewInput>(({ input, signal }) =>
    bridge.previewRow(input.job, input.row, { signal }),
  ),
  exportRows: fromPromise<GenerationResult, ExportInput>(({ input, signal }) =>
    bridge.exportRows(input, { signal }),
  ),
  // The e-mail outputs' hand-over (docs/delivery.md, "The page"): the documents made in one worker
  // call (one conversion for PDF), then one request; the answer or the failure goes back.
  sendMails: fromCallback<GeneratorEvent, SendMailsInput>(({ input, sendBack }) => {
    const stopped = new AbortController();
    let live = true;
    const send = (event: SendMailsActorEvent) => {
      if (live) sendBack(event);
    };
    const { context, ...job } = input;
    sendMails(context, {
      ...job,
      signal: stopped.signal,
      onProgress: (progress) => send({ type: 'generator.mailProgress', progress }),
    }).then(
      (answer) => {
        const done = answer.data;
        if (!answer.success || !done)
          send({
            type: 'generator.mailsFailed',
            error: {
              kind: 'refused',
              code: answer.code,
              params: answer.params,
              text: answer.error ?? '',
            },
          });
        else
          send({
            type: 'generator.mailsHandedOver',
            queued: done.queued,
            left: [...done.skipped, ...done.refused].map((r) => `${r.key} (${r.row})`),
          });
      },
      (failure: unknown) =>
        send({
          type: 'generator.mailsFailed',
          error:
            failure instanceof MailDocumentsMismatch
              ? { kind: 'mismatch', made: failure.made, mails: failure.mails }
              : {
                  kind: 'text',
                  text: failure instanceof Error ? failure.message : String(failure),
                },
        }),
    );
    return () => {
      live = false;
      stopped.abort();
    };
  }),
};

/** Whether this server converts to PDF; the page tells the machine once when it opens. */
export async function pdfAvailable(): Promise<boolean> {
  const answer = await documents.pdfCapability();
  return answer.success && answer.data?.enabled === true;
}

/**
 * The static QRIS an administrator stored on Pengaturan Perusahaan (issue 34), the source of every
 * {%qris:Column}; null when none is stored or the settings cannot be read.
 */
export async function storedQrisPayload(): Promise<string | null> {
  const answer = await companySettings.get();
  const payload = answer.success ? answer.data?.qris_static.trim() : '';
  return payload ? payload : null;
}

/** Ends the worker and the workbook it parsed (page left, Reset); the next job starts a fresh one. */
export function releaseWorker(): void {
  bridge.release();
}

/** The sample template the worker makes, to download (offered when a template has no fields). */
export function sampleTemplate(): Promise<{ bytes: ArrayBuffer; fileName: string }> {
  return bridge.sampleTemplate();
}
