import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { object, type Infer } from 'superstruct';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  isAuditAction,
  isAuditEntity,
  type AuditAction,
  type AuditEntity,
} from '../../domain/history';
import { MENU_DASHBOARD, MENU_USER_MANAGEMENT } from '../../domain/users/menu';
import { AUDIT_EVENT_COLUMNS, toEventView } from '../audit/events';
import type { Database } from '../db/schema';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { ok } from '../http/envelope';
import { parseQuery, queryParam, readQuery } from '../http/query';
import { requireAdmin, requireAuth, requireMenu } from '../http/requireAuth';
import { PAGE_QUERY, pageRequest, paginationOf, type PageRequest } from '../pagination';
import type { AppEnv } from '../types';
import { idParam } from './routeHelpers';

// The audit trail (issue 25): GET /audit-events for administrators (staff: the events of invoice
// summaries only), and the history of one record under its own path.

const DAY_MS = 24 * 3600 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const ID_TEXT = /^[1-9]\d{0,9}$/;

/** A date (YYYY-MM-DD, UTC) or an ISO date-time; `endOfDay` makes a bare date include that whole day. */
function instant(endOfDay: boolean) {
  return (text: string): string | undefined => {
    if (!DATE_ONLY.test(text) && !/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})?$/.test(text))
      return undefined;
    const at = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : text);
    if (Number.isNaN(at.getTime())) return undefined;
    return new Date(at.getTime() + (endOfDay && DATE_ONLY.test(text) ? DAY_MS : 0)).toISOString();
  };
}

const idQuery = (name: string) =>
  queryParam(
    (text) => (ID_TEXT.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : undefined),
    `${name} must be a positive integer`,
  );

export const AuditQueryStruct = object({
  ...PAGE_QUERY,
  entity: queryParam<AuditEntity>(
    (text) => (isAuditEntity(text) ? text : undefined),
    `entity must be one of ${AUDIT_ENTITIES.join(', ')}`,
  ),
  entity_id: idQuery('entity_id'),
  actor: idQuery('actor'),
  action: queryParam<AuditAction>(
    (text) => (isAuditAction(text) ? text : undefined),
    `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
  ),
  from: queryParam(instant(false), 'from must be a date (YYYY-MM-DD) or an ISO date-time'),
  to: queryParam(instant(true), 'to must be a date (YYYY-MM-DD) or an ISO date-time'),
});

export type AuditQuery = Infer<typeof AuditQueryStruct>;

/** Newest first; `to` is exclusive (a bare date includes its whole day). */
export async function listAuditEvents(db: Kysely<Database>, q: AuditQuery, page: PageRequest) {
  const filtered = () => {
    let query = db.selectFrom('audit_events');
    if (q.entity) query = query.where('entity', '=', q.entity);
    if (q.entity_id !== undefined) query = query.where('entity_id', '=', q.entity_id);
    if (q.actor !== undefined) query = query.where('actor_id', '=', q.actor);
    if (q.action) query = query.where('action', '=', q.action);
    if (q.from) query = query.where('created_at', '>=', q.from);
    if (q.to) query = query.where('created_at', '<', q.to);
    return query;
  };
  const [rows, count] = await Promise.all([
    filtered()
      .select(AUDIT_EVENT_COLUMNS)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered()
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { events: rows.map(toEventView), pagination: paginationOf(page, Number(count.total)) };
}

/**
 * GET /audit-events. Administrators read every event; a user whose role has the Dashboard menu
 * reads the events of invoice summaries and must say so (entity=invoice_summary): user events
 * (roles, sign-in failures) are for administrators.
 */
async function list(c: Context<AppEnv>) {
  const query = readQuery(c, AuditQueryStruct);
  if (c.get('user').role !== 'admin' && query.entity !== 'invoice_summary')
    throw new ApiError(403, ERROR_MESSAGES.forbidden);
  return ok(c, await listAuditEvents(c.get('deps').db, query, pageRequest(query)));
}

/** Staff pass on to the Dashboard menu check; administrators are through already. */
async function summaryReaderUnlessAdmin(c: Context<AppEnv>, next: () => Promise<void>) {
  if (c.get('user').role === 'admin') return next();
  return requireMenu(MENU_DASHBOARD)(c, next);
}

export function auditEventRoutes() {
  return new Hono<AppEnv>().use('*', requireAuth).get('/', summaryReaderUnlessAdmin, list);
}

/** The history of one record: GET /invoice-summaries/{id}/audit-events and /users/{id}/audit-events. */
export function recordHistory(entity: AuditEntity) {
  return async (c: Context<AppEnv>) => {
    const query = parseQuery(c.req.query(), object(PAGE_QUERY));
    const filters: AuditQuery = { ...query, entity, entity_id: idParam(c) };
    return ok(c, await listAuditEvents(c.get('deps').db, filters, pageRequest(query)));
  };
}

/** Who may read a record's history: summaries with the Dashboard menu, users as administrator with Manajemen User. */
export const HISTORY_GUARDS = {
  invoice_summary: [requireMenu(MENU_DASHBOARD)],
  user: [requireMenu(MENU_USER_MANAGEMENT), requireAdmin],
} as const;
