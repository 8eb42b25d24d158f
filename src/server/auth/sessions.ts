import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import { hashToken, randomToken, type TokenService } from './tokens';

/**
 * Sessions: one refresh-token family per sign-in. Every refresh rotates the token; the old row is
 * revoked and points at its successor (replaced_by). Presenting a rotated token again:
 * - within REFRESH_GRACE_SECONDS (two tabs refreshing at once): the caller gets a fresh pair of the
 *   same family; the successor the first caller got stays valid too;
 * - later: treated as theft, the whole family is revoked, so the newer token and every access
 *   token of that session die at once.
 */
export const REFRESH_GRACE_SECONDS = 10;

export interface TokenPair {
  access_token: string;
  refresh_token: string;
}

export interface SessionDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  now: () => Date;
  refreshTtlSeconds: number;
}

const INVALID_REFRESH = 'Invalid or expired refresh token';

async function issueRefreshToken(
  db: Kysely<Database>,
  userId: number,
  familyId: string,
  now: Date,
  ttlSeconds: number,
) {
  const token = randomToken();
  const row = await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      family_id: familyId,
      expires_at: new Date(now.getTime() + ttlSeconds * 1000).toISOString(),
      revoked_at: null,
      replaced_by: null,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

/** Starts a session (after a successful sign-in). */
export async function createSession(
  deps: SessionDeps,
  userId: number,
): Promise<TokenPair & { session_id: string }> {
  const now = deps.now();
  const familyId = randomUUID();
  const { token } = await issueRefreshToken(deps.db, userId, familyId, now, deps.refreshTtlSeconds);
  const access = await deps.tokens.signAccess({ userId, sessionId: familyId });
  return { access_token: access, refresh_token: token, session_id: familyId };
}

/** A session is alive while its family holds an unrevoked, unexpired token. requireAuth checks this. */
export async function isSessionAlive(
  db: Kysely<Database>,
  familyId: string,
  now: Date,
): Promise<boolean> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeSession(
  db: Kysely<Database>,
  familyId: string,
  now: Date = new Date(),
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every session of a user at once: refresh tokens revoked, and since requireAuth checks the
 * session, every access token stops working on its next request. Call it on logout-all, password
 * change/reset, invalidation, deletion and role change.
 */
export async function endAllSessions(
  db: Kysely<Database>,
  userId: number,
  now: Date = new Date(),
): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export interface RotationResult extends TokenPair {
  userId: number;
  sessionId: string;
}

/** Exchanges a refresh token for a new pair; throws ApiError 401 for unknown, expired, revoked or reused tokens. */
export async function rotateRefreshToken(
  deps: SessionDeps,
  presented: string,
): Promise<RotationResult> {
  const now = deps.now();
  const nowIso = now.toISOString();
  type Outcome = { error: string } | { userId: number; familyId: string; refresh: string };
  const tokenHash = hashToken(presented);
  const result = await deps.db.transaction().execute(async (trx): Promise<Outcome> => {
    // Claim the token in one statement: of two concurrent refreshes exactly one wins; on
    // PostgreSQL the loser waits for the winner's commit and then sees its replaced_by.
    const claimed = await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: nowIso })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .returning(['id', 'user_id', 'family_id'])
      .executeTakeFirst();
    if (claimed) {
      const next = await issueRefreshToken(
        trx,
        claimed.user_id,
        claimed.family_id,
        now,
        deps.refreshTtlSeconds,
      );
      await trx
        .updateTable('refresh_tokens')
        .set({ replaced_by: next.id })
        .where('id', '=', claimed.id)
        .execute();
      return { userId: claimed.user_id, familyId: claimed.family_id, refresh: next.token };
    }

    const row = await trx
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    // Unknown, expired, or ended by logout.
    if (!row || row.revoked_at === null || row.replaced_by === null)
      return { error: INVALID_REFRESH };

    const rotatedRecently =
      now.getTime() - Date.parse(row.revoked_at) <= REFRESH_GRACE_SECONDS * 1000;
    if (rotatedRecently && (await isSessionAlive(trx, row.family_id, now))) {
      const fresh = await issueRefreshToken(
        trx,
        row.user_id,
        row.family_id,
        now,
        deps.refreshTtlSeconds,
      );
      return { userId: row.user_id, familyId: row.family_id, refresh: fresh.token };
    }
    // A rotated token came back after the grace window: someone else holds a copy. End the session.
    await trx
      .updateTable('refresh_tokens')
      .set({ revoked_at: nowIso })
      .where('family_id', '=', row.family_id)
      .where('revoked_at', 'is', null)
      .execute();
    return { error: INVALID_REFRESH };
  });
  if ('error' in result) throw new ApiError(401, result.error, 'refresh_token');
  const access = await deps.tokens.signAccess({
    userId: result.userId,
    sessionId: result.familyId,
  });
  return {
    access_token: access,
    refresh_token: result.refresh,
    userId: result.userId,
    sessionId: result.familyId,
  };
}

/** The family of a refresh token, if the token is known (logout with a refresh token in the body). */
export async function sessionOfRefreshToken(
  db: Kysely<Database>,
  token: string,
): Promise<{ familyId: string; userId: number } | null> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select(['family_id', 'user_id'])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row ? { familyId: row.family_id, userId: row.user_id } : null;
}
