// E-mail delivery of invoices (docs/delivery.md): a period's jobs with their counts, the
// recipients of a job by status, and the job's controls. Answers arrive camelCased.
import type { RecipientStatusName } from '../../domain/delivery';
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

export type JobAction = 'pause' | 'resume' | 'cancel' | 'resend-failed';

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
    recipients(
      id: number,
      status: RecipientStatusName | '',
    ): Promise<ServiceResult<{ recipients: DeliveryRecipient[]; total: number }>> {
      return call<{ recipients: DeliveryRecipient[]; total: number }>(
        () =>
          http.get(`/deliveries/${id}/recipients`, {
            query: status ? { status, limit: 500 } : { limit: 500 },
          }),
        { fallback: FALLBACK.deliveries },
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
