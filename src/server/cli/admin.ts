import { parseArgs } from 'node:util';
import { createPasswordHasher } from '../auth/passwords';
import { CLI_ACTOR } from '../audit/record';
import { credentialsBox, generatePassword, setPassword, upsertAdmin } from '../bootstrap';
import { loadConfig } from '../config';
import { openMigratedDatabase } from '../db';
import { LIMITS } from '../../domain/constants';
import { isValidEmail } from '../../domain/validation';

const USAGE = `Usage:
  npm run admin -- create --email <email> --name <name> [--password <password>]
  npm run admin -- reset-password --email <email> [--password <password>]
Without --password a strong password is generated and printed once.
Uses the same DATA_DIR / DATABASE_URL as the server.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

async function run() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) fail('Choose a command.');
  const email = values.email?.trim().toLowerCase();
  if (!email || !isValidEmail(email)) fail('--email must be a valid email address.');
  if (values.password !== undefined && values.password.length < LIMITS.passwordMinChange)
    fail(`--password must be at least ${LIMITS.passwordMinChange} characters.`);

  const database = await openMigratedDatabase(loadConfig());
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
    } else {
      fail(`Unknown command "${command}".`);
    }
  } finally {
    await database.close();
  }
}

run().catch((error) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
