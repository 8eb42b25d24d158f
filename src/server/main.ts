import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createPasswordHasher } from './auth/passwords';
import { credentialsBox, ensureAdmin } from './bootstrap';
import { loadConfig } from './config';
import { openMigratedDatabase } from './db';
import { pruneExpired } from './db/maintenance';
import { createLogger } from './logger';
import { createMailer } from './mail/mailer';

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { format: config.logFormat });
  const database = await openMigratedDatabase(config);
  logger.info(`database ready (${database.kind === 'postgres' ? 'PostgreSQL' : `SQLite at ${path.join(config.dataDir, 'app.db')}`})`);

  const passwordHasher = createPasswordHasher('owasp');
  const admin = await ensureAdmin(database.db, passwordHasher, { email: config.adminEmail, password: config.adminPassword });
  if (admin?.generatedPassword) {
    console.log('\n' + credentialsBox('Administrator account created', admin.email, admin.generatedPassword) + '\n');
  } else if (admin) {
    logger.info(`administrator ${admin.email} created from ADMIN_EMAIL/ADMIN_PASSWORD`);
  }

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), logger });
  const app = createApp({ db: database.db, config, mailer, logger, passwordHasher, distDir: path.resolve('dist') });
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    const host = info.address.includes(':') ? `[${info.address}]` : info.address;
    logger.info(`Dashboard Invoice listening on http://${host}:${info.port}`);
  });
  server.on('error', (error) => {
    logger.error(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
    process.exit(1);
  });

  const prune = () => pruneExpired(database.db).catch((error) => logger.warn('pruning expired rows failed', { error: String(error) }));
  void prune();
  setInterval(prune, 3600_000).unref();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(() => {
      logger.debug('http server closed');
      database
        .close()
        .catch((error) => logger.error('closing the database failed', { error: String(error) }))
        .finally(() => {
          logger.debug('database closed');
          process.exit(0);
        });
    });
    // Idle keep-alive connections would hold close() open.
    (server as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  console.error(`Failed to start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
