// A period's e-Faktur exports and uploads (issue 33): listing them, and recording one. An export
// with invoice keys exported before answers `repeated` (which keys, when, by whom) until confirmed.
import type { EfakturFile } from '../../domain/efaktur/recordStruct';
import { keysToSnakeCase } from '../../domain/text/case';
import { getHttpClient, isApiRequestError, type HttpClient } from '../http';
import { FALLBACK } from '../messages';
import { lazyService } from './lazy';
import { call, SCREEN_HANDLED, type ServiceResult } from './result';

export interface EfakturRecord {
  id: number;
  kind: 'export' | 'upload';
  recorded_by_name: string;
  recorded_at: string;
  faktur: number;
  invoice_keys: string[];
  files: EfakturFile[];
}

export interface RepeatedKey {
  key: string;
  recorded_at: string;
  by: string;
}

export type RecordEfakturInput =
  | {
      kind: 'export';
      invoice_keys: readonly string[];
      files: readonly EfakturFile[];
      confirm_repeat?: boolean;
    }
  | { kind: 'upload'; faktur: number };

const path = (summaryId: number | string) =>
  `/invoice-summaries/${encodeURIComponent(String(summaryId))}/efaktur-records`;

export function createEfakturRecordsService(http: HttpClient) {
  return {
    list(summaryId: number | string): Promise<ServiceResult<EfakturRecord[]>> {
      return call<unknown, EfakturRecord[]>(() => http.get(path(summaryId)), {
        fallback: FALLBACK.efakturRecords,
        pick: (data) => keysToSnakeCase<{ records?: EfakturRecord[] }>(data ?? {}).records ?? [],
      });
    },
    async record(
      summaryId: number | string,
      input: RecordEfakturInput,
    ): Promise<ServiceResult<EfakturRecord> & { repeated?: RepeatedKey[] }> {
      let repeated: RepeatedKey[] | undefined;
      const result = await call<unknown, EfakturRecord>(
        async () => {
          try {
            return await http.post<unknown>(path(summaryId), input, SCREEN_HANDLED);
          } catch (error) {
            if (isApiRequestError(error) && error.status === 409)
              repeated = keysToSnakeCase<{ data?: { repeated?: RepeatedKey[] } }>(error.data ?? {})
                .data?.repeated;
            throw error;
          }
        },
        {
          fallback: FALLBACK.recordEfaktur,
          pick: (data) => keysToSnakeCase<EfakturRecord>(data ?? {}),
        },
      );
      return repeated ? { ...result, repeated } : result;
    },
  };
}

export const efakturRecords = /* @__PURE__ */ lazyService(() =>
  createEfakturRecordsService(getHttpClient()),
);
