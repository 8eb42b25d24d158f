// E-mail delivery of invoices (docs/delivery.md): a period's jobs with their counts, the
// recipients of a job by status, and the job's controls. Answers arrive camelCased.
import type { DeliveryJobRow, RecipientStatusName } from '../../domain/delivery/delivery';
import type { ServiceResult } from '../../domain/serviceResult';
import { getHttpClient, type HttpClient } from '../http';
import { FALLBACK } from '../messages';
import { lazyService } from './lazy';
import { call } from './result';

export interface DeliveryJob {
  id: number;
  status: 'active' | 'paused' | 'cancelled' | 'done';
  createdAt: string;
  createdByName: string;
  sender: string;
  total: number;
  countCapped: number;
  counts: Record<RecipientStatusName, number>;
  ratePerMinute: number;
  expectedFinish: string | null;
  waitsUntil: string | null;
}

export interface DeliveryOverview {
  period: string;
  delivered: number;
  totalTransactions: number;
  dailyLimit: number;
  jobs: DeliveryJob[];
}

export interface DeliveryRecipient {
  id: number;
  rowNumber: number;
  invoiceKey: string;
  addresses: string;
  status: RecipientStatusName;
  attempts: number;
  finishedAt: string | null;
  claimedAt: string | null;
  messageId: string | null;
  serverAnswer: string | null;
}

export type { DeliveryJobRow };

export type JobAction = 'pause' | 'resume' | 'cancel' | 'resend-failed';

export interface NewDeliveryJob {
  period: string;
  attachment: 'pdf' | 'docx';
  replyTo?: string;
  resendKeys?: string[];
  recipients: DeliveryJobRow[];
}

/** What the server did not queue: refused rows (with the reason) and keys sent before. */
export interface DeliveryCreated {
  id: number;
  queued: number;
  refused: { row: number; key: string; reason: string }[];
  skipped: { row: number; key: string }[];
  sender: string;
}

const PERIOD_PAGE = 100;
/** Recipients a page of the list shows (the server's most). */
export const RECIPIENT_PAGE = 500;

export function createDeliveriesService(http: HttpClient) {
  const action = (path: string, body?: unknown) =>
    call<unknown, null>(() => http.post(path, body), {
      fallback: FALLBACK.deliveryAction,
      pick: () => null,
    });
  return {
    list(period: string): Promise<ServiceResult<DeliveryOverview>> {
      return call<DeliveryOverview>(() => http.get('/deliveries', { query: { period } }), {
        fallback: FALLBACK.deliveries,
      });
    },
    /** One page of a job's recipients (at most RECIPIENT_PAGE from `offset`), and how many there are. */
    recipients(
      id: number,
      status: RecipientStatusName | '',
      offset = 0,
    ): Promise<ServiceResult<{ recipients: DeliveryRecipient[]; total: number }>> {
      const page = { limit: RECIPIENT_PAGE, offset };
      return call<{ recipients: DeliveryRecipient[]; total: number }>(
        () =>
          http.get(`/deliveries/${id}/recipients`, {
            query: status ? { status, ...page } : page,
          }),
        { fallback: FALLBACK.deliveries },
      );
    },
    /**
     * Hands a job over once: the job's JSON and its documents (`merged`: one PDF whose page ranges
     * the rows name; or one .docx part per row, named as the row's `file`).
     */
    create(
      job: NewDeliveryJob,
      documents: Record<string, Blob>,
    ): Promise<ServiceResult<DeliveryCreated>> {
      const form = new FormData();
      form.append(
        'job',
        JSON.stringify({
          period: job.period,
          attachment: job.attachment,
          ...(job.replyTo ? { reply_to: job.replyTo } : {}),
          ...(job.resendKeys?.length ? { resend_keys: job.resendKeys } : {}),
          recipients: job.recipients,
        }),
      );
      for (const [name, blob] of Object.entries(documents)) form.append(name, blob, name);
      return call<DeliveryCreated>(
        () => http.post('/deliveries', form, { timeoutMs: 10 * 60_000 }),
        {
          fallback: FALLBACK.deliveryCreate,
        },
      );
    },
    /** The invoice keys of the period sent, queued or of unknown outcome (sent again only on Resend). */
    sentKeys(period: string): Promise<ServiceResult<string[]>> {
      return call<{ keys?: unknown }, string[]>(
        () => http.get('/deliveries/sent-keys', { query: { period } }),
        {
          fallback: FALLBACK.deliveries,
          pick: (data) =>
            Array.isArray(data?.keys) ? data.keys.filter((k) => typeof k === 'string') : [],
        },
      );
    },
    /** The periods a job can be counted against, newest first. */
    periods(): Promise<ServiceResult<string[]>> {
      return call<unknown, string[]>(
        () =>
          http.get('/invoice-summaries', {
            query: { limit: PERIOD_PAGE, sortBy: 'invoice_period', sortOrder: 'desc' },
          }),
        {
          fallback: FALLBACK.deliveries,
          pick: (data) => {
            const list = Array.isArray(data)
              ? data
              : ((data as { summaries?: unknown[] } | undefined)?.summaries ?? []);
            return list
              .map((s) => (s as { invoicePeriod?: unknown }).invoicePeriod)
              .filter((p): p is string => typeof p === 'string');
          },
        },
      );
    },
    job(id: number, what: JobAction) {
      return action(`/deliveries/${id}/${what}`);
    },
    resend(recipientId: number) {
      return action(`/deliveries/recipients/${recipientId}/resend`, {});
    },
    markSent(recipientId: number) {
      return action(`/deliveries/recipients/${recipientId}/mark-sent`);
    },
  };
}

export type DeliveriesService = ReturnType<typeof createDeliveriesService>;

export const deliveries: DeliveriesService = /* @__PURE__ */ lazyService(() =>
  createDeliveriesService(getHttpClient()),
);
