import type { UserRow } from '../db/schema';
import type { ResolvedDeps } from '../types';

/**
 * Mails every verified administrator that a new account waits for verification (SMTP or the
 * outbox). Called by POST /auth/register for anonymous sign-ups; never fails the registration.
 */
export async function notifyAdminsOfPendingUser(
  deps: ResolvedDeps,
  user: Pick<UserRow, 'name' | 'email' | 'username'>,
): Promise<void> {
  try {
    const admins = await deps.db
      .selectFrom('users')
      .select('email')
      .where('role', '=', 'admin')
      .where('is_verified', '=', 1)
      .execute();
    const link = deps.config.publicUrl
      ? `\n\nReview it under Manajemen User: ${deps.config.publicUrl}/user-management\n`
      : '\n';
    await Promise.all(
      admins.map((admin) =>
        deps.mailer.send({
          to: admin.email,
          subject: 'New Dashboard Invoice account awaits verification',
          text: `A new account was registered and awaits an administrator's verification:\n\nName: ${user.name}\nUsername: ${user.username}\nEmail: ${user.email}${link}`,
        }),
      ),
    );
  } catch (error) {
    deps.logger.warn('pending-user mail to administrators failed', {
      email: user.email,
      error: String(error),
    });
  }
}
