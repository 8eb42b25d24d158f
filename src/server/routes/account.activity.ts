import type { Context } from 'hono';
import { isAuditEntity, readChanges } from '../../domain/history';
import { ok } from '../http/envelope';
import { paginationOf, parsePage } from '../pagination';
import type { AppEnv } from '../types';

/**
 * What an entry is about and what it changed, for the client to render in its language
 * (src/domain/history); entity null and no changes for sign-ins and the like.
 */
function activityDetails(stored: string | null) {
  let details: Record<string, unknown> = {};
  try {
    details = stored ? (JSON.parse(stored) as Record<string, unknown>) : {};
  } catch {
    // A malformed entry reads as one without details.
  }
  return {
    entity: isAuditEntity(details.entity) ? details.entity : null,
    entity_id: typeof details.entity_id === 'number' ? details.entity_id : null,
    entity_label: typeof details.entity_label === 'string' ? details.entity_label : null,
    changes: readChanges(details.changes),
  };
}

/** Newest first, paginated like every list: data.activities + data.pagination. */
export async function listActivity(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const me = c.get('user');
  const page = parsePage(c.req.query());
  const [rows, count] = await Promise.all([
    db
      .selectFrom('activity')
      .select(['id', 'action', 'description', 'details', 'ip_address', 'user_agent', 'created_at'])
      .where('user_id', '=', me.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('activity')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow(),
  ]);
  const activities = rows.map(({ details, ...row }) => ({ ...row, ...activityDetails(details) }));
  return ok(c, { activities, pagination: paginationOf(page, Number(count.total)) });
}
