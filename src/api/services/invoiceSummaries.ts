// Invoice summary calls of docs/product.md#api. Reads come back with the front-end names of docs/product.md#data;
// writes take front-end names and go out through the domain mapping (toApi).

import {
  toApi,
  toFrontEnd,
  type InvoiceSummary,
  type SummaryFieldKey,
} from '../../domain/billing/invoiceSummary';
import { pipelineStep, type PipelineStepKey } from '../../domain/billing/pipeline';
import { getHttpClient, type HttpClient } from '../http';
import {
  CREATE_BILL_DEFAULT_ERROR,
  createBillErrorMessage,
  FALLBACK,
  PROGRESS_SAVED,
} from '../messages';
import { lazyService } from './lazy';
import {
  call,
  failure,
  idPath,
  ifMatch,
  SCREEN_HANDLED,
  type Pagination,
  type ServiceResult,
  type VersionedWrite,
} from './result';

export const SUMMARY_CACHE_MS = 5 * 60_000;

export interface SummaryListQuery {
  period?: string;
  status?: string;
  page?: number;
  limit?: number;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  search?: string;
}

export interface SummaryList {
  summaries: InvoiceSummary[];
  pagination: Pagination | null;
}

export type SummaryFields = Partial<Record<SummaryFieldKey, unknown>>;

const BASE = '/invoice-summaries';

/** data.summaries | data (array) | data.items | data.data — every shape docs/product.md#api tolerates. */
export function readSummaryList(data: unknown, envelopePagination?: unknown): SummaryList {
  const d = (data ?? {}) as {
    summaries?: unknown;
    items?: unknown;
    data?: unknown;
    pagination?: unknown;
  };
  const raw = Array.isArray(data)
    ? data
    : Array.isArray(d.summaries)
      ? d.summaries
      : Array.isArray(d.items)
        ? d.items
        : Array.isArray(d.data)
          ? d.data
          : [];
  return {
    summaries: (raw as unknown[])
      .filter((s): s is Record<string, unknown> => Boolean(s) && typeof s === 'object')
      .map((s) => toFrontEnd(s)),
    pagination: (d.pagination ?? envelopePagination ?? null) as Pagination | null,
  };
}

const oneSummary = (data: unknown): InvoiceSummary | null =>
  data && typeof data === 'object' && !Array.isArray(data)
    ? toFrontEnd(data as Record<string, unknown>)
    : null;

export interface InvoiceSummariesServiceOptions {
  now?: () => number;
}

export function createInvoiceSummariesService(
  http: HttpClient,
  options: InvoiceSummariesServiceOptions = {},
) {
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; result: ServiceResult<InvoiceSummary | null> }>();
  const forget = (id: string | number): void => {
    cache.delete(String(id));
  };

  return {
    list(query: SummaryListQuery = {}): Promise<ServiceResult<SummaryList>> {
      return call<unknown, SummaryList>(() => http.get(BASE, { query: { ...query } }), {
        fallback: FALLBACK.dashboardLoad,
        pick: (data, envelope) => readSummaryList(data, envelope.pagination),
      });
    },

    /** Create bill; failures carry the texts of docs/product.md#messages "Create bill". */
    create(fields: SummaryFields): Promise<ServiceResult<InvoiceSummary | null>> {
      const period = typeof fields.period === 'string' ? fields.period : '';
      return call<unknown, InvoiceSummary | null>(
        () => http.post(BASE, toApi(fields), SCREEN_HANDLED),
        {
          fallback: CREATE_BILL_DEFAULT_ERROR,
          pick: oneSummary,
          errorFor: (status, serverMessage) =>
            createBillErrorMessage(status, period, serverMessage),
        },
      );
    },

    /** Cached 5 minutes per id; failures are not cached. */
    async get(id: string | number): Promise<ServiceResult<InvoiceSummary | null>> {
      const hit = cache.get(String(id));
      if (hit && now() - hit.at < SUMMARY_CACHE_MS) return hit.result;
      const result = await call<unknown, InvoiceSummary | null>(() => http.get(idPath(BASE, id)), {
        fallback: FALLBACK.summary,
        pick: oneSummary,
      });
      if (result.success) cache.set(String(id), { at: now(), result });
      return result;
    },

    /** PUT; with `write.version` (the summary's `version` as loaded) a stale copy is refused with 412 and `conflict`. */
    async update(
      id: string | number,
      fields: SummaryFields,
      write?: VersionedWrite,
    ): Promise<ServiceResult<InvoiceSummary | null>> {
      forget(id);
      return call<unknown, InvoiceSummary | null>(
        () => http.put(idPath(BASE, id), toApi(fields), { ...SCREEN_HANDLED, ...ifMatch(write) }),
        {
          fallback: FALLBACK.updateSummary,
          pick: oneSummary,
        },
      );
    },

    async remove(id: string | number, write?: VersionedWrite): Promise<ServiceResult<unknown>> {
      forget(id);
      return call(() => http.delete(idPath(BASE, id), { ...SCREEN_HANDLED, ...ifMatch(write) }), {
        fallback: FALLBACK.deleteSummary,
      });
    },

    /** The summary of one period; a 404 means none exists yet. */
    async getByPeriod(period: string): Promise<ServiceResult<InvoiceSummary | null>> {
      const result = await call<unknown, InvoiceSummary | null>(
        () => http.get(`${BASE}/period/${encodeURIComponent(period)}`),
        { fallback: FALLBACK.summary, pick: oneSummary },
      );
      if (!result.success && result.status === 404)
        return failure(FALLBACK.noSummaryForPeriod, 404);
      return result;
    },

    statistics(
      range: { startPeriod?: string; endPeriod?: string } = {},
    ): Promise<ServiceResult<unknown>> {
      return call(() => http.get(`${BASE}/statistics`, { query: { ...range } }), {
        fallback: FALLBACK.statistics,
      });
    },

    /** PUT /invoice-summaries/progress-<step>/{id} with the step's count (and its document URL). */
    async updateProgress(
      stepKey: PipelineStepKey,
      id: string | number,
      count: number,
      url?: string,
      write?: VersionedWrite,
    ): Promise<ServiceResult<InvoiceSummary | null>> {
      const step = pipelineStep(stepKey);
      const body: Record<string, unknown> = { [step.countField]: Math.round(Number(count) || 0) };
      if (url !== undefined && url !== null && step.urlField) body[step.urlField] = url.trim();
      forget(id);
      return call<unknown, InvoiceSummary | null>(
        () =>
          http.put(`${BASE}/${step.progressPath}/${encodeURIComponent(String(id))}`, body, {
            ...SCREEN_HANDLED,
            ...ifMatch(write),
          }),
        { fallback: FALLBACK.progressSave, pick: oneSummary, successMessage: PROGRESS_SAVED },
      );
    },

    /** Drops the per-id cache (after writes made elsewhere). */
    clearCache(): void {
      cache.clear();
    },
  };
}

export type InvoiceSummariesService = ReturnType<typeof createInvoiceSummariesService>;

/** The app's invoice summary calls on the app's http client, built on first use. */
export const invoiceSummaries: InvoiceSummariesService = /* @__PURE__ */ lazyService(() =>
  createInvoiceSummariesService(getHttpClient()),
);
