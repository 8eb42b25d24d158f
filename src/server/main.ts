import path from 'node:path';
import type { Server as HttpServer } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createPasswordHasher } from './auth/passwords';
import { credentialsBox, ensureAdmin } from './bootstrap';
import { loadConfig } from './config';
import { warnIfDataDirIsOpen } from './dataDir';
import { openMigratedDatabase } from './db';
import { holdSharedLock } from './db/databaseLock';
import { gracefulCloser } from './http/shutdown';
import { pruneExpired } from './db/maintenance';
import { pruneAuditEvents } from './audit/retention';
import { createLogger } from './logger';
import { DEFAULT_DELIVERY_CONFIG } from './delivery/config';
import { pruneDeliveries } from './delivery/retention';
import { startSender } from './delivery/sender';
import { createMailer } from './mail/mailer';
import { PdfPool, SharedChunks } from './pdf';
import { errorText } from '../domain/text/errorText';

/** How long requests in flight may take to finish after SIGTERM/SIGINT. */
const DRAIN_MS = 10_000;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, { format: config.logFormat });
  // One the server made is private (mode 700); one an operator made may not be.
  warnIfDataDirIsOpen(config.dataDir, logger);
  // The embedded database is marked in use for as long as this process runs: `restore` refuses.
  const inUse = config.databaseUrl ? null : holdSharedLock(path.join(config.dataDir, 'app.db'));
  const database = await openMigratedDatabase(config);
  logger.info(
    `database ready (${database.kind === 'postgres' ? 'PostgreSQL' : `SQLite at ${path.join(config.dataDir, 'app.db')}`})`,
  );

  const passwordHasher = createPasswordHasher('owasp');
  const admin = await ensureAdmin(database.db, passwordHasher, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  if (admin?.generatedPassword) {
    console.log(
      '\n' +
        credentialsBox('Administrator account created', admin.email, admin.generatedPassword) +
        '\n',
    );
  } else if (admin) {
    logger.info(`administrator ${admin.email} created from ADMIN_EMAIL/ADMIN_PASSWORD`);
  }

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
  });
  const pdf = config.pdf?.enabled ? new PdfPool(config.pdf, logger) : null;
  if (!pdf) logger.info(`PDF conversion off: ${config.pdf?.disabledReason ?? 'not configured'}`);
  // On PostgreSQL every node's free slots take chunks of the others' long documents.
  const pdfChunks =
    pdf && database.kind === 'postgres'
      ? new SharedChunks(database.db, database.kind, pdf, logger)
      : null;
  pdfChunks?.start();
  const app = createApp({
    pdf,
    pdfChunks,
    db: database.db,
    config,
    mailer,
    logger,
    passwordHasher,
    distDir: path.resolve('dist'),
  });
  const delivery = config.delivery ?? DEFAULT_DELIVERY_CONFIG;
  const sender = startSender({
    db: database.db,
    kind: database.kind,
    config: delivery,
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
  });
  const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
    const host = info.address.includes(':') ? `[${info.address}]` : info.address;
    logger.info(`Dashboard Invoice listening on http://${host}:${info.port}`);
    // The walls are raised as soon as the server listens (not before: its spawns would hold back
    // the first answer), so /readyz and the log say at once if conversion is off (docs/startup.md).
    void pdf?.prepare();
  });
  const closer = gracefulCloser(server as unknown as HttpServer);
  server.on('error', (error) => {
    logger.error(`cannot listen on ${config.host}:${config.port}: ${error.message}`);
    process.exit(1);
  });

  const retention = config.auditRetentionDays;
  const prune = async () => {
    await pruneExpired(database.db).catch((error) =>
      logger.warn('pruning expired rows failed', { error: String(error) }),
    );
    await pruneDeliveries(database.db, delivery.retentionDays, new Date()).catch((error) =>
      logger.warn('pruning delivery documents failed', { error: String(error) }),
    );
    if (retention === undefined) return;
    await pruneAuditEvents(database.db, retention)
      .then((deleted) => {
        if (deleted) logger.info(`audit events older than ${retention} days deleted: ${deleted}`);
      })
      .catch((error) => logger.warn('pruning audit events failed', { error: String(error) }));
  };
  void prune();
  setInterval(prune, 3600_000).unref();

  // Shutdown: stop accepting, let requests in flight finish (up to DRAIN_MS), close the database, exit 0.
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    const drainLimit = setTimeout(() => {
      logger.warn(`requests still running after ${DRAIN_MS / 1000} s; closing their connections`);
      closer.closeAll();
    }, DRAIN_MS);
    // Last resort should closing the database itself hang.
    setTimeout(() => process.exit(1), DRAIN_MS + 5_000).unref();
    void closer.close().then(() => {
      clearTimeout(drainLimit);
      logger.debug('http server closed');
      // Conversions still running are killed and their directories removed.
      // Mails in flight end first, so none is left `unknown` by a deploy.
      Promise.all([
        Promise.all([sender.stop(), pdfChunks?.stop()]).then(() => database.close()),
        pdf?.close(),
      ])
        .catch((error) => logger.error('closing the database failed', { error: String(error) }))
        .finally(() => {
          inUse?.release();
          logger.info('database closed; bye');
          process.exit(0);
        });
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  console.error(`Failed to start: ${errorText(error)}`);
  process.exit(1);
});
