import { describe, expect, test } from 'vitest';
import {
  classify,
  classifyUncaught,
  durationForSeverity,
  severityForStatus,
} from '../../../src/api/errors';
import { createErrorHistory, ERROR_HISTORY_LIMIT } from '../../../src/api/errorHistory';
import { createApiErrorChannel } from '../../../src/api/errorEvents';

const API = 'https://billing.example/api/v1/users';

describe('classification by HTTP status (docs/product.md#messages)', () => {
  test.each([
    [
      401,
      {
        kind: 'authentication',
        title: 'Session Expired',
        message: 'Your session has expired. Redirecting to sign in...',
        severity: 'medium',
        duration: 3000,
        persistent: false,
        type: 'warning',
        retryable: false,
      },
    ],
    [
      403,
      {
        kind: 'authorization',
        title: 'Access Denied',
        message: 'You do not have permission to perform this action.',
        severity: 'medium',
        duration: 5000,
        persistent: false,
        retryable: false,
      },
    ],
    [
      400,
      {
        kind: 'validation',
        title: 'Invalid Input',
        message: 'An unexpected error occurred.',
        severity: 'medium',
        duration: 5000,
      },
    ],
    [
      422,
      {
        kind: 'validation',
        title: 'Invalid Input',
        message: 'An unexpected error occurred.',
        severity: 'medium',
        duration: 5000,
      },
    ],
    [404, { kind: 'not_found', severity: 'medium', duration: 5000, persistent: false }],
    [
      429,
      {
        kind: 'rate_limit',
        message: 'Too many requests. Please wait a moment before trying again.',
        severity: 'medium',
        duration: 7000,
      },
    ],
    [
      503,
      {
        kind: 'maintenance',
        message: 'The system is temporarily unavailable for maintenance.',
        severity: 'high',
        duration: null,
        persistent: true,
        type: 'warning',
      },
    ],
    [
      500,
      {
        kind: 'server',
        message: 'Something went wrong on our end. Please try again later.',
        severity: 'high',
        duration: 7000,
        persistent: false,
      },
    ],
    [
      502,
      {
        kind: 'server',
        message: 'Something went wrong on our end. Please try again later.',
        severity: 'high',
        duration: 7000,
      },
    ],
    [
      504,
      {
        kind: 'server',
        message: 'Something went wrong on our end. Please try again later.',
        severity: 'high',
        duration: 7000,
      },
    ],
    [
      409,
      {
        kind: 'client',
        message: 'An unexpected error occurred.',
        title: 'An error occurred',
        severity: 'medium',
        duration: 5000,
      },
    ],
    [418, { kind: 'client', severity: 'medium', duration: 5000 }],
    [
      302,
      {
        kind: 'unknown',
        message: 'An unexpected error occurred.',
        title: 'An error occurred',
        severity: 'low',
        duration: 3000,
        notify: false,
      },
    ],
  ])('status %i', (status, expected) => {
    const c = classify(status, API);
    expect(c).toMatchObject({ status, ...expected });
    expect(c.notify).toBe('notify' in expected ? expected.notify : true);
  });

  test.each([
    [{ success: false, message: 'Email is required', error: 'ignored' }, 'Email is required'],
    [{ success: false, error: 'Period must be YYYY-MM' }, 'Period must be YYYY-MM'],
    [{ success: false }, 'An unexpected error occurred.'],
  ])('validation and client messages come from the answer: %j', (data, message) => {
    expect(classify({ kind: 'http', status: 422, data }, API).message).toBe(message);
    expect(classify({ kind: 'http', status: 409, data }, API).message).toBe(message);
  });

  test('the fixed texts win over the answer for 401, 403, 429 and 5xx', () => {
    const data = { success: false, message: 'server words' };
    for (const status of [401, 403, 429, 500, 503]) {
      expect(classify({ kind: 'http', status, data }, API).message).not.toBe('server words');
    }
  });

  test('severity: ≥ 500 high, 400–499 medium, other low; durations low 3 s, medium 5 s, high 7 s, critical never', () => {
    expect([599, 500, 499, 400, 399, 0].map(severityForStatus)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ]);
    expect((['low', 'medium', 'high', 'critical'] as const).map(durationForSeverity)).toEqual([
      3000,
      5000,
      7000,
      null,
    ]);
  });

  test('logout calls are never notified', () => {
    expect(classify(500, 'https://x/api/v1/auth/logout').notify).toBe(false);
    expect(classify(403, 'https://x/api/v1/account/logout-all').notify).toBe(false);
    expect(classify('network', 'https://x/api/v1/auth/logout').notify).toBe(false);
  });
});

describe('classification without an answer', () => {
  test('a network error on an API URL blames the backend, elsewhere the connection', () => {
    const onApi = classify(new TypeError('fetch failed'), API);
    expect(onApi).toMatchObject({
      kind: 'network',
      message: 'Unable to connect to the server. The backend service may be down.',
      status: 0,
      retryable: true,
      notify: true,
    });
    expect(classify({ kind: 'network' }, 'https://cdn.example/logo.png').message).toBe(
      'Network connection failed. Please check your internet connection.',
    );
  });

  test('an ofetch error whose cause is a TypeError is a network error', () => {
    const err = Object.assign(new Error('[GET] "/x": <no response> fetch failed'), {
      cause: new TypeError('fetch failed'),
    });
    expect(classify(err, API).kind).toBe('network');
  });

  test('a TimeoutError is a timeout', () => {
    const err = Object.assign(new Error('aborted'), { name: 'TimeoutError' });
    expect(classify(err, API)).toMatchObject({
      kind: 'timeout',
      message: 'Request timed out. Please try again.',
      retryable: true,
    });
  });

  test('offline is a persistent Connection Lost warning', () => {
    expect(classify('offline')).toMatchObject({
      kind: 'offline',
      title: 'Connection Lost',
      message: 'You are currently offline. Some features may not work properly.',
      type: 'warning',
      persistent: true,
      duration: null,
    });
  });

  test('an unexpected error keeps its message; uncaught errors are high', () => {
    expect(classify(new Error('weird'))).toMatchObject({
      kind: 'unknown',
      message: 'weird',
      severity: 'low',
    });
    expect(classify(undefined)).toMatchObject({
      message: 'An unexpected error occurred.',
      title: 'An error occurred',
    });
    expect(classifyUncaught(new Error('bad'))).toMatchObject({
      severity: 'high',
      duration: 7000,
      notify: true,
    });
  });
});

describe('history and subscription', () => {
  test('the history keeps only the last 50 errors, newest last', () => {
    const history = createErrorHistory();
    for (let status = 400; status < 460; status++) history.record(classify(status, API));
    const entries = history.entries();
    expect(ERROR_HISTORY_LIMIT).toBe(50);
    expect(entries).toHaveLength(50);
    expect(entries[0].status).toBe(410);
    expect(entries[49].status).toBe(459);
    expect(new Set(entries.map((e) => e.id)).size).toBe(50);
  });

  test('subscribers receive each emitted error until they unsubscribe', () => {
    const channel = createApiErrorChannel(createErrorHistory());
    const seen: number[] = [];
    const stop = channel.subscribe((e) => seen.push(e.status));
    channel.emit(classify(403, API));
    stop();
    channel.emit(classify(500, API));
    expect(seen).toEqual([403]);
  });

  test('a throwing subscriber does not stop the others', () => {
    const channel = createApiErrorChannel(createErrorHistory());
    const seen: string[] = [];
    const original = console.error;
    console.error = () => {};
    try {
      channel.subscribe(() => {
        throw new Error('x');
      });
      channel.subscribe((e) => seen.push(e.kind));
      channel.emit(classify(429, API));
    } finally {
      console.error = original;
    }
    expect(seen).toEqual(['rate_limit']);
  });
});
