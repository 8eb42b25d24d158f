// Error classification exactly as docs/product.md#messages "General classification (by HTTP status)".
import { NOTICE_TEXTS } from './errorMessages';

export type ErrorKind =
  | 'authentication'
  | 'authorization'
  | 'validation'
  | 'not_found'
  | 'rate_limit'
  | 'maintenance'
  | 'server'
  | 'client'
  | 'network'
  | 'timeout'
  | 'offline'
  | 'unknown';

export type ErrorSeverity = 'low' | 'medium' | 'high' | 'critical';
export type NoticeType = 'error' | 'warning' | 'info';

export interface ClassifiedError {
  kind: ErrorKind;
  title: string;
  message: string;
  severity: ErrorSeverity;
  /** Milliseconds before the notice hides; null = stays until dismissed. */
  duration: number | null;
  persistent: boolean;
  retryable: boolean;
  /** HTTP status; 0 for network, timeout and offline. */
  status: number;
  /** Notification type the notice should use. */
  type: NoticeType;
  /** Whether a notice should be shown (medium and above, plus connectivity problems; never for logout calls). */
  notify: boolean;
  url?: string;
}

export { NOTICE_TEXTS };

export const SEVERITY_DURATIONS: Readonly<Record<ErrorSeverity, number | null>> = Object.freeze({
  low: 3000,
  medium: 5000,
  high: 7000,
  critical: null,
});

export function severityForStatus(status: number): ErrorSeverity {
  if (status >= 500) return 'high';
  if (status >= 400) return 'medium';
  return 'low';
}

export function durationForSeverity(severity: ErrorSeverity): number | null {
  return SEVERITY_DURATIONS[severity];
}

const SEVERITY_RANK: Record<ErrorSeverity, number> = { low: 0, medium: 1, high: 2, critical: 3 };

/** Logout calls never produce notices (docs/product.md#messages). */
export function isLogoutUrl(url: string | undefined): boolean {
  return Boolean(url && /\/(auth|account|users)\/logout(-all)?(\/|\?|$)/.test(url));
}

/** Whether a URL points at our API (decides between the two network texts). */
export function isApiUrl(url: string | undefined): boolean {
  return Boolean(url && url.includes('/api/v1'));
}

/** A failure as seen by the http layer (also accepted by classify). */
export interface FailureLike {
  status?: number;
  statusCode?: number;
  /** Parsed answer body (envelope) if any. */
  data?: unknown;
  message?: string;
  name?: string;
  cause?: unknown;
  kind?: 'http' | 'network' | 'timeout' | 'offline';
  url?: string;
}

/** Message from the answer: its message, else its error field. */
export function messageFromBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object')
    return typeof body === 'string' && body.trim() ? body : undefined;
  const b = body as { message?: unknown; error?: unknown };
  if (typeof b.message === 'string' && b.message.trim()) return b.message;
  if (typeof b.error === 'string' && b.error.trim()) return b.error;
  if (b.error && typeof b.error === 'object') {
    const inner = (b.error as { message?: unknown }).message;
    if (typeof inner === 'string' && inner.trim()) return inner;
  }
  return undefined;
}

/** True for ofetch's TimeoutError, also when wrapped as the cause of another error. */
export function isTimeoutError(e: unknown): boolean {
  let current: unknown = e;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const name = (current as { name?: unknown }).name;
    if (name === 'TimeoutError') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function isNetworkError(e: unknown): boolean {
  let current: unknown = e;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    if (current instanceof TypeError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

interface Parts {
  kind: ErrorKind;
  status: number;
  body?: unknown;
  fallbackMessage?: string;
}

function partsOf(input: unknown): Parts {
  if (typeof input === 'number') return { kind: 'unknown', status: input };
  if (input === 'offline') return { kind: 'offline', status: 0 };
  if (input === 'timeout') return { kind: 'timeout', status: 0 };
  if (input === 'network') return { kind: 'network', status: 0 };
  if (input && typeof input === 'object') {
    const f = input as FailureLike;
    if (f.kind === 'offline') return { kind: 'offline', status: 0 };
    if (f.kind === 'timeout' || isTimeoutError(f)) return { kind: 'timeout', status: 0 };
    const status = f.status ?? f.statusCode ?? 0;
    if (f.kind === 'network' || (status === 0 && isNetworkError(f)))
      return { kind: 'network', status: 0 };
    return {
      kind: 'unknown',
      status,
      body: f.data,
      fallbackMessage: f.kind === 'http' ? undefined : f.message,
    };
  }
  return { kind: 'unknown', status: 0 };
}

function base(
  kind: ErrorKind,
  status: number,
  title: string,
  message: string,
  url?: string,
): ClassifiedError {
  const severity = severityForStatus(status);
  return {
    kind,
    title,
    message,
    severity,
    duration: durationForSeverity(severity),
    persistent: false,
    retryable: false,
    status,
    type: 'error',
    notify: SEVERITY_RANK[severity] >= SEVERITY_RANK.medium && !isLogoutUrl(url),
    ...(url !== undefined ? { url } : {}),
  };
}

/**
 * classify(error | status, url?) → what the user should be told.
 * Accepts an HTTP status, an ApiRequestError/ofetch FetchError, a fetch TypeError, a
 * TimeoutError, or the strings 'offline' | 'timeout' | 'network'.
 */
export function classify(input: unknown, url?: string): ClassifiedError {
  const { kind, status, body, fallbackMessage } = partsOf(input);
  const bodyMessage = messageFromBody(body);
  const logout = isLogoutUrl(url);

  if (kind === 'offline') {
    return {
      ...base('offline', 0, NOTICE_TEXTS.offlineTitle, NOTICE_TEXTS.offline, url),
      type: 'warning',
      duration: null,
      persistent: true,
      retryable: true,
      notify: true,
    };
  }
  if (kind === 'timeout') {
    return {
      ...base('timeout', 0, 'Request Timeout', NOTICE_TEXTS.timeout, url),
      retryable: true,
      notify: !logout,
    };
  }
  if (kind === 'network') {
    const message =
      url === undefined || isApiUrl(url) ? NOTICE_TEXTS.backendDown : NOTICE_TEXTS.networkFailed;
    return {
      ...base('network', 0, 'Connection Error', message, url),
      retryable: true,
      notify: !logout,
    };
  }

  if (status === 401) {
    return {
      ...base(
        'authentication',
        401,
        NOTICE_TEXTS.sessionExpiredTitle,
        NOTICE_TEXTS.sessionExpired,
        url,
      ),
      type: 'warning',
      duration: 3000,
    };
  }
  if (status === 403) {
    return {
      ...base('authorization', 403, NOTICE_TEXTS.accessDeniedTitle, NOTICE_TEXTS.accessDenied, url),
      duration: 5000,
    };
  }
  if (status === 400 || status === 422) {
    return base(
      'validation',
      status,
      NOTICE_TEXTS.invalidInputTitle,
      bodyMessage ?? NOTICE_TEXTS.defaultMessage,
      url,
    );
  }
  if (status === 404) {
    return base('not_found', 404, 'Not Found', bodyMessage ?? NOTICE_TEXTS.resourceNotFound, url);
  }
  if (status === 429) {
    return {
      ...base('rate_limit', 429, 'Too Many Requests', NOTICE_TEXTS.tooManyRequests, url),
      type: 'warning',
      duration: 7000,
      retryable: true,
    };
  }
  if (status === 503) {
    return {
      ...base('maintenance', 503, 'Maintenance', NOTICE_TEXTS.maintenance, url),
      type: 'warning',
      duration: null,
      persistent: true,
      retryable: true,
    };
  }
  if (status >= 500) {
    return { ...base('server', status, 'Server Error', NOTICE_TEXTS.server, url), retryable: true };
  }
  if (status >= 400) {
    return base(
      'client',
      status,
      NOTICE_TEXTS.defaultTitle,
      bodyMessage ?? NOTICE_TEXTS.defaultMessage,
      url,
    );
  }
  return base(
    'unknown',
    status,
    NOTICE_TEXTS.defaultTitle,
    bodyMessage ?? fallbackMessage ?? NOTICE_TEXTS.defaultMessage,
    url,
  );
}

/** Uncaught errors (window 'error' / 'unhandledrejection') are high severity (docs/product.md#messages). */
export function classifyUncaught(error: unknown): ClassifiedError {
  const message =
    error instanceof Error && error.message ? error.message : NOTICE_TEXTS.defaultMessage;
  return {
    ...base('unknown', 0, NOTICE_TEXTS.defaultTitle, message),
    severity: 'high',
    duration: SEVERITY_DURATIONS.high,
    notify: true,
  };
}

/** The short text a service puts into `error` for a connectivity failure, else undefined. */
export function normalisedMessage(kind: ErrorKind): string | undefined {
  if (kind === 'network') return NOTICE_TEXTS.networkNormalised;
  if (kind === 'timeout') return NOTICE_TEXTS.timeout;
  if (kind === 'offline') return NOTICE_TEXTS.offline;
  return undefined;
}
