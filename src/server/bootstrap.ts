import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { diffRecords } from '../domain/history';
import { recordAuditEvent, SYSTEM_ACTOR, type AuditActor } from './audit/record';
import type { PasswordHasher } from './auth/passwords';
import { endAllSessions } from './auth/sessions';
import { userCreatedEvent } from './users/recordCreated';
import { writeUserSecret } from './users/writeSecret';
import { uniqueUsername, usernameFromEmail } from './auth/usernames';
import type { Database } from './db/schema';

/** 18 random bytes → 24 URL-safe characters: plenty of entropy, easy to copy from a terminal. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The framed notice for a generated password; printed once, never logged anywhere else. */
export function credentialsBox(title: string, email: string, password: string): string {
  const lines = [
    title,
    '',
    `  Email:    ${email}`,
    `  Password: ${password}`,
    '',
    'Store it now; it is not shown again.',
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const bar = '═'.repeat(width);
  return [`╔${bar}╗`, ...lines.map((l) => `║ ${l.padEnd(width - 1)}║`), `╚${bar}╝`].join('\n');
}

export interface AdminAccount {
  id: number;
  email: string;
  /** Set only when it was generated here and must be shown to the operator. */
  generatedPassword?: string;
  created: boolean;
}

/**
 * Creates a verified administrator with this email, or (if the email exists) makes that account a
 * verified administrator with the given password. Used by first start and by the admin CLI.
 */
export async function upsertAdmin(
  db: Kysely<Database>,
  hasher: PasswordHasher,
  input: { email: string; name?: string; password?: string },
  /** Who the audit trail names: the system on first start, the admin CLI from the shell. */
  actor: AuditActor = SYSTEM_ACTOR,
): Promise<AdminAccount> {
  const email = input.email.trim().toLowerCase();
  const password = input.password ?? generatePassword();
  const passwordHash = await hasher.hash(password);
  const now = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
    const context = { actor, requestId: null, at: new Date(now) };
    if (existing) {
      const updated = await trx
        .updateTable('users')
        .set({
          role: 'admin',
          is_verified: 1,
          password_hash: passwordHash,
          updated_at: now,
          version: (eb) => eb('version', '+', 1),
          ...(input.name ? { name: input.name } : {}),
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAuditEvent(trx, context, {
        entity: 'user',
        entityId: existing.id,
        entityLabel: email,
        entityVersion: updated.version,
        action: updated.role !== existing.role ? 'role' : 'password_reset',
        changes: diffRecords('user', existing, updated),
      });
      await endAllSessions(trx, existing.id);
      return {
        id: existing.id,
        email,
        created: false,
        generatedPassword: input.password ? undefined : password,
      };
    }
    const row = await trx
      .insertInto('users')
      .values({
        name: input.name?.trim() || 'Administrator',
        username: await uniqueUsername(trx, usernameFromEmail(email)),
        email,
        password_hash: passwordHash,
        role: 'admin',
        is_verified: 1,
        profile_image: null,
        profile_image_type: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAuditEvent(trx, context, userCreatedEvent(row));
    return {
      id: row.id,
      email,
      created: true,
      generatedPassword: input.password ? undefined : password,
    };
  });
}

/** First start: when no verified administrator exists, make one. Returns it, or null when one existed. */
export async function ensureAdmin(
  db: Kysely<Database>,
  hasher: PasswordHasher,
  options: { email: string; password?: string },
): Promise<AdminAccount | null> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_verified', '=', 1)
    .limit(1)
    .executeTakeFirst();
  if (admin) return null;
  return upsertAdmin(db, hasher, {
    email: options.email,
    password: options.password,
    name: 'Administrator',
  });
}

/** Sets a user's password from the shell (admin CLI): one transaction with its audit event; every session ends. */
export async function setPassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  actor: AuditActor,
): Promise<void> {
  const at = new Date();
  await db.transaction().execute(async (trx) => {
    await writeUserSecret(trx, userId, { password_hash: passwordHash }, 'password_reset', {
      actor,
      requestId: null,
      at,
    });
    await endAllSessions(trx, userId, at);
  });
}
