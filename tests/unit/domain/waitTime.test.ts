import { describe, expect, test } from 'vitest';
import { parseRetryAfter } from '../../../src/api/retryAfter';
import { waitTime } from '../../../src/domain/text/waitTime';

// The lockout answer says the wait (issue 26): Retry-After read as seconds or an HTTP date, and
// said in seconds under a minute, else whole minutes rounded up.
describe('wait time', () => {
  test.each([
    [1, { count: 1, unit: 'second' }],
    [0, { count: 1, unit: 'second' }],
    [5, { count: 5, unit: 'second' }],
    [59, { count: 59, unit: 'second' }],
    [60, { count: 1, unit: 'minute' }],
    [61, { count: 2, unit: 'minute' }],
    [401, { count: 7, unit: 'minute' }],
    [900, { count: 15, unit: 'minute' }],
    [Number.NaN, { count: 1, unit: 'second' }],
  ])('%d s → %j', (seconds, expected) => {
    expect(waitTime(seconds)).toEqual(expected);
  });

  test('Retry-After: delay-seconds, an HTTP date, or nothing readable', () => {
    const now = Date.parse('2026-11-24T19:00:00Z');
    expect(parseRetryAfter('420', now)).toBe(420);
    expect(parseRetryAfter(' 5 ', now)).toBe(5);
    expect(parseRetryAfter('Tue, 24 Nov 2026 19:07:00 GMT', now)).toBe(420);
    expect(parseRetryAfter('Tue, 24 Nov 2026 18:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-3', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
