import pino from 'pino';
import type { LogFormat, LogLevel } from './config';

export interface Logger {
  error(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
  debug(message: string, extra?: Record<string, unknown>): void;
}

/** Where log lines go; one call per line, the newline included. */
export interface LogDestination {
  write(line: string): void;
}

export interface LoggerOptions {
  /** text (default): `2026-11-23T19:00:00.000Z INFO message key=value …`; json: one JSON object per line. */
  format?: LogFormat;
  /** Default: stdout (warn and error on stderr in text format). Tests pass an array-backed one. */
  destination?: LogDestination;
}

/** What every line logged while a request runs carries: its id, and the user once known. */
export interface LogContext {
  requestId?: string;
  userId?: number;
}

/**
 * `logger` with the request's context put in front of every line's fields. Each request gets one
 * (through its deps), instead of an AsyncLocalStorage: on Node 20 that turns on async hooks for
 * every promise and socket of the process, which cost more than the rest of the request log.
 */
export function withRequestContext(logger: Logger, context: () => LogContext): Logger {
  const at =
    (level: keyof Logger) =>
    (message: string, extra?: Record<string, unknown>): void => {
      const { requestId, userId } = context();
      const fields: Record<string, unknown> = {};
      if (requestId !== undefined) fields.requestId = requestId;
      if (userId !== undefined) fields.userId = userId;
      logger[level](message, extra ? Object.assign(fields, extra) : fields);
    };
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

const TEXT_SKIP = new Set(['level', 'time', 'msg']);

function textValue(value: unknown): string {
  if (typeof value === 'string') return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/** pino's JSON line as one readable line: time, level, message, then key=value pairs. */
export function formatText(json: string): string {
  const record = JSON.parse(json) as Record<string, unknown>;
  const extras = Object.keys(record)
    .filter((key) => !TEXT_SKIP.has(key) && record[key] !== undefined)
    .map((key) => {
      // Stacks stay readable: on their own lines after the entry.
      if (key === 'stack' && typeof record.stack === 'string') return '';
      return `${key}=${textValue(record[key])}`;
    })
    .filter(Boolean);
  const stack = typeof record.stack === 'string' ? '\n' + record.stack : '';
  const level = String(record.level).toUpperCase();
  return `${record.time} ${level} ${record.msg}${extras.length > 0 ? ' ' + extras.join(' ') : ''}${stack}\n`;
}

function textStream(destination: LogDestination | undefined): LogDestination {
  return {
    write(line: string) {
      const text = formatText(line);
      if (destination) destination.write(text);
      else if (/"level":"(error|warn)"/.test(line)) process.stderr.write(text);
      else process.stdout.write(text);
    },
  };
}

/**
 * The server's logger: pino underneath (JSON lines, levels, cheap when a level is off), behind the
 * small message-first API the server uses. `LOG_FORMAT=json` writes pino's JSON lines as they are,
 * for log shippers; the default text format turns each into one readable line.
 */
export function createLogger(level: LogLevel = 'info', options: LoggerOptions = {}): Logger {
  const format = options.format ?? 'text';
  const stream =
    format === 'json'
      ? (options.destination ?? pino.destination({ dest: 1, sync: true }))
      : textStream(options.destination);
  const base = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream as pino.DestinationStream,
  );
  const write = (at: LogLevel) => (message: string, extra?: Record<string, unknown>) => {
    if (extra) base[at](extra, message);
    else base[at](message);
  };
  return { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}

export const silentLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} };
