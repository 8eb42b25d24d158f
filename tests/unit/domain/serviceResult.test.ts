import { describe, expect, it } from 'vitest';
import {
  failureText,
  isServiceError,
  ServiceError,
  succeeded,
  type ServiceResult,
} from '../../../src/domain/serviceResult';

const refused: ServiceResult<unknown> = {
  success: false,
  data: null,
  error: 'This username is already taken.',
  status: 409,
  field: 'username',
};

describe('ServiceError', () => {
  it('is an Error whose message is the text to show and which keeps the failed answer', () => {
    const error = new ServiceError(refused);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ServiceError');
    expect(error.message).toBe('This username is already taken.');
    expect(error.result).toEqual(refused);
    expect(error.result.field).toBe('username');
    expect(error.result.status).toBe(409);
  });

  it('may be worded for its screen while keeping the server answer', () => {
    const error = new ServiceError(refused, 'Username already in use');
    expect(error.message).toBe('Username already in use');
    expect(error.result.error).toBe('This username is already taken.');
  });

  it('of(): a failure without an answer has status 0', () => {
    const error = ServiceError.of('The server cannot be reached.');
    expect(error.message).toBe('The server cannot be reached.');
    expect(error.result).toEqual({
      success: false,
      data: null,
      error: 'The server cannot be reached.',
      status: 0,
    });
  });
});

describe('isServiceError', () => {
  it('tells a ServiceError from any other failure', () => {
    expect(isServiceError(new ServiceError(refused))).toBe(true);
    expect(isServiceError(new Error('boom'))).toBe(false);
    expect(isServiceError(new TypeError('x is undefined'))).toBe(false);
    expect(isServiceError('This username is already taken.')).toBe(false);
    expect(isServiceError(refused)).toBe(false);
    expect(isServiceError(undefined)).toBe(false);
  });
});

describe('succeeded', () => {
  it('returns a successful answer as it is', () => {
    const ok: ServiceResult<number> = {
      success: true,
      data: 7,
      error: null,
      status: 200,
      message: 'Saved',
    };
    expect(succeeded(ok)).toBe(ok);
  });

  it("throws a failed one as a ServiceError, with the answer's text or the one given", () => {
    expect(() => succeeded(refused)).toThrow(ServiceError);
    expect(() => succeeded(refused)).toThrow('This username is already taken.');
    try {
      succeeded(refused, 'Gagal menyimpan');
    } catch (error) {
      expect(isServiceError(error) && error.message).toBe('Gagal menyimpan');
      expect(isServiceError(error) && error.result).toBe(refused);
    }
    expect.assertions(4);
  });
});

describe('failureText', () => {
  it("shows a ServiceError's text, and the machine's fallback for anything else", () => {
    expect(failureText(new ServiceError(refused), 'Failed to create user')).toBe(
      'This username is already taken.',
    );
    expect(failureText(new TypeError('x is undefined'), 'Failed to create user')).toBe(
      'Failed to create user',
    );
    expect(failureText('text', 'Failed to create user')).toBe('Failed to create user');
    expect(failureText(ServiceError.of(''), 'Failed to create user')).toBe('Failed to create user');
  });
});
