// The inspector's redaction: tokens, passwords and image data never reach the Stately inspector.
// (That production bundles leave the inspector out is checked in devOnlyCode.test.ts.)
import { describe, expect, it } from 'vitest';
import { redact, REDACTED } from '../../../src/machines/inspect';

describe('redact', () => {
  it('hides tokens, passwords and image data at any depth and keeps the rest', () => {
    const event = {
      type: 'auth.signIn',
      email: 'a@example.com',
      password: 'Secret123',
      nested: {
        accessToken: 'jwt',
        refresh_token: 'r',
        list: [{ confirmPassword: 'x', name: 'n' }],
      },
      user: { name: 'Ann', imageData: 'data:image/png;base64,AAAA' },
    };
    expect(redact(event)).toEqual({
      type: 'auth.signIn',
      email: 'a@example.com',
      password: REDACTED,
      nested: {
        accessToken: REDACTED,
        refresh_token: REDACTED,
        list: [{ confirmPassword: REDACTED, name: 'n' }],
      },
      user: { name: 'Ann', imageData: REDACTED },
    });
    expect(event.password).toBe('Secret123');
  });

  it('keeps empty secrets visible as empty and leaves primitives alone', () => {
    expect(redact({ password: '' })).toEqual({ password: '' });
    expect(redact('text')).toBe('text');
    expect(redact(null)).toBeNull();
  });
});

describe('redact on an inspection event', () => {
  it('hides the sign-in password held as a promise actor input', () => {
    const inspectionEvent = {
      type: '@xstate.snapshot',
      sessionId: 'x:1',
      snapshot: {
        status: 'active',
        input: { email: 'a@example.com', password: 'Secret123' },
        output: undefined,
      },
      event: { type: 'xstate.init', input: { email: 'a@example.com', password: 'Secret123' } },
    };
    const json = JSON.stringify(redact(inspectionEvent));
    expect(json).not.toContain('Secret123');
    expect(json).toContain('a@example.com');
  });
});
