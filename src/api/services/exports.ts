// Exports of exactly what a list shows (issue 25): the list's own query (filters and sort; page
// and limit are ignored, every page is exported) → a file. The browser's time zone goes along,
// so dates in the file read as on screen. Hand the result to a download (an <a download> with
// URL.createObjectURL(blob) and `fileName`).

import { keysToSnakeCase } from '../../domain/text/case';
import { messageFromBody } from '../errors';
import { NOTICE_TEXTS } from '../errorMessages';
import { getHttpClient, type HttpClient } from '../http';
import { FALLBACK } from '../messages';
import { lazyService } from './lazy';
import { failure, type ServiceResult } from './result';
import type { SummaryListQuery } from './invoiceSummaries';
import type { UserListQuery } from './users';

export type ExportFormat = 'xlsx' | 'csv';

export interface ExportFile {
  blob: Blob;
  /** From Content-Disposition: 'users_2026-11-25_role-staff.xlsx'. */
  fileName: string;
}

/** The file name of a Content-Disposition header (filename* first, then filename). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? null;
}

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

export function createExportsService(http: HttpClient) {
  async function download(
    path: string,
    query: Record<string, unknown>,
    fallback: string,
  ): Promise<ServiceResult<ExportFile>> {
    const params: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(keysToSnakeCase<Record<string, unknown>>(query)))
      if (value !== undefined && value !== null && value !== '') params[key] = value;
    params.tz ??= browserTimeZone();
    // One refresh when the access token expired meanwhile, as every other call gets.
    for (let attempt = 0; ; attempt++) {
      const token = http.tokens.getAccessToken();
      let response;
      try {
        response = await http.fetcher.raw(path, {
          baseURL: http.config().apiRoot,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          query: params,
          responseType: 'blob',
          timeout: 0,
        });
      } catch {
        return failure(NOTICE_TEXTS.networkNormalised, 0);
      }
      if (response.status === 401 && attempt === 0 && (await http.refreshSession())) continue;
      const payload = response._data as unknown;
      const blob = payload instanceof Blob ? payload : undefined;
      if (!response.ok || !blob) {
        // The http client already reads an error answer's envelope (JSON, camelCase); a Blob
        // is left only when that could not be done here.
        let body: unknown = blob ? null : payload;
        if (blob) {
          try {
            body = JSON.parse(await blob.text());
          } catch {
            // not JSON: keep the fallback text
          }
        }
        const field = (body as { field?: unknown } | null)?.field;
        return failure(
          messageFromBody(body) ?? fallback,
          response.status,
          typeof field === 'string' ? field : undefined,
        );
      }
      const fileName =
        fileNameOf(response.headers.get('content-disposition')) ?? `export.${params.format}`;
      return { success: true, data: { blob, fileName }, error: null, status: response.status };
    }
  }

  return {
    /** GET /users/export: `lang` heads the columns in the page's language. */
    users(
      query: Omit<UserListQuery, 'page' | 'limit'> & { lang?: 'en' | 'id' },
      format: ExportFormat = 'xlsx',
    ): Promise<ServiceResult<ExportFile>> {
      const role = query.role ? query.role.toLowerCase() : undefined;
      return download('/users/export', { ...query, role, format }, FALLBACK.exportUsers);
    },

    /** GET /invoice-summaries/export with the list's period, status, search, sortBy, sortOrder. */
    invoiceSummaries(
      query: Omit<SummaryListQuery, 'page' | 'limit'>,
      format: ExportFormat = 'xlsx',
    ): Promise<ServiceResult<ExportFile>> {
      return download('/invoice-summaries/export', { ...query, format }, FALLBACK.exportSummaries);
    },

    /** GET /deliveries/{id}/failed: a delivery job's failed rows, to fix in the sheet. */
    deliveryFailed(id: number, format: ExportFormat): Promise<ServiceResult<ExportFile>> {
      return download(`/deliveries/${id}/failed`, { format }, FALLBACK.exportDeliveryFailed);
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;

/** The app's export downloads on the app's http client, built on first use. */
export const exportFiles: ExportsService = /* @__PURE__ */ lazyService(() =>
  createExportsService(getHttpClient()),
);
