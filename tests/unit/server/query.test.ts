import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../src/server/errors';
import { parsePage } from '../../../src/server/pagination';
import { parseSummaryListQuery } from '../../../src/server/routes/invoiceSummaries.queries';
import { parseStatisticsRange } from '../../../src/server/routes/invoiceSummaries.statistics';

function refusal(read: () => unknown): { status: number; field?: string; message: string } {
  try {
    read();
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected the query to be refused');
}

describe('query strings through superstruct', () => {
  test('absent or blank parameters read as their defaults', () => {
    expect(parsePage({})).toEqual({ page: 1, limit: 10, offset: 0 });
    expect(parsePage({ page: ' ', limit: '' })).toEqual({ page: 1, limit: 10, offset: 0 });
    expect(parseSummaryListQuery({ period: '', status: ' ' })).toEqual({
      period: undefined,
      status: undefined,
      search: undefined,
      sortBy: 'invoice_period',
      sortOrder: 'desc',
    });
  });

  test('values are trimmed, lower-cased where the API allows it, and a large limit is lowered', () => {
    expect(parsePage({ page: ' 3 ', limit: '500' })).toEqual({ page: 3, limit: 100, offset: 200 });
    expect(
      parseSummaryListQuery({
        period: ' 2024-03 ',
        status: 'COMPLETE',
        sort_order: 'ASC',
        search: ' mar ',
      }),
    ).toMatchObject({ period: '2024-03', status: 'complete', sortOrder: 'asc', search: 'mar' });
  });

  test('camelCase parameter names and sort columns are accepted; the snake_case name wins', () => {
    expect(
      parseSummaryListQuery({ sortBy: 'numberOfActiveCustomer', sortOrder: 'asc' }),
    ).toMatchObject({
      sortBy: 'number_of_active_customer',
      sortOrder: 'asc',
    });
    expect(parseSummaryListQuery({ sort_by: 'created_at', sortBy: 'id' }).sortBy).toBe(
      'created_at',
    );
    expect(parseStatisticsRange({ startPeriod: '2024-01', endPeriod: '2024-06' })).toEqual({
      start: '2024-01',
      end: '2024-06',
    });
  });

  test.each([
    [() => parsePage({ page: '0' }), 'page', 'page must be a positive integer'],
    [() => parsePage({ limit: '1e3' }), 'limit', 'limit must be a positive integer'],
    [
      () => parseSummaryListQuery({ sort_by: 'password_hash' }),
      'sort_by',
      'sort_by must be one of',
    ],
    [
      () => parseSummaryListQuery({ sortOrder: 'sideways' }),
      'sort_order',
      'sort_order must be asc or desc',
    ],
    [
      () => parseSummaryListQuery({ search: 'x'.repeat(101) }),
      'search',
      'search must be at most 100 characters',
    ],
    [() => parseSummaryListQuery({ period: '2024\u00000' }), 'period', 'NUL'],
    [
      () => parseStatisticsRange({ end_period: '2024-13' }),
      'end_period',
      'end_period must be a period',
    ],
    [
      () => parseStatisticsRange({ start_period: '2024-05', end_period: '2024-01' }),
      'start_period',
      'start_period must not be after end_period',
    ],
  ])('%#: a bad value is a 400 naming the parameter', (read, field, message) => {
    const answer = refusal(read);
    expect(answer).toMatchObject({ status: 400, field });
    expect(answer.message).toContain(message);
  });
});
