// A period's generation history (issue 22): the runs recorded for an invoice summary, and
// recording one. A run already recorded with the same template and data answers `duplicate`
// (the earlier run: who, when, rows) until the page asks again with confirmDuplicate.
import type { GenerationRun, GenerationRunInput } from '../../domain/billing/generationRun';
import { getHttpClient, isApiRequestError, type HttpClient } from '../http';
import { FALLBACK } from '../messages';
import { lazyService } from './lazy';
import { call, SCREEN_HANDLED, type ServiceResult } from './result';

export type RecordRunResult = ServiceResult<GenerationRun> & {
  /** On 409: the earlier run with the same files for this period. */
  readonly duplicateOf?: GenerationRun;
};

const runsPath = (summaryId: number | string) =>
  `/invoice-summaries/${encodeURIComponent(String(summaryId))}/generation-runs`;

export function createGenerationRunsService(http: HttpClient) {
  return {
    /** Newest first. */
    list(summaryId: number | string): Promise<ServiceResult<GenerationRun[]>> {
      return call<{ runs?: GenerationRun[] }, GenerationRun[]>(
        () => http.get(runsPath(summaryId)),
        {
          fallback: FALLBACK.generationRuns,
          pick: (data) => (Array.isArray(data?.runs) ? data.runs : []),
        },
      );
    },

    async record(summaryId: number | string, run: GenerationRunInput): Promise<RecordRunResult> {
      let earlier: GenerationRun | undefined;
      const result = await call<GenerationRun>(
        async () => {
          try {
            return await http.post<GenerationRun>(runsPath(summaryId), run, SCREEN_HANDLED);
          } catch (error) {
            if (isApiRequestError(error) && error.status === 409)
              earlier = (error.data as { data?: { earlierRun?: GenerationRun } })?.data?.earlierRun;
            throw error;
          }
        },
        { fallback: FALLBACK.recordGenerationRun },
      );
      return earlier ? { ...result, duplicateOf: earlier } : result;
    },
  };
}

export type GenerationRunsService = ReturnType<typeof createGenerationRunsService>;

export const generationRuns: GenerationRunsService = /* @__PURE__ */ lazyService(() =>
  createGenerationRunsService(getHttpClient()),
);
