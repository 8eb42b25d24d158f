import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { backupDatabase, postgresBackupAdvice, restoreDatabase } from '../db/backup';
import { LIMITS } from '../../domain/constants';
import { isValidEmail } from '../../domain/validation';
import { runAccountCommand } from './accounts';
import { errorText } from '../../domain/text/errorText';

const USAGE = `Usage:
  npm run admin -- create --email <email> --name <name> [--password <password>]
  npm run admin -- reset-password --email <email> [--password <password>]
  npm run admin -- backup <file> [--force]
  npm run admin -- restore <file>
Without --password a strong password is generated and printed once.
backup copies the embedded database while the server runs and checks the copy;
restore replaces it with a backup (stop the server first) and keeps the old file beside it.
Uses the same DATA_DIR / DATABASE_URL as the server.`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

/** backup and restore of the embedded database; with PostgreSQL, how to use pg_dump / pg_restore. */
async function runFileCommand(command: 'backup' | 'restore', file: string, force: boolean) {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.error(postgresBackupAdvice(command));
    process.exitCode = 1;
    return;
  }
  const databaseFile = path.join(config.dataDir, 'app.db');
  if (command === 'backup') {
    const started = performance.now();
    const result = await backupDatabase(databaseFile, file, {
      force,
      onStart: () => console.log(`Backing up ${databaseFile} …`),
    });
    const ms = Math.round(performance.now() - started);
    console.log(
      `Backup written to ${result.file} (${size(result.bytes)}, ${result.pages} pages, ${ms} ms); integrity check: ok.`,
    );
    return;
  }
  const result = await restoreDatabase(databaseFile, file);
  console.log(
    `Restored ${path.resolve(file)} into ${result.database}.` +
      (result.replaced ? ` The database it replaced is kept as ${result.replaced}.` : ''),
  );
}

async function run() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) fail('Choose a command.');
  if (command === 'backup' || command === 'restore') {
    const file = positionals[1];
    if (!file || positionals.length > 2) fail(`${command} takes one file name.`);
    return runFileCommand(command, file, values.force === true);
  }
  if (command !== 'create' && command !== 'reset-password') fail(`Unknown command "${command}".`);
  const email = values.email?.trim().toLowerCase();
  if (!email || !isValidEmail(email)) fail('--email must be a valid email address.');
  if (values.password !== undefined && values.password.length < LIMITS.passwordMinChange)
    fail(`--password must be at least ${LIMITS.passwordMinChange} characters.`);
  await runAccountCommand(
    loadConfig(),
    { command, email, name: values.name, password: values.password },
    fail,
  );
}

run().catch((error) => {
  console.error(errorText(error));
  process.exit(1);
});
