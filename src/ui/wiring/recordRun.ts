// The record-run machine's actors on the real services: the periods from the invoice summaries,
// the run (SHA-256 of both files, computed here with crypto.subtle) and the generated count.
import { fromPromise } from 'xstate';
import { generationRuns, invoiceSummaries } from '../../api';
import type { GenerationRun } from '../../domain/billing/generationRun';
import { RUN_OUTPUT_KIND } from '../../domain/billing/recordRun';
import type { GeneratedRun } from '../../machines/generator/types';
import type { RunPeriod, SaveInput, SaveOutput } from '../../machines/recordRun/machine';

async function sha256(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function recordRunActors(run: GeneratedRun) {
  // One id per run: a second POST of it (a retry, another tab) stores nothing new.
  const clientRunId = crypto.randomUUID();
  return {
    loadPeriods: fromPromise<RunPeriod[]>(async () => {
      const answer = await invoiceSummaries.list({ limit: 100 });
      if (!answer.success || !answer.data) throw new Error(answer.error ?? '');
      return answer.data.summaries.flatMap((s) =>
        s.id === null
          ? []
          : [
              {
                id: s.id,
                period: s.period,
                generated: s.generatedInvoiceCount,
                total: s.totalTransactionCount,
              },
            ],
      );
    }),
    save: fromPromise<SaveOutput, SaveInput>(async ({ input }) => {
      const [templateSha256, dataSha256] = await Promise.all([
        sha256(run.templateFile),
        sha256(run.dataFile),
      ]);
      const recorded = await generationRuns.record(input.summary.id, {
        clientRunId,
        templateName: run.templateFile.name,
        templateSha256,
        dataName: run.dataFile.name,
        dataSha256,
        rows: run.rows,
        documents: run.documents,
        outputKind: RUN_OUTPUT_KIND[run.output],
        confirmDuplicate: input.confirmDuplicate,
      });
      if (recorded.duplicateOf) return { duplicateOf: recorded.duplicateOf };
      if (!recorded.success) throw new Error(recorded.error ?? '');
      const saved = await invoiceSummaries.updateProgress(
        'generated',
        input.summary.id,
        input.count,
      );
      if (!saved.success) throw new Error(saved.error ?? '');
      return { saved: true };
    }),
  };
}

/** The period's recorded runs, newest first (the dashboard's 'Riwayat Generate'). */
export async function loadGenerationRuns(summaryId: string | number): Promise<GenerationRun[]> {
  const answer = await generationRuns.list(summaryId);
  if (!answer.success || !answer.data) throw new Error(answer.error ?? '');
  return answer.data;
}
