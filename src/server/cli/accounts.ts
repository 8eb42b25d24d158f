import path from 'node:path';
import { createPasswordHasher } from '../auth/passwords';
import { CLI_ACTOR } from '../audit/record';
import { credentialsBox, generatePassword, setPassword, upsertAdmin } from '../bootstrap';
import type { Config } from '../config';
import { openMigratedDatabase } from '../db';
import { holdSharedLock } from '../db/databaseLock';

// `create` and `reset-password`: administrators from the shell.

export interface AccountCommand {
  command: 'create' | 'reset-password';
  email: string;
  name?: string;
  password?: string;
}

/** Runs one account command; the embedded database is marked in use meanwhile (no restore under it). */
export async function runAccountCommand(
  config: Config,
  values: AccountCommand,
  fail: (message: string) => never,
): Promise<void> {
  const { command, email } = values;
  const lock = config.databaseUrl ? null : holdSharedLock(path.join(config.dataDir, 'app.db'));
  const database = await openMigratedDatabase(config);
  const hasher = createPasswordHasher('owasp');
  try {
    if (command === 'create') {
      if (!values.name || values.name.trim().length < 2)
        fail('--name must be at least 2 characters.');
      const existing = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (existing) {
        console.error(
          `An account with email ${email} already exists; use reset-password to set its password.`,
        );
        process.exitCode = 1;
        return;
      }
      const admin = await upsertAdmin(
        database.db,
        hasher,
        {
          email,
          name: values.name.trim(),
          password: values.password,
        },
        CLI_ACTOR,
      );
      console.log(
        admin.generatedPassword
          ? credentialsBox('Administrator created', email, admin.generatedPassword)
          : `Administrator ${email} created.`,
      );
    } else if (command === 'reset-password') {
      const user = await database.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      if (!user) {
        console.error(`No account with email ${email}.`);
        process.exitCode = 1;
        return;
      }
      const password = values.password ?? generatePassword();
      await setPassword(database.db, user.id, await hasher.hash(password), CLI_ACTOR);
      console.log(
        values.password
          ? `Password of ${email} changed; its sessions were ended.`
          : credentialsBox('Password reset', email, password),
      );
    }
  } finally {
    await database.close();
    lock?.release();
  }
}
