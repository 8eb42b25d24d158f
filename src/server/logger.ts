import type { LogLevel } from './config';

export interface Logger {
  error(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
  debug(message: string, extra?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { error: 0, warn: 1, info: 2, debug: 3 };

/** One line per event on stderr/stdout; `extra` is appended as JSON so logs stay grep-able. */
export function createLogger(level: LogLevel = 'info'): Logger {
  const write = (at: LogLevel) => (message: string, extra?: Record<string, unknown>) => {
    if (RANK[at] > RANK[level]) return;
    const line = `${new Date().toISOString()} ${at.toUpperCase()} ${message}${extra ? ' ' + JSON.stringify(extra) : ''}`;
    (at === 'error' || at === 'warn' ? console.error : console.log)(line);
  };
  return { error: write('error'), warn: write('warn'), info: write('info'), debug: write('debug') };
}

export const silentLogger: Logger = { error() {}, warn() {}, info() {}, debug() {} };
