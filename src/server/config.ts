import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { makePrivateDir } from './dataDir';
import { loadDeliveryConfig, type DeliveryConfig } from './delivery/config';
import { loadPdfConfig, type PdfConfig } from './pdf/config';

/**
 * Every environment variable the server reads (README table):
 *
 * | Variable          | Default                        | Meaning |
 * |-------------------|--------------------------------|---------|
 * | HOST              | 127.0.0.1                      | Interface to listen on (0.0.0.0 for all). |
 * | PORT              | 8080                           | TCP port. |
 * | DATA_DIR          | ./data                         | Embedded database (app.db), jwt-secret, mail outbox. |
 * | DATABASE_URL      | (unset → SQLite in DATA_DIR)   | postgres://… switches storage to PostgreSQL. |
 * | JWT_SECRET        | random, kept in DATA_DIR/jwt-secret (mode 600) | HMAC key of access tokens; set the same value on every node. |
 * | ADMIN_EMAIL       | admin@example.com              | E-mail of the administrator created on first start. |
 * | ADMIN_PASSWORD    | (generated, printed once)      | Password of that first administrator. |
 * | SMTP_URL          | (unset → .eml files in DATA_DIR/outbox) | smtp(s)://user:pass@host:port for outgoing mail. |
 * | MAIL_FROM         | Dashboard Invoice <no-reply@localhost> | Sender of outgoing mail. |
 * | PUBLIC_URL        | http://HOST:PORT               | Base of links in mails (reset-password). |
 * | LOG_LEVEL         | info                           | error, warn, info or debug. |
 * | ACCESS_TOKEN_TTL  | 15m                            | Lifetime of access JWTs (s, m, h, d suffix or seconds). |
 * | REFRESH_TOKEN_TTL | 30d                            | Lifetime of refresh tokens. |
 * | TRUST_PROXY       | false                          | true: take the client IP from X-Forwarded-For (only behind a proxy you run). |
 * | LOG_FORMAT        | text                           | text: one readable line per event; json: JSON lines for log shippers. |
 * | METRICS_TOKEN     | (unset → no /metrics)          | Bearer token that GET /metrics requires; unset, /metrics answers 404. |
 * | SERVE_SOURCE_MAPS | false (true under npm run dev) | true: serve the *.map files of the build (they publish the sources). |
 * | LIVERELOAD_ORIGIN | (unset)                        | Set by `npm run dev` only: origin of the live-reload events, allowed in the CSP when NODE_ENV=development. |
 * | AUDIT_RETENTION_DAYS | (unset → kept forever)      | Audit events older than this many days are deleted (hourly, in batches). |
 *
 * E-mail delivery (MAIL_RATE, MAIL_DAILY_LIMIT, MAIL_CONNECTIONS, DELIVERY_USER_DAILY_JOBS,
 * DELIVERY_USER_DAILY_RECIPIENTS, DELIVERY_RETENTION_DAYS) is read by ./delivery/config.ts.
 * PDF conversion (PDF_CONVERSION, PDF_WORKERS, PDF_QUEUE, PDF_TIMEOUT, PDF_MAX_BYTES,
 * PDF_USER_CONCURRENCY, PDF_SANDBOX, PDF_UID_BASE, PDF_TMP_DIR) is read by ./pdf/config.ts.
 */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';
export type LogFormat = 'text' | 'json';

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  adminEmail: string;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: LogLevel;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  trustProxy: boolean;
  /** Development only (npm run dev): the live-reload event origin the CSP must allow. */
  liveReloadOrigin: string | undefined;
  /** Log line format; text when absent. */
  logFormat?: LogFormat;
  /** GET /metrics exists only when set, and requires it as a bearer token. */
  metricsToken?: string;
  /** Serve the build's source maps (off in production unless SERVE_SOURCE_MAPS=true). */
  serveSourceMaps?: boolean;
  /** Days audit events are kept; undefined keeps them forever. */
  auditRetentionDays?: number;
  /** The LibreOffice pool's settings; main.ts builds the pool from them. */
  pdf?: PdfConfig;
  /** E-mail delivery of invoices; defaults when absent. */
  delivery?: DeliveryConfig;
}

type Env = Record<string, string | undefined>;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** '15m', '30d', '12h', '45s' or plain seconds → seconds. */
export function parseDuration(value: string, name: string): number {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/i.exec(value);
  if (!match)
    throw new Error(`${name} must look like 15m, 12h, 30d or a number of seconds (got "${value}")`);
  const seconds = Number(match[1]) * UNIT_SECONDS[(match[2] || 's').toLowerCase()];
  if (seconds <= 0) throw new Error(`${name} must be longer than 0 seconds`);
  return seconds;
}

function parseBoolean(value: string | undefined): boolean {
  return value !== undefined && /^(1|true|yes|on)$/i.test(value.trim());
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be 0..65535 (got "${value}")`);
  return port;
}

function parseLogLevel(value: string | undefined): LogLevel {
  const level = (value || 'info').toLowerCase();
  if (level === 'error' || level === 'warn' || level === 'info' || level === 'debug') return level;
  throw new Error(`LOG_LEVEL must be error, warn, info or debug (got "${value}")`);
}

function parseLogFormat(value: string | undefined): LogFormat {
  const format = (value || 'text').trim().toLowerCase();
  if (format === 'text' || format === 'json') return format;
  throw new Error(`LOG_FORMAT must be text or json (got "${value}")`);
}

function parseMetricsToken(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < 16 || /\s/.test(token))
    throw new Error('METRICS_TOKEN must be at least 16 characters without spaces');
  return token;
}

function parseRetentionDays(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1)
    throw new Error(
      `AUDIT_RETENTION_DAYS must be a whole number of days, 1 or more (got "${value}"); leave it unset to keep audit events forever`,
    );
  return Number(text);
}

/** The JWT secret survives restarts (sessions stay valid) without anyone having to configure one. */
export function loadOrCreateJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  makePrivateDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * The live-reload origin goes into the CSP only in development (npm run dev sets NODE_ENV and
 * LIVERELOAD_ORIGIN together); a production start ignores a stray value. It must be a bare
 * http(s) origin, so nothing else can be smuggled into the policy.
 */
function parseLiveReloadOrigin(env: Env): string | undefined {
  const value = env.LIVERELOAD_ORIGIN?.trim();
  if (!value || env.NODE_ENV !== 'development') return undefined;
  let origin: string | undefined;
  try {
    const url = new URL(value);
    if (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.origin === value.replace(/\/$/, '')
    )
      origin = url.origin;
  } catch {
    // reported below
  }
  if (!origin)
    throw new Error(
      `LIVERELOAD_ORIGIN must be an http(s) origin such as http://127.0.0.1:35729 (got "${value}")`,
    );
  return origin;
}

export function loadConfig(env: Env = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = parsePort(env.PORT);
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const jwtSecret = env.JWT_SECRET || loadOrCreateJwtSecret(dataDir);
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  return {
    host,
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    adminEmail: (env.ADMIN_EMAIL || 'admin@example.com').trim().toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Dashboard Invoice <no-reply@localhost>',
    publicUrl: (
      env.PUBLIC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`
    ).replace(/\/+$/, ''),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    accessTokenTtlSeconds: parseDuration(env.ACCESS_TOKEN_TTL || '15m', 'ACCESS_TOKEN_TTL'),
    refreshTokenTtlSeconds: parseDuration(env.REFRESH_TOKEN_TTL || '30d', 'REFRESH_TOKEN_TTL'),
    trustProxy: parseBoolean(env.TRUST_PROXY),
    liveReloadOrigin: parseLiveReloadOrigin(env),
    logFormat: parseLogFormat(env.LOG_FORMAT),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    auditRetentionDays: parseRetentionDays(env.AUDIT_RETENTION_DAYS),
    serveSourceMaps:
      env.SERVE_SOURCE_MAPS === undefined
        ? env.NODE_ENV === 'development'
        : parseBoolean(env.SERVE_SOURCE_MAPS),
    pdf: loadPdfConfig(env),
    delivery: loadDeliveryConfig(env),
  };
}
