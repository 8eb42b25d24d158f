import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface ActivityEntry {
  userId: number | null;
  /** Short verb in snake_case: login, login_failed, logout, logout_all, register, password_reset, … */
  action: string;
  description: string;
  ip?: string | null;
  userAgent?: string | null;
  at?: Date;
}

/** Appends to the user's account activity (GET /account/activity reads it). */
export async function logActivity(db: Kysely<Database>, entry: ActivityEntry): Promise<void> {
  await db
    .insertInto('activity')
    .values({
      user_id: entry.userId,
      action: entry.action,
      description: entry.description.slice(0, 1000),
      ip_address: entry.ip ?? null,
      user_agent: entry.userAgent?.slice(0, 500) ?? null,
      created_at: (entry.at ?? new Date()).toISOString(),
    })
    .execute();
}
