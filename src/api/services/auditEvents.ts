// The audit trail (issue 25): every event for administrators, a summary's history ('Riwayat
// Perubahan') for whoever reads the dashboard, a user's history for administrators. Render the
// entries with src/domain/history (describeChanges, actionText, formatDateTime).

import type { AuditAction, AuditEntity, AuditEventEntry } from '../../domain/history';
import { getHttpClient, type HttpClient } from '../http';
import { FALLBACK } from '../messages';
import { lazyService } from './lazy';
import { call, idPath, type Pagination, type ServiceResult } from './result';

export interface AuditEventQuery {
  entity?: AuditEntity;
  entityId?: number;
  /** A user id: the events that user made. */
  actor?: number;
  action?: AuditAction;
  /** 'YYYY-MM-DD' (UTC; `to` includes that whole day) or an ISO date-time. */
  from?: string;
  to?: string;
  page?: number;
  limit?: number;
}

export interface AuditEventPage {
  events: AuditEventEntry[];
  pagination: Pagination | null;
}

function readPage(data: unknown): AuditEventPage {
  const d = (data ?? {}) as { events?: unknown; pagination?: unknown };
  return {
    events: Array.isArray(d.events) ? (d.events as AuditEventEntry[]) : [],
    pagination: (d.pagination ?? null) as Pagination | null,
  };
}

export function createAuditEventsService(http: HttpClient) {
  return {
    /** GET /audit-events, newest first. Staff may only ask for entity 'invoice_summary' (else 403). */
    list(query: AuditEventQuery = {}): Promise<ServiceResult<AuditEventPage>> {
      return call<unknown, AuditEventPage>(
        () => http.get('/audit-events', { query: { ...query } }),
        {
          fallback: FALLBACK.auditEvents,
          pick: readPage,
        },
      );
    },

    /** GET /invoice-summaries/{id}/audit-events: the period's 'Riwayat Perubahan', newest first. */
    forSummary(
      id: string | number,
      page: { page?: number; limit?: number } = {},
    ): Promise<ServiceResult<AuditEventPage>> {
      return call<unknown, AuditEventPage>(
        () => http.get(`${idPath('/invoice-summaries', id)}/audit-events`, { query: page }),
        { fallback: FALLBACK.summaryHistory, pick: readPage },
      );
    },

    /** GET /users/{id}/audit-events (administrators), newest first. */
    forUser(
      id: string | number,
      page: { page?: number; limit?: number } = {},
    ): Promise<ServiceResult<AuditEventPage>> {
      return call<unknown, AuditEventPage>(
        () => http.get(`${idPath('/users', id)}/audit-events`, { query: page }),
        { fallback: FALLBACK.auditEvents, pick: readPage },
      );
    },
  };
}

export type AuditEventsService = ReturnType<typeof createAuditEventsService>;

/** The app's audit trail calls on the app's http client, built on first use. */
export const auditEvents: AuditEventsService = /* @__PURE__ */ lazyService(() =>
  createAuditEventsService(getHttpClient()),
);
