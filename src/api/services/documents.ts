// PDF conversion on the server (issue 22): whether this server converts at all, and the merged
// .docx → PDF call, cancellable with an AbortSignal (Cancel stops LibreOffice on the server too).
import type { PdfProgressCounts } from '../../domain/generator/pdfProgress';
import { getHttpClient, type HttpClient } from '../http';
import { FALLBACK } from '../messages';
import { lazyService } from './lazy';
import { call, failure, SCREEN_HANDLED, type ServiceResult } from './result';

export interface PdfCapability {
  /** False: the server has no LibreOffice or PDF_CONVERSION=off; hide the PDF choices. */
  enabled: boolean;
  /** Largest .docx the server takes, in bytes (0 when disabled). */
  maxBytes: number;
}

const PATH = '/documents/pdf';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** The server stops a conversion after PDF_TIMEOUT (5 min by default); waiting in its line comes on top. */
export const PDF_CONVERSION_TIMEOUT_MS = 30 * 60_000;

/** The conversion's URL: `?progress=` to follow it, `markers=drop` for one PDF without them. */
function conversionPath(progressId?: string, dropMarkers?: boolean): string {
  const query = new URLSearchParams();
  if (progressId) query.set('progress', progressId);
  if (dropMarkers) query.set('markers', 'drop');
  const search = query.toString();
  return search ? `${PATH}?${search}` : PATH;
}

export function createDocumentsService(http: HttpClient) {
  return {
    pdfCapability(): Promise<ServiceResult<PdfCapability>> {
      return call<{ enabled?: unknown; maxBytes?: unknown }, PdfCapability>(() => http.get(PATH), {
        fallback: FALLBACK.pdfCapability,
        pick: (data) => ({
          enabled: data?.enabled === true,
          maxBytes: Number(data?.maxBytes) || 0,
        }),
      });
    },

    /**
     * The .docx as a PDF Blob. Failures carry the server's message (not a Word document, too
     * large, busy — retry after `Retry-After` —, LibreOffice could not open it, timed out…).
     * Aborting `signal` cancels the upload or the conversion; the result is then `pdfCancelled`.
     */
    async convertToPdf(
      docx: Blob | ArrayBuffer | Uint8Array,
      options: { signal?: AbortSignal; progressId?: string; dropMarkers?: boolean } = {},
    ): Promise<ServiceResult<Blob>> {
      const { signal, progressId, dropMarkers } = options;
      if (signal?.aborted) return failure(FALLBACK.pdfCancelled, 0);
      const body = docx instanceof Blob ? docx : new Blob([docx as BlobPart], { type: DOCX_TYPE });
      const result = await call<Blob>(
        () =>
          http.post<Blob>(conversionPath(progressId, dropMarkers), body, {
            ...SCREEN_HANDLED,
            headers: { 'content-type': DOCX_TYPE, accept: 'application/pdf, application/json' },
            responseType: 'blob',
            timeoutMs: PDF_CONVERSION_TIMEOUT_MS,
            signal,
          }),
        { fallback: FALLBACK.pdfConversion },
      );
      if (signal?.aborted) return failure(FALLBACK.pdfCancelled, 0);
      return result;
    },

    /**
     * How far the conversion sent with `progressId` is (docs/pdf-chunks.md, "Progress"). A 404
     * (not begun, finished, or not this user's) is a failure the caller takes as "nothing yet".
     */
    pdfProgress(
      progressId: string,
      options: { signal?: AbortSignal } = {},
    ): Promise<ServiceResult<PdfProgressCounts>> {
      return call<Partial<Record<keyof PdfProgressCounts, unknown>>, PdfProgressCounts>(
        () =>
          http.get(`${PATH}/progress/${encodeURIComponent(progressId)}`, {
            ...SCREEN_HANDLED,
            signal: options.signal,
          }),
        {
          fallback: FALLBACK.pdfConversion,
          pick: (data) => ({
            sections: data?.sections == null ? null : Number(data.sections),
            sectionsDone: Number(data?.sectionsDone) || 0,
            pagesDone: Number(data?.pagesDone) || 0,
          }),
        },
      );
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;

export const documents: DocumentsService = /* @__PURE__ */ lazyService(() =>
  createDocumentsService(getHttpClient()),
);
